import { describeValue } from "../../describe.ts";
import { MalformedOrderAddressError } from "../errors.ts";
import { assertAddressString } from "./describe.ts";

const DECIMAL = /^(0|[1-9][0-9]*)$/;

/**
 * A Lighter account index (decimal) as 16 big-endian bytes. Limited to safe
 * integers: the service's own encoder goes through a float, so larger indices
 * would not hash to the same bytes there.
 */
export function encodeLighterAddress(address: unknown): Uint8Array {
  assertAddressString(address, "lighter-vm");
  if (!DECIMAL.test(address) || BigInt(address) > BigInt(Number.MAX_SAFE_INTEGER)) {
    throw new MalformedOrderAddressError(
      `lighter-vm address ${describeValue(address)} is not a decimal account index up to 2^53 - 1`,
    );
  }
  let value = BigInt(address);
  const bytes = new Uint8Array(16);
  for (let index = 15; index >= 0 && value > 0n; index--) {
    bytes[index] = Number(value & 0xffn);
    value >>= 8n;
  }
  return bytes;
}

export function formatLighterAddress(bytes: Uint8Array): string {
  let value = 0n;
  for (const byte of bytes) value = (value << 8n) | BigInt(byte);
  return value.toString();
}
