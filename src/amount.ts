import { describeValue } from "./describe.ts";
import { InvalidAmountError } from "./errors.ts";

const UINT = /^(0|[1-9][0-9]*)$/;
const MAX_UINT256 = (1n << 256n) - 1n;

/**
 * Parses an integer amount in smallest units, given as the API gives it (a
 * decimal string) or as a bigint. Rejects signs, decimals, exponents, leading
 * zeros, whitespace and anything above 2^256 - 1.
 * @param amount a decimal string or a bigint.
 * @param what the name used in the error message.
 * @example
 * ```ts
 * const amount = parseUint256(requestData.originAmount, "originAmount"); // 25000000n
 * ```
 */
export function parseUint256(amount: unknown, what = "amount"): bigint {
  if (typeof amount === "bigint") {
    if (amount < 0n || amount > MAX_UINT256) {
      throw new InvalidAmountError(`${what} must be within 0..2^256-1, got ${describeValue(amount)}`);
    }
    return amount;
  }
  if (typeof amount !== "string" || !UINT.test(amount)) {
    throw new InvalidAmountError(
      `${what} must be a non-negative integer in decimal digits without sign or leading zeros, got ${describeValue(amount)}`,
    );
  }
  const value = BigInt(amount);
  if (value > MAX_UINT256) throw new InvalidAmountError(`${what} ${describeValue(amount)} overflows uint256`);
  return value;
}
