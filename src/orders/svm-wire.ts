import { base58, base64 } from "@scure/base";

/** A top-level instruction of a wire transaction: its program's and accounts' key indexes, its data. */
export type WireInstruction = { programIndex: number; accountIndices: number[]; data: Uint8Array };

/** What attestkit/orders reads of an SVM wire transaction (legacy or v0). */
export type WireMessage = {
  version: "legacy" | 0;
  staticAccounts: string[];
  instructions: WireInstruction[];
  /** How many address lookup tables a v0 message loads accounts from (0 for legacy). */
  lookupTables: number;
};

/**
 * Parses the message of a base64 wire transaction, as `getTransaction` with `encoding: "base64"`
 * returns it: signatures, then the message (an optional version byte, the 3-byte header, static
 * keys, blockhash, instructions, v0 lookup tables, whose keys come from the node's
 * `loadedAddresses`). A small reader instead of `@solana/kit`'s codecs keeps `attestkit/orders`
 * light in browsers. Throws `RangeError` on truncated or trailing bytes and on message versions
 * other than legacy and 0.
 */
export function parseWireMessage(wire: string): WireMessage {
  const bytes = base64.decode(wire);
  let at = 0;
  const byte = () => {
    if (at >= bytes.length) throw new RangeError("the SVM transaction is truncated");
    return bytes[at++] as number;
  };
  const take = (length: number) => {
    if (at + length > bytes.length) throw new RangeError("the SVM transaction is truncated");
    at += length;
    return bytes.subarray(at - length, at);
  };
  // compact-u16: 7 bits per byte, high bit set while more follow (at most 3 bytes).
  const compact = () => {
    let value = 0;
    for (let shift = 0; shift < 21; shift += 7) {
      const next = byte();
      value |= (next & 0x7f) << shift;
      if ((next & 0x80) === 0) return value;
    }
    throw new RangeError("malformed compact-u16 in the SVM transaction");
  };
  take(64 * compact());
  const versioned = ((bytes[at] ?? 0) & 0x80) !== 0;
  if (versioned) {
    const version = byte() & 0x7f;
    if (version !== 0) throw new RangeError(`SVM message version ${version} is not supported`);
  }
  take(3);
  const staticAccounts = Array.from({ length: compact() }, () => base58.encode(take(32)));
  take(32);
  const instructions = Array.from({ length: compact() }, () => {
    const programIndex = byte();
    const accountIndices = [...take(compact())];
    return { programIndex, accountIndices, data: take(compact()) };
  });
  let lookupTables = 0;
  if (versioned) {
    // Address table lookups: table key, writable indexes, readonly indexes.
    lookupTables = compact();
    for (let table = 0; table < lookupTables; table++) {
      take(32);
      take(compact());
      take(compact());
    }
  }
  if (at !== bytes.length) throw new RangeError("the SVM transaction has trailing bytes");
  return { version: versioned ? 0 : "legacy", staticAccounts, instructions, lookupTables };
}
