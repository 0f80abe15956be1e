import { sha256 } from "viem";
import { OrderAddressChecksumError } from "../errors.ts";

function doubleSha256Checksum(payload: Uint8Array): Uint8Array {
  return sha256(sha256(payload, "bytes"), "bytes").subarray(0, 4);
}

/**
 * Splits base58check bytes (payload || first 4 bytes of sha256(sha256(payload)))
 * into the payload, refusing a checksum that does not match.
 */
export function stripDoubleSha256Checksum(decoded: Uint8Array, what: string): Uint8Array {
  const payload = decoded.subarray(0, decoded.length - 4);
  const expected = doubleSha256Checksum(payload);
  const actual = decoded.subarray(decoded.length - 4);
  if (decoded.length < 5 || expected.some((byte, index) => byte !== actual[index])) {
    throw new OrderAddressChecksumError(`${what} has a bad base58check checksum`);
  }
  return payload;
}

/** payload || its 4-byte double-sha256 checksum. */
export function appendDoubleSha256Checksum(payload: Uint8Array): Uint8Array {
  const out = new Uint8Array(payload.length + 4);
  out.set(payload);
  out.set(doubleSha256Checksum(payload), payload.length);
  return out;
}
