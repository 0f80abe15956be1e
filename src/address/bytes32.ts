import { base58 } from "@scure/base";
import { bytesToHex, type Hex, hexToBytes, padHex } from "viem";
import { getChainVm } from "../chains.ts";
import { describeValue } from "../describe.ts";
import { InvalidAddressError } from "../errors.ts";
import { assertSvmAddress } from "../svm/index.ts";
import { parseEvmAddress } from "./evm.ts";

const BYTES32 = /^0x[0-9a-fA-F]{64}$/;
const EVM_UPPER_BYTES_ZERO = /^0x0{24}/i;

/**
 * The attestation's `bytes32` form of an address on `chainId`: an EVM address
 * left-padded with zeros (`bytes32(uint256(uint160(a)))`), an SVM address as
 * the 32 raw bytes of its base58 key. Returns lowercase hex.
 * @param address an EVM address (hex) or an SVM address (base58), by the VM of `chainId`.
 * @param chainId the chain the address belongs to.
 * @example
 * ```ts
 * toBytes32Address("0x70997970C51812dc3A010C7d01b50e0d17dc79C8", 8453); // 0x000…70997970c5…
 * toBytes32Address("11111111111111111111111111111111", SVM_CHAIN_ID);   // 0x000…000
 * ```
 */
export function toBytes32Address(address: string, chainId: number): Hex {
  if (getChainVm(chainId) === "svm") {
    assertSvmAddress(address);
    return bytesToHex(base58.decode(address));
  }
  return padHex(parseEvmAddress(address).toLowerCase() as Hex, { size: 32 });
}

/**
 * Inverse of `toBytes32Address`. For EVM chains the upper 12 bytes must be
 * zero (dirty upper bytes are rejected, never truncated); the result is
 * checksummed. For the SVM chain the result is the base58 key.
 * @param bytes32 a 0x-prefixed 32-byte value.
 * @param chainId the chain whose VM decides the form.
 * @example
 * ```ts
 * const recipient = fromBytes32Address(deposit.destinationUser, Number(deposit.destinationChainId));
 * ```
 */
export function fromBytes32Address(bytes32: string, chainId: number): string {
  if (typeof bytes32 !== "string" || !BYTES32.test(bytes32)) {
    throw new InvalidAddressError(
      `bytes32 address must be 0x + 64 hex characters, got ${describeValue(bytes32)}`,
    );
  }
  if (getChainVm(chainId) === "svm") {
    return base58.encode(hexToBytes(bytes32 as Hex));
  }
  if (!EVM_UPPER_BYTES_ZERO.test(bytes32)) {
    throw new InvalidAddressError(
      `bytes32 ${bytes32} has non-zero upper 12 bytes and is not an EVM address on chain ${chainId}`,
    );
  }
  return parseEvmAddress(`0x${bytes32.slice(26)}`);
}
