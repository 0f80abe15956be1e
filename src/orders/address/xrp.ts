import { base58xrp } from "@scure/base";
import { describeValue } from "../../describe.ts";
import { MalformedOrderAddressError, OrderAddressLengthError, XrpTaggedAddressError } from "../errors.ts";
import { appendDoubleSha256Checksum, stripDoubleSha256Checksum } from "./checksum.ts";
import { assertAddressString } from "./describe.ts";

const ACCOUNT_ID_VERSION = 0x00;
const X_ADDRESS_PREFIXES = [
  [0x05, 0x44],
  [0x04, 0x93],
] as const;

/**
 * An XRP Ledger address as its 20-byte account id. Classic `r...` addresses
 * decode directly; an X-address only when it carries no destination tag, since
 * the account id has no room for one.
 */
export function encodeXrpAddress(address: unknown): Uint8Array {
  assertAddressString(address, "xrp-vm");
  const what = `xrp-vm address ${describeValue(address)}`;
  let decoded: Uint8Array;
  try {
    decoded = base58xrp.decode(address);
  } catch {
    throw new MalformedOrderAddressError(`${what} is not in the XRP base58 alphabet`);
  }
  if (address.startsWith("r")) return classicAccountId(decoded, what);
  if (address.startsWith("X") || address.startsWith("T")) return xAddressAccountId(decoded, what);
  throw new MalformedOrderAddressError(`${what} is neither a classic (r...) nor an X-address`);
}

function classicAccountId(decoded: Uint8Array, what: string): Uint8Array {
  if (decoded.length !== 25) {
    throw new OrderAddressLengthError(
      `${what} decodes to ${decoded.length} bytes, expected 25 (1 + 20 + checksum)`,
    );
  }
  const payload = stripDoubleSha256Checksum(decoded, what);
  if (payload[0] !== ACCOUNT_ID_VERSION) throw new MalformedOrderAddressError(`${what} is not an account id`);
  return payload.slice(1);
}

function xAddressAccountId(decoded: Uint8Array, what: string): Uint8Array {
  if (decoded.length !== 35) {
    throw new OrderAddressLengthError(
      `${what} decodes to ${decoded.length} bytes, expected 35 for an X-address`,
    );
  }
  const payload = stripDoubleSha256Checksum(decoded, what);
  if (!X_ADDRESS_PREFIXES.some(([a, b]) => payload[0] === a && payload[1] === b)) {
    throw new MalformedOrderAddressError(`${what} has an unknown X-address prefix`);
  }
  const flag = payload[22];
  const tagBytes = payload.subarray(23, 31);
  if (flag !== 0 || tagBytes.some((byte) => byte !== 0)) {
    throw new XrpTaggedAddressError(
      `${what} carries a destination tag; pass the classic address and send the tag as DestinationTag`,
    );
  }
  return payload.slice(2, 22);
}

/** The classic `r...` address of a 20-byte account id. */
export function formatXrpAddress(accountId: Uint8Array): string {
  return base58xrp.encode(appendDoubleSha256Checksum(Uint8Array.of(ACCOUNT_ID_VERSION, ...accountId)));
}

/** The mainnet X-address of a 20-byte account id, with no tag or with `tag` (a 32-bit tag). */
export function formatXrpXAddress(accountId: Uint8Array, tag?: number): string {
  const payload = new Uint8Array(31);
  payload.set(X_ADDRESS_PREFIXES[0]);
  payload.set(accountId, 2);
  if (tag !== undefined) {
    payload[22] = 1;
    new DataView(payload.buffer).setUint32(23, tag, true);
  }
  return base58xrp.encode(appendDoubleSha256Checksum(payload));
}
