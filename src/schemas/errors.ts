/** Error bodies (service interface: SVM rules). */
import * as z from "zod";

/** Error code of the SVM transaction size gate (7.1, 4.8). */
export const SOLANA_TX_TOO_LARGE = "SOLANA_TX_TOO_LARGE" as const;

/**
 * Error body `{ errorCode, message }`. The service interface shows it for the size error only; the mock service
 * uses the same two members for every 4xx.
 */
export const ErrorBodySchema = z
  .object({
    errorCode: z.string().min(1).describe("Stable machine-readable code."),
    message: z.string().describe("Human-readable explanation."),
  })
  .meta({ id: "ErrorBody", description: "Error response body." });
export type ErrorBody = z.infer<typeof ErrorBodySchema>;

/** The 400 body of POST /quote, /quote/v2 and /price when an SVM transaction exceeds 1232 bytes. */
export const SolanaTxTooLargeErrorBodySchema = ErrorBodySchema.extend({
  errorCode: z.literal(SOLANA_TX_TOO_LARGE),
  message: z.string().describe("Measured size in bytes and the number of bytes over the 1232-byte limit."),
}).meta({ id: "SolanaTxTooLargeErrorBody", description: "SVM transaction over the 1232-byte wire limit." });
export type SolanaTxTooLargeErrorBody = z.infer<typeof SolanaTxTooLargeErrorBodySchema>;
