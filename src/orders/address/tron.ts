import { base58 } from "@scure/base";
import { describeValue } from "../../describe.ts";
import { MalformedOrderAddressError, OrderAddressLengthError } from "../errors.ts";
import { appendDoubleSha256Checksum, stripDoubleSha256Checksum } from "./checksum.ts";
import { assertAddressString } from "./describe.ts";

const TRON_PREFIX = 0x41;

/** A Tron address (base58check `T...`): its 21-byte `0x41 || account` form. */
export function encodeTronAddress(address: unknown): Uint8Array {
  assertAddressString(address, "tron-vm");
  let decoded: Uint8Array;
  try {
    decoded = base58.decode(address);
  } catch {
    throw new MalformedOrderAddressError(`tron-vm address ${describeValue(address)} is not base58`);
  }
  if (decoded.length !== 25) {
    throw new OrderAddressLengthError(
      `tron-vm address ${describeValue(address)} decodes to ${decoded.length} bytes, expected 25 (21 + checksum)`,
    );
  }
  const payload = stripDoubleSha256Checksum(decoded, `tron-vm address ${describeValue(address)}`);
  if (payload[0] !== TRON_PREFIX) {
    throw new MalformedOrderAddressError(
      `tron-vm address ${describeValue(address)} does not start with 0x41`,
    );
  }
  return payload;
}

export function formatTronAddress(bytes: Uint8Array): string {
  return base58.encode(appendDoubleSha256Checksum(bytes));
}
