import { type Hex, isHex } from "viem";
import { describeValue } from "../describe.ts";
import { InvalidSignatureError, SignatureHighSError } from "../errors.ts";

/** The secp256k1 group order n. */
export const SECP256K1_N = 0xfffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141n;
const HALF_N = SECP256K1_N / 2n;

export type ParsedSignature = { r: Hex; s: Hex; yParity: 0 | 1 };

/**
 * Parses a 65-byte `r || s || v` signature (v must be 27 or 28, as the
 * `ecrecover` precompile requires) or a 64-byte EIP-2098 `r || yParityAndS`
 * compact signature. Rejects zero or out-of-range `r`/`s` and, with
 * `SignatureHighSError`, the high-s twin of a valid signature.
 * @param signature a 0x-prefixed hex signature of 64 or 65 bytes.
 * @returns `r`, `s` and the y parity.
 * @example
 * ```ts
 * const { r, s, yParity } = parseAttestationSignature(signature);
 * ```
 */
export function parseAttestationSignature(signature: unknown): ParsedSignature {
  if (typeof signature !== "string" || !isHex(signature, { strict: true })) {
    throw new InvalidSignatureError(
      `signature must be a 0x-prefixed hex string, got ${describeValue(signature)}`,
    );
  }
  const byteLength = (signature.length - 2) / 2;
  if (byteLength !== 64 && byteLength !== 65) {
    throw new InvalidSignatureError(
      `signature must be 65 bytes (r, s, v) or 64 bytes (EIP-2098), got ${byteLength} bytes`,
    );
  }
  const r = BigInt(`0x${signature.slice(2, 66)}`);
  let s: bigint;
  let yParity: 0 | 1;
  if (byteLength === 65) {
    s = BigInt(`0x${signature.slice(66, 130)}`);
    const v = Number.parseInt(signature.slice(130, 132), 16);
    if (v !== 27 && v !== 28) throw new InvalidSignatureError(`signature v must be 27 or 28, got ${v}`);
    yParity = v === 28 ? 1 : 0;
  } else {
    const yParityAndS = BigInt(`0x${signature.slice(66, 130)}`);
    yParity = yParityAndS >> 255n === 1n ? 1 : 0;
    s = yParityAndS & ((1n << 255n) - 1n);
  }
  if (r === 0n || r >= SECP256K1_N)
    throw new InvalidSignatureError("signature r is zero or not below the curve order");
  if (s === 0n) throw new InvalidSignatureError("signature s is zero");
  if (s > HALF_N)
    throw new SignatureHighSError("signature s is in the upper half of the curve order (malleable twin)");
  return { r: toWord(r), s: toWord(s), yParity };
}

/**
 * The 64-byte EIP-2098 form of a signature.
 * @param signature a 65- or 64-byte signature.
 * @example
 * ```ts
 * const compact = toCompactSignature(signature); // 0x + 128 hex characters, verifies like the original
 * ```
 */
export function toCompactSignature(signature: string): Hex {
  const { r, s, yParity } = parseAttestationSignature(signature);
  return `${r}${(BigInt(s) | (BigInt(yParity) << 255n)).toString(16).padStart(64, "0")}` as Hex;
}

function toWord(value: bigint): Hex {
  return `0x${value.toString(16).padStart(64, "0")}`;
}
