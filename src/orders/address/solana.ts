import { base58 } from "@scure/base";
import { describeValue } from "../../describe.ts";
import { MalformedOrderAddressError, OrderAddressLengthError } from "../errors.ts";
import { assertAddressString } from "./describe.ts";

/** A Solana address: the 32 base58-decoded bytes. */
export function encodeSolanaAddress(address: unknown): Uint8Array {
  assertAddressString(address, "solana-vm");
  let bytes: Uint8Array;
  try {
    bytes = base58.decode(address);
  } catch {
    throw new MalformedOrderAddressError(`solana-vm address ${describeValue(address)} is not base58`);
  }
  if (bytes.length !== 32) {
    throw new OrderAddressLengthError(
      `solana-vm address ${describeValue(address)} decodes to ${bytes.length} bytes, expected 32`,
    );
  }
  return bytes;
}

export function formatSolanaAddress(bytes: Uint8Array): string {
  return base58.encode(bytes);
}
