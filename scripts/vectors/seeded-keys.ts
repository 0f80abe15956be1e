import { getAddressDecoder } from "@solana/kit";
import { getAddress, type Hex, hexToBytes } from "viem";
import { SECP256K1_N } from "../../src/attestation/signature.ts";
import type { SeededBytes } from "./seeded.ts";

/** A valid secp256k1 private key drawn from the seeded stream. */
export function seededPrivateKey(bytes: SeededBytes, label: string): Hex {
  for (let attempt = 0; ; attempt++) {
    const key = bytes(`key-${label}`, attempt, 32);
    const value = BigInt(key);
    if (value > 0n && value < SECP256K1_N) return key;
  }
}

/** An EVM (checksummed) or SVM (base58) address drawn from the seeded stream. */
export function seededAddress(bytes: SeededBytes, vm: "evm" | "svm", label: string): string {
  if (vm === "evm") return getAddress(bytes(`address-${label}`, 0, 20));
  return getAddressDecoder().decode(hexToBytes(bytes(`address-${label}`, 0, 32)));
}
