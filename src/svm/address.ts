import { base58 } from "@scure/base";
import type { Address } from "@solana/kit";
import { describeValue } from "../describe.ts";
import { AddressVmMismatchError, InvalidAddressError } from "../errors.ts";
import { SVM_CHAIN_ID, SVM_NATIVE_TOKEN } from "./constants.ts";

const EVM_ADDRESS = /^0x[0-9a-fA-F]{40}$/;
const EVM_ZERO_ADDRESS = `0x${"0".repeat(40)}`;
const HEX_BYTES32 = /^0x[0-9a-fA-F]{64}$/;
const BASE58_ALPHABET = /^[1-9A-HJ-NP-Za-km-z]+$/;
/** Base58 of 32 bytes is 32 characters (all zero bytes) to 44 characters long. */
const MIN_LENGTH = 32;
const MAX_LENGTH = 44;

/** Why `value` is not an SVM address, or null when it is one. */
function svmAddressProblem(
  value: unknown,
  what: string,
  token: boolean,
): InvalidAddressError | AddressVmMismatchError | null {
  if (typeof value !== "string") {
    return new InvalidAddressError(`${what} must be a base58 string, got ${describeValue(value)}`);
  }
  if (token && value === EVM_ZERO_ADDRESS) {
    return new AddressVmMismatchError(
      `${what} ${describeValue(value)} is the EVM native-token address; on chain ${SVM_CHAIN_ID} the native ` +
        `token is ${SVM_NATIVE_TOKEN}`,
    );
  }
  if (EVM_ADDRESS.test(value)) {
    return new AddressVmMismatchError(
      `${what} ${describeValue(value)} is an EVM address; an SVM address (base58 of 32 bytes) is required ` +
        `on chain ${SVM_CHAIN_ID}`,
    );
  }
  if (value.length === 0) {
    return new InvalidAddressError(`${what} is empty; an SVM address (base58 of 32 bytes) is required`);
  }
  if (HEX_BYTES32.test(value)) {
    return new InvalidAddressError(
      `${what} ${describeValue(value)} is 32 bytes of hex, not an SVM address; SVM addresses are base58 ` +
        `(use fromBytes32Address to convert an attestation bytes32)`,
    );
  }
  if (!BASE58_ALPHABET.test(value)) {
    return new InvalidAddressError(
      `${what} ${describeValue(value)} is not base58 (only 1-9, A-Z and a-z without 0, O, I, l are allowed)`,
    );
  }
  if (value.length < MIN_LENGTH || value.length > MAX_LENGTH) {
    return new InvalidAddressError(
      `${what} ${describeValue(value)} has ${value.length} characters; an SVM address has ${MIN_LENGTH} to ` +
        `${MAX_LENGTH}`,
    );
  }
  const bytes = base58.decode(value);
  if (bytes.length !== 32) {
    return new InvalidAddressError(
      `${what} ${describeValue(value)} decodes to ${bytes.length} bytes; an SVM address is exactly 32 bytes`,
    );
  }
  // Base58 is one-to-one, so this never fires; it pins that no normalization happened on the way.
  if (base58.encode(bytes) !== value) {
    return new InvalidAddressError(
      `${what} ${describeValue(value)} is not the canonical base58 form of its bytes`,
    );
  }
  return null;
}

/**
 * True when `value` is an SVM address: a string of base58 that decodes to exactly
 * 32 bytes. Never throws.
 *
 * WARNING: SVM addresses are case sensitive (service interface: SVM rules). Nothing is normalized:
 * changing the case of any letter gives either an invalid string or a valid but
 * DIFFERENT address (funds sent there are lost). Never lowercase, uppercase or
 * trim SVM addresses; compare them with `===`.
 * @param value the value to check.
 * @example
 * ```ts
 * isSvmAddress("9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM"); // true
 * isSvmAddress("0x70997970C51812dc3A010C7d01b50e0d17dc79C8");   // false
 * ```
 */
export function isSvmAddress(value: unknown): value is Address {
  return svmAddressProblem(value, "address", false) === null;
}

/**
 * Throws unless `value` is an SVM address (base58 of exactly 32 bytes, case kept
 * as given).
 *
 * @param value the untrusted input.
 * @param what how the value is named in the error message (e.g. `"recipient"`).
 * @throws AddressVmMismatchError (`ADDRESS_VM_MISMATCH`) for an EVM address (0x + 40 hex).
 * @throws InvalidAddressError (`INVALID_ADDRESS`) for anything else that is not an SVM address.
 *
 * WARNING: a case-changed copy of a valid address can still pass this check: it is a
 * different account. Only the caller can know which string is the intended one.
 * @param value the value to check.
 * @param what the name used in the error message.
 * @example
 * ```ts
 * assertSvmAddress(body.recipient, "recipient"); // a deposit to the SVM chain needs an SVM recipient
 * ```
 */
export function assertSvmAddress(value: unknown, what = "address"): asserts value is Address {
  const problem = svmAddressProblem(value, what, false);
  if (problem !== null) throw problem;
}

/**
 * True when `value` is an SVM token address for quote requests: a token mint
 * address or the native-token constant `SVM_NATIVE_TOKEN` (32 zero bytes).
 * Same rules as `isSvmAddress`. Never throws.
 * @param value the value to check.
 * @example
 * ```ts
 * isSvmTokenAddress(SVM_NATIVE_TOKEN); // true
 * ```
 */
export function isSvmTokenAddress(value: unknown): value is Address {
  return svmAddressProblem(value, "token address", true) === null;
}

/**
 * Throws unless `value` is an SVM token address (`originCurrency` /
 * `destinationCurrency` on the SVM chain, service interface: SVM rules): a base58 token mint address
 * or `SVM_NATIVE_TOKEN`.
 *
 * @throws AddressVmMismatchError for an EVM address, including the EVM zero
 *   address `0x000…000` (the EVM native-token form; on the SVM chain native is
 *   `SVM_NATIVE_TOKEN`).
 * @throws InvalidAddressError for anything else that is not base58 of 32 bytes.
 * @param value the value to check.
 * @param what the name used in the error message.
 * @example
 * ```ts
 * assertSvmTokenAddress(body.destinationCurrency, "destinationCurrency");
 * ```
 */
export function assertSvmTokenAddress(value: unknown, what = "token address"): asserts value is Address {
  const problem = svmAddressProblem(value, what, true);
  if (problem !== null) throw problem;
}

/**
 * True when `value` is exactly `SVM_NATIVE_TOKEN` (the all-ones form, 32 characters).
 * @param value the value to check.
 * @example
 * ```ts
 * const native = isSvmNativeToken(requestData.originCurrency); // pay with deposit_native
 * ```
 */
export function isSvmNativeToken(value: unknown): value is typeof SVM_NATIVE_TOKEN {
  return value === SVM_NATIVE_TOKEN;
}
