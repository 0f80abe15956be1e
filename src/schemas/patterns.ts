// The string patterns of the schemas' primitives, without zod (primitives.ts builds its schemas from them
// and re-exports them), for code that checks a string the same way without bundling zod.

/** A non-negative integer in canonical decimal form (no sign, no leading zeros, no exponent). */
export const INTEGER_STRING_PATTERN = /^(0|[1-9][0-9]*)$/;
/** A non-negative decimal number in plain notation: integer part, optional fraction (no exponent). */
export const DECIMAL_STRING_PATTERN = /^(0|[1-9][0-9]*)(\.[0-9]+)?$/;
/** A request id: `0x` followed by 32 bytes of hex. */
export const REQUEST_ID_PATTERN = /^0x[0-9a-fA-F]{64}$/;
/** A secp256k1 signature: `0x` + 65 bytes (r, s, v) or 64 bytes (EIP-2098 compact) of hex. */
export const SIGNATURE_PATTERN = /^0x(?:[0-9a-fA-F]{128}|[0-9a-fA-F]{130})$/;
