/**
 * The nonce of a signed transaction as `eth_sendRawTransaction` carries it (hex), read from its RLP
 * without decoding the rest or recovering the sender: a legacy transaction is a list whose first item
 * is the nonce; a typed one (EIP-2718: a type byte below 0x80, then a list) has the chain id first and
 * the nonce second. -1 when the bytes are not shaped so (the node refuses them with its own error).
 */

/** Byte `at` of the hex string's data (after 0x), or -1 past its end. */
function byteAt(hex: string, at: number): number {
  const start = 2 + at * 2;
  if (start + 2 > hex.length) return -1;
  const value = Number.parseInt(hex.slice(start, start + 2), 16);
  return Number.isNaN(value) ? -1 : value;
}

/** Where the RLP item at byte `at` starts its payload and how long the payload is, or null. */
function item(hex: string, at: number): { payload: number; length: number; list: boolean } | null {
  const prefix = byteAt(hex, at);
  if (prefix < 0) return null;
  if (prefix < 0x80) return { payload: at, length: 1, list: false };
  if (prefix <= 0xb7) return { payload: at + 1, length: prefix - 0x80, list: false };
  if (prefix < 0xc0 || prefix > 0xf7) {
    // A long string or list: the length's own length follows the prefix.
    const lengthBytes = prefix < 0xc0 ? prefix - 0xb7 : prefix - 0xf7;
    if (lengthBytes > 4) return null;
    let length = 0;
    for (let i = 1; i <= lengthBytes; i++) {
      const byte = byteAt(hex, at + i);
      if (byte < 0) return null;
      length = length * 256 + byte;
    }
    return { payload: at + 1 + lengthBytes, length, list: prefix >= 0xc0 };
  }
  return { payload: at + 1, length: prefix - 0xc0, list: true };
}

export function rawTransactionNonce(raw: string): number {
  if (!raw.startsWith("0x")) return -1;
  const first = byteAt(raw, 0);
  if (first < 0) return -1;
  const list = item(raw, first < 0x80 ? 1 : 0);
  if (list === null || !list.list) return -1;
  let field = item(raw, list.payload);
  // Typed: skip the chain id.
  if (field !== null && first < 0x80 && !field.list) field = item(raw, field.payload + field.length);
  if (field === null || field.list || field.length > 6) return -1;
  let nonce = 0;
  for (let i = 0; i < field.length; i++) nonce = nonce * 256 + byteAt(raw, field.payload + i);
  return nonce;
}
