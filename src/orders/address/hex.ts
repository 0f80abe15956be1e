import { bytesToHex, getAddress, type Hex, hexToBytes } from "viem";
import { describeValue } from "../../describe.ts";
import { MalformedOrderAddressError, OrderAddressChecksumError, OrderAddressLengthError } from "../errors.ts";
import { assertAddressString } from "./describe.ts";

const HEX = /^0x(?:[0-9a-fA-F]{2})*$/;
/** Mixed-case addresses whose EIP-55 checksum was verified (a keccak each); bounded, cleared when full. */
const verifiedChecksums = new Set<string>();
const VERIFIED_LIMIT = 4096;

/**
 * Hex address bytes of an EVM-style VM (`ethereum-vm`: 20 bytes; `hyperliquid-vm`:
 * 20-byte accounts or 16-byte token ids). A mixed-case 20-byte address must match
 * its EIP-55 checksum; all-lowercase and all-uppercase carry none.
 */
export function encodeHexAddress(address: unknown, vm: string, lengths: readonly number[]): Uint8Array {
  assertAddressString(address, vm);
  if (!HEX.test(address)) {
    throw new MalformedOrderAddressError(`${vm} address ${describeValue(address)} is not 0x-prefixed hex`);
  }
  const length = (address.length - 2) / 2;
  if (!lengths.includes(length)) {
    throw new OrderAddressLengthError(
      `${vm} address ${describeValue(address)} is ${length} bytes, expected ${lengths.join(" or ")}`,
    );
  }
  const body = address.slice(2);
  const mixedCase = body !== body.toLowerCase() && body !== body.toUpperCase();
  if (length === 20 && mixedCase && !verifiedChecksums.has(address)) {
    if (getAddress(address) !== address) {
      throw new OrderAddressChecksumError(
        `${vm} address ${describeValue(address)} has a bad EIP-55 checksum`,
      );
    }
    if (verifiedChecksums.size >= VERIFIED_LIMIT) verifiedChecksums.clear();
    verifiedChecksums.add(address);
  }
  return hexToBytes(address as Hex);
}

/** Lowercase hex of the address bytes (EIP-55 for 20 bytes). */
export function formatHexAddress(bytes: Uint8Array): string {
  const hex = bytesToHex(bytes);
  return bytes.length === 20 ? getAddress(hex) : hex;
}
