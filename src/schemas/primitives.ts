/**
 * Scalar building blocks shared by every resource: amount strings, ids, hex strings, chain ids.
 *
 * Address-shaped strings (wallets, tokens, deposit addresses) stay plain `z.string()` here: whether a
 * string is a valid address depends on the chain's VM (EVM hex vs SVM base58), which other modules
 * check by chain id. Transaction hashes are treated the same way.
 */
import * as z from "zod";
import {
  DECIMAL_STRING_PATTERN,
  INTEGER_STRING_PATTERN,
  REQUEST_ID_PATTERN,
  SIGNATURE_PATTERN,
} from "./patterns.ts";

export {
  DECIMAL_STRING_PATTERN,
  INTEGER_STRING_PATTERN,
  REQUEST_ID_PATTERN,
  SIGNATURE_PATTERN,
} from "./patterns.ts";

/**
 * An onchain integer amount in the smallest unit of its currency (wei, lamports, ...), as a string
 * so it never loses precision.
 */
export const IntegerStringSchema = z
  .string()
  .regex(INTEGER_STRING_PATTERN, "expected a non-negative integer string")
  .meta({
    id: "IntegerString",
    description:
      "Non-negative integer in canonical decimal form, e.g. an amount in the currency's smallest unit.",
    examples: ["1000000"],
  });
export type IntegerString = z.infer<typeof IntegerStringSchema>;

/**
 * A human-readable decimal amount (`amountFormatted`, `amountUsd`, ...). Plain notation only: the
 * service interface types these as strings and shows no sign or exponent, so `-1` and `1e-7` are rejected.
 */
export const DecimalStringSchema = z
  .string()
  .regex(DECIMAL_STRING_PATTERN, "expected a non-negative decimal string")
  .meta({
    id: "DecimalString",
    description: "Non-negative decimal number in plain notation.",
    examples: ["1.5"],
  });
export type DecimalString = z.infer<typeof DecimalStringSchema>;

/** A request id (`0x` + 64 hex characters). */
export const RequestIdSchema = z
  .string()
  .regex(REQUEST_ID_PATTERN, "expected 0x followed by 64 hex characters")
  .meta({
    id: "RequestId",
    description: "Request id: 0x followed by 32 bytes of hex.",
  });
export type RequestId = z.infer<typeof RequestIdSchema>;

/** A hex signature (`0x` + 65 or 64 bytes). */
export const HexSignatureSchema = z
  .string()
  .regex(SIGNATURE_PATTERN, "expected a 64- or 65-byte 0x hex signature")
  .meta({
    id: "HexSignature",
    description: "secp256k1 signature as 0x hex: 65 bytes (r, s, v) or 64 bytes (EIP-2098).",
  });
export type HexSignature = z.infer<typeof HexSignatureSchema>;

/** A chain id: a positive safe integer. */
export const ChainIdSchema = z.int().positive().meta({
  id: "ChainId",
  description: "Chain id, a positive integer. The SVM chain is 792703809.",
});
export type ChainId = z.infer<typeof ChainIdSchema>;

/** A wallet, token or deposit address. VM-specific validation happens elsewhere, by chain id. */
export const AddressSchema = z.string().meta({
  id: "Address",
  description: "Address in its chain's native form (EVM 0x hex, SVM base58).",
});
export type Address = z.infer<typeof AddressSchema>;

/** A transaction hash (EVM hex or SVM base58 signature); not validated at schema level. */
export const TxHashSchema = z.string().meta({
  id: "TxHash",
  description: "Transaction hash in its chain's native form.",
});
export type TxHash = z.infer<typeof TxHashSchema>;

/** A block number or Unix timestamp in seconds: a non-negative safe integer. */
export const NonNegativeIntSchema = z.int().nonnegative();
