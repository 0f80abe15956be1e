import { type Hex, isHex } from "viem";
import { describeValue } from "../describe.ts";
import { InvalidOrderError } from "./errors.ts";

const DECIMAL = /^(0|[1-9][0-9]*)$/;
const HEX_WORD = /^0x[0-9a-fA-F]{1,64}$/;
const MAX_UINT32 = 0xffff_ffff;

/** Reads member `key` of an object, refusing a non-object holder. */
export function member(holder: unknown, key: string, path: string): unknown {
  if (holder === null || typeof holder !== "object" || Array.isArray(holder)) {
    throw new InvalidOrderError(`${path} must be an object, got ${describeValue(holder)}`);
  }
  return (holder as Record<string, unknown>)[key];
}

export function list(value: unknown, path: string): unknown[] {
  if (!Array.isArray(value))
    throw new InvalidOrderError(`${path} must be an array, got ${describeValue(value)}`);
  return value;
}

export function text(value: unknown, path: string): string {
  if (typeof value !== "string")
    throw new InvalidOrderError(`${path} must be a string, got ${describeValue(value)}`);
  return value;
}

/** A uint256 as the service writes it: decimal digits, or 0x hex of at most 32 bytes. */
export function uint256(value: unknown, path: string): bigint {
  if (typeof value === "string" && (DECIMAL.test(value) || HEX_WORD.test(value))) {
    const parsed = BigInt(value);
    if (parsed < 1n << 256n) return parsed;
  }
  throw new InvalidOrderError(
    `${path} must be a uint256 (decimal or 0x hex string), got ${describeValue(value)}`,
  );
}

/** A uint32 deadline in unix seconds. */
export function uint32(value: unknown, path: string): number {
  if (typeof value === "number" && Number.isInteger(value) && value >= 0 && value <= MAX_UINT32) return value;
  throw new InvalidOrderError(`${path} must be an integer within 0..2^32-1, got ${describeValue(value)}`);
}

/** Opaque bytes (calls, extra data): 0x-prefixed, even-length hex. */
export function hexBytes(value: unknown, path: string): Hex {
  if (typeof value === "string" && isHex(value, { strict: true }) && value.length % 2 === 0) {
    return value.toLowerCase() as Hex;
  }
  throw new InvalidOrderError(`${path} must be 0x-prefixed hex bytes, got ${describeValue(value)}`);
}
