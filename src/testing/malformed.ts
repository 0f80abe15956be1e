import { concatHex, type Hex, numberToHex, size, slice } from "viem";
import { parseAttestationSignature, SECP256K1_N, toCompactSignature } from "../attestation/index.ts";

/** The 64-byte EIP-2098 form `r || yParityAndS` of a valid 65-byte signature (same signer, other bytes). */
export const compactForm: (signature: Hex) => Hex = toCompactSignature;

/**
 * The high-s twin of a valid low-s signature: `s' = n - s` with the parity flipped. `ecrecover`
 * returns the same signer for it, so a receiver that keys replay on the signature bytes, or accepts
 * both twins, pays the same attestation twice.
 */
export function highSTwin(signature: Hex): Hex {
  const { r, s, yParity } = parseAttestationSignature(signature);
  const twinS = SECP256K1_N - BigInt(s);
  return concatHex([r, numberToHex(twinS, { size: 32 }), numberToHex(yParity === 0 ? 28 : 27, { size: 1 })]);
}

/** A 65-byte signature with its last byte replaced by `v` (e.g. the legacy 0/1 form, or 29). */
export function withV(signature: Hex, v: number): Hex {
  if (size(signature) !== 65)
    throw new RangeError(`withV needs a 65-byte signature, got ${size(signature)} bytes`);
  if (!Number.isInteger(v) || v < 0 || v > 255) throw new RangeError(`v must be a byte, got ${v}`);
  return concatHex([slice(signature, 0, 64), numberToHex(v, { size: 1 })]);
}

/** `signature` cut or zero-extended to `length` bytes (lengths other than 64 and 65 must be rejected). */
export function resized(signature: Hex, length: number): Hex {
  if (!Number.isInteger(length) || length < 0)
    throw new RangeError(`length must be a natural number, got ${length}`);
  const bytes = size(signature);
  if (length <= bytes) return length === 0 ? "0x" : slice(signature, 0, length);
  return concatHex([signature, `0x${"00".repeat(length - bytes)}`]);
}

/**
 * A 65-byte signature for which `ecrecover` returns the zero address (`r = 0`). A receiver that
 * compares the recovered address with an unset solver slot (zero) would accept it for anything.
 */
export function zeroRecoverySignature(): Hex {
  return concatHex([numberToHex(0, { size: 32 }), numberToHex(1, { size: 32 }), "0x1b"]);
}

/** Every malformed variant of a valid 65-byte signature the conformance catalogue tries, by name. */
export function malformedSignatures(signature: Hex): Record<string, Hex> {
  const v = Number.parseInt(signature.slice(-2), 16);
  return {
    highS: highSTwin(signature),
    legacyV: withV(signature, v - 27),
    v29: withV(signature, 29),
    empty: resized(signature, 0),
    short63: resized(signature, 63),
    long66: resized(signature, 66),
    zeroRecovery: zeroRecoverySignature(),
  };
}
