import { toBytes32Address } from "../../src/address/index.ts";
import { SVM_CHAIN_ID, SVM_NATIVE_TOKEN } from "../../src/svm/index.ts";
import type { SeededBytes } from "./seeded.ts";
import { seededAddress } from "./seeded-keys.ts";

const EVM_CHAIN_ID = 8453;

function swapCaseAt(text: string, position: number): string {
  for (let i = position; i < text.length; i++) {
    const c = text[i]!;
    const swapped = c === c.toLowerCase() ? c.toUpperCase() : c.toLowerCase();
    if (swapped !== c) return text.slice(0, i) + swapped + text.slice(i + 1);
  }
  throw new Error("no letter to swap");
}

/**
 * Address codec cases: valid EVM (checksummed, lowercase, uppercase) and SVM
 * (base58) addresses with their bytes32 form, malformed ones with the error
 * code they must produce, and bytes32 words that are not EVM addresses.
 */
export function addressVectors(bytes: SeededBytes, count = 8) {
  const valid: Array<{ chainId: number; address: string; bytes32: string }> = [];
  const add = (chainId: number, address: string) =>
    valid.push({ chainId, address, bytes32: toBytes32Address(address, chainId) });
  add(EVM_CHAIN_ID, "0x0000000000000000000000000000000000000000");
  add(SVM_CHAIN_ID, SVM_NATIVE_TOKEN);
  for (let i = 0; i < count; i++) {
    const evm = seededAddress(bytes, "evm", `codec-${i}`);
    add(EVM_CHAIN_ID, evm);
    if (i < 2) add(EVM_CHAIN_ID, evm.toLowerCase());
    if (i === 2) add(10, `0x${evm.slice(2).toUpperCase()}`);
    add(SVM_CHAIN_ID, seededAddress(bytes, "svm", `codec-${i}`));
  }
  const evm = seededAddress(bytes, "evm", "codec-0");
  const svm = seededAddress(bytes, "svm", "codec-0");
  const invalid = [
    {
      name: "evm-bad-checksum",
      chainId: EVM_CHAIN_ID,
      address: swapCaseAt(evm, 2),
      errorCode: "INVALID_ADDRESS",
    },
    { name: "evm-too-short", chainId: EVM_CHAIN_ID, address: evm.slice(0, 41), errorCode: "INVALID_ADDRESS" },
    { name: "evm-too-long", chainId: EVM_CHAIN_ID, address: `${evm}00`, errorCode: "INVALID_ADDRESS" },
    { name: "evm-no-prefix", chainId: EVM_CHAIN_ID, address: evm.slice(2), errorCode: "INVALID_ADDRESS" },
    { name: "svm-on-evm-chain", chainId: EVM_CHAIN_ID, address: svm, errorCode: "ADDRESS_VM_MISMATCH" },
    { name: "evm-on-svm-chain", chainId: SVM_CHAIN_ID, address: evm, errorCode: "ADDRESS_VM_MISMATCH" },
    { name: "svm-too-short", chainId: SVM_CHAIN_ID, address: svm.slice(0, 20), errorCode: "INVALID_ADDRESS" },
    {
      name: "svm-non-base58-char",
      chainId: SVM_CHAIN_ID,
      address: `0${svm.slice(1)}`,
      errorCode: "INVALID_ADDRESS",
    },
    { name: "svm-empty", chainId: SVM_CHAIN_ID, address: "", errorCode: "INVALID_ADDRESS" },
  ];
  const invalidBytes32 = [
    {
      name: "evm-dirty-upper-bytes",
      chainId: EVM_CHAIN_ID,
      bytes32: `0x01${"0".repeat(22)}${evm.slice(2)}`,
      errorCode: "INVALID_ADDRESS",
    },
    {
      name: "short-word",
      chainId: EVM_CHAIN_ID,
      bytes32: `0x${"0".repeat(62)}`,
      errorCode: "INVALID_ADDRESS",
    },
    {
      name: "svm-short-word",
      chainId: SVM_CHAIN_ID,
      bytes32: `0x${"ab".repeat(31)}`,
      errorCode: "INVALID_ADDRESS",
    },
  ];
  return { valid, invalid, invalidBytes32 };
}
