/**
 * Parameters of the surfpool cheatcodes (`surfnet_*`) read as surfpool reads them, with its errors:
 * a parameter of the wrong JSON type gets -32602 `Invalid params: invalid type: <what came>, expected
 * <what was wanted>.` (serde's wording, as jsonrpc-core relays it), a bad public key -32602
 * `Invalid pubkey '<text>'` with the parse error as `data`. Integers are JSON numbers up to 2^53 − 1
 * (JavaScript's exact range; surfpool's u64 goes further).
 */
import { type Address, getBase58Encoder } from "@solana/kit";
import { INVALID_PARAMS, RpcError } from "./errors.ts";

const base58 = getBase58Encoder();
/** The longest base58 text of 32 bytes. */
const MAX_BASE58_PUBKEY = 44;

/** serde's description of an unexpected JSON value. */
function unexpected(value: unknown): string {
  if (value === null || value === undefined) return "null";
  if (typeof value === "boolean") return `boolean \`${value}\``;
  if (typeof value === "number")
    return Number.isInteger(value) ? `integer \`${value}\`` : `floating point \`${value}\``;
  if (typeof value === "string") return `string ${JSON.stringify(value)}`;
  return Array.isArray(value) ? "sequence" : "map";
}

export const surfnetInvalidParams = (message: string, data?: unknown) =>
  new RpcError(INVALID_PARAMS, message, data);

export function invalidType(value: unknown, expected: string): RpcError {
  return surfnetInvalidParams(`Invalid params: invalid type: ${unexpected(value)}, expected ${expected}.`);
}

/** Positional parameters: `required` of them, then up to `optional` more (absent ones undefined). */
export function positional(params: unknown, required: number, optional = 0): unknown[] {
  const list = params ?? [];
  if (!Array.isArray(list)) throw invalidType(list, `a tuple of size ${required + optional}`);
  if (list.length < required || list.length > required + optional) {
    throw surfnetInvalidParams(
      `Invalid params: invalid length ${list.length}, expected a tuple of size ${required + optional}.`,
    );
  }
  return list;
}

/** A method that takes no parameters (jsonrpc-core's refusal otherwise). */
export function noParams(params: unknown): void {
  if (params === undefined || (Array.isArray(params) && params.length === 0)) return;
  throw surfnetInvalidParams("Invalid parameters: No parameters were expected", JSON.stringify(params));
}

export function u64(value: unknown): number {
  if (typeof value === "number" && Number.isInteger(value) && value < 0) {
    throw surfnetInvalidParams(`Invalid params: invalid value: integer \`${value}\`, expected u64.`);
  }
  if (typeof value !== "number" || !Number.isSafeInteger(value)) throw invalidType(value, "u64");
  return value;
}

export function text(value: unknown): string {
  if (typeof value !== "string") throw invalidType(value, "a string");
  return value;
}

export function bool(value: unknown): boolean {
  if (typeof value !== "boolean") throw invalidType(value, "a boolean");
  return value;
}

/** An optional field: absent or null is undefined, as serde reads `Option<T>`. */
export function optional<T>(value: unknown, read: (value: unknown) => T): T | undefined {
  return value === undefined || value === null ? undefined : read(value);
}

/** A JSON object read as the struct `name` (unknown fields ignored, as serde does). */
export function struct(value: unknown, name: string): Record<string, unknown> {
  if (typeof value !== "object" || value === null || Array.isArray(value))
    throw invalidType(value, `struct ${name}`);
  return value as Record<string, unknown>;
}

/** surfpool's `verify_pubkey`: the text parsed as a public key, or its -32602. */
export function verifyPubkey(input: string): Address {
  const refuse = (reason: string) => surfnetInvalidParams(`Invalid pubkey '${input}'`, reason);
  if (input.length > MAX_BASE58_PUBKEY) throw refuse("String is the wrong size");
  let bytes: Uint8Array;
  try {
    bytes = new Uint8Array(base58.encode(input));
  } catch {
    throw refuse("Invalid Base58 string");
  }
  if (bytes.length !== 32) throw refuse("String is the wrong size");
  return input as Address;
}

/** Hex text decoded as Rust's `hex::decode` does, with its errors (`Invalid hex data provided: ...`). */
export function decodeHex(input: string): Uint8Array {
  const refuse = (reason: string) => surfnetInvalidParams(`Invalid hex data provided: ${reason}`);
  if (input.length % 2 !== 0) throw refuse("Odd number of digits");
  const index = input.search(/[^0-9a-fA-F]/);
  if (index >= 0) throw refuse(`Invalid character '${input[index]}' at position ${index}`);
  return new Uint8Array(Buffer.from(input, "hex"));
}
