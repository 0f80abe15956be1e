/**
 * Mainnet segwit addresses (BIP-173 bech32 for witness v0, BIP-350 bech32m for v1..16) in the order
 * encoding. Written for the one prefix and the two checksums orders need rather than taken from @scure/base's
 * general codecs, which would bring a radix converter into every browser bundle that computes order ids
 * (bench/bundle-budgets.ts); test/orders/bech32.test.ts checks both directions against @scure/base.
 */

const CHARSET = "qpzry9x8gf2tvdw0s3jn54khce6mua7l";
const GENERATORS = [0x3b6a57b2, 0x26508e6d, 0x1ea119fa, 0x3d4233dd, 0x2a1462b3];
/** What the checksum polynomial leaves for a valid bech32 (BIP-173) and bech32m (BIP-350) string. */
const BECH32_CONSTANT = 1;
const BECH32M_CONSTANT = 0x2bc830a3;
/** The human-readable part `bc` expanded as BIP-173 feeds it to the checksum. */
const BC_EXPANDED = [3, 3, 0, 2, 3];
const CHECKSUM_WORDS = 6;

const checksumConstant = (version: number) => (version === 0 ? BECH32_CONSTANT : BECH32M_CONSTANT);

function polymod(words: readonly number[]): number {
  let checksum = 1;
  for (const word of words) {
    const top = checksum >>> 25;
    checksum = ((checksum & 0x1ffffff) << 5) ^ word;
    for (let i = 0; i < 5; i++) if ((top >>> i) & 1) checksum ^= GENERATORS[i] as number;
  }
  return checksum;
}

export type SegwitDecoding =
  | { ok: true; version: number; program: Uint8Array }
  | { ok: false; reason: "checksum" | "padding" };

/**
 * Splits `bc1<data>` (lowercase, data in the bech32 alphabet: the caller checks the shape) into its witness
 * version and program. The checksum must be bech32 for v0 and bech32m for v1..16; the program's 5-bit
 * groups must leave at most 4 zero bits over.
 */
export function decodeSegwitAddress(address: `bc1${string}`): SegwitDecoding {
  const data = Array.from(address.slice(3), (char) => CHARSET.indexOf(char));
  if (data.length <= CHECKSUM_WORDS || data.includes(-1)) return { ok: false, reason: "checksum" };
  const residue = polymod([...BC_EXPANDED, ...data]);
  const version = data[0] as number;
  if (version > 16 || residue !== checksumConstant(version)) return { ok: false, reason: "checksum" };

  const program: number[] = [];
  let bits = 0;
  let value = 0;
  for (const word of data.slice(1, -CHECKSUM_WORDS)) {
    value = ((value << 5) | word) & 0xfff;
    bits += 5;
    if (bits >= 8) {
      bits -= 8;
      program.push((value >>> bits) & 0xff);
    }
  }
  if (bits >= 5 || (value & ((1 << bits) - 1)) !== 0) return { ok: false, reason: "padding" };
  return { ok: true, version, program: Uint8Array.from(program) };
}

/** `bc1…` for a witness version (0..16) and program: bech32 for v0, bech32m above. */
export function encodeSegwitAddress(version: number, program: Uint8Array): string {
  const data = [version];
  let bits = 0;
  let value = 0;
  for (const byte of program) {
    value = ((value << 8) | byte) & 0xfff;
    bits += 8;
    for (; bits >= 5; bits -= 5) data.push((value >>> (bits - 5)) & 31);
  }
  if (bits > 0) data.push((value << (5 - bits)) & 31);
  const residue = polymod([...BC_EXPANDED, ...data, 0, 0, 0, 0, 0, 0]) ^ checksumConstant(version);
  for (let i = CHECKSUM_WORDS - 1; i >= 0; i--) data.push((residue >>> (5 * i)) & 31);
  return `bc1${data.map((word) => CHARSET[word]).join("")}`;
}
