import { type Address, getAddress } from "viem";
import { describeValue } from "../describe.ts";
import { AddressVmMismatchError, InvalidAddressError } from "../errors.ts";

const EVM_ADDRESS = /^0x[0-9a-fA-F]{40}$/;
const BASE58_32_BYTES = /^[1-9A-HJ-NP-Za-km-z]{32,44}$/;

/**
 * Validates an EVM address and returns it checksummed. All-lowercase and
 * all-uppercase forms carry no checksum and are accepted; a mixed-case form
 * must match its EIP-55 checksum exactly.
 * @param address the value to check.
 * @param what the name used in the error message.
 * @example
 * ```ts
 * const solver = parseEvmAddress(process.env.SOLVER, "SOLVER"); // throws InvalidAddressError when malformed
 * ```
 */
export function parseEvmAddress(address: unknown, what = "address"): Address {
  if (typeof address !== "string") {
    throw new InvalidAddressError(`${what} must be a string, got ${describeValue(address)}`);
  }
  if (!EVM_ADDRESS.test(address)) {
    if (BASE58_32_BYTES.test(address)) {
      throw new AddressVmMismatchError(
        `${what} ${describeValue(address)} looks like an SVM (base58) address; an EVM address (0x + 40 hex) is required`,
      );
    }
    throw new InvalidAddressError(
      `${what} ${describeValue(address)} is not an EVM address (0x + 40 hex characters)`,
    );
  }
  const checksummed = getAddress(address);
  const body = address.slice(2);
  const hasChecksum = body !== body.toLowerCase() && body !== body.toUpperCase();
  if (hasChecksum && checksummed !== address) {
    throw new InvalidAddressError(`${what} ${describeValue(address)} has an invalid EIP-55 checksum`);
  }
  return checksummed;
}
