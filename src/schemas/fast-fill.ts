/** POST /fast-fill (service interface: Fast fill). */
import * as z from "zod";
import { DecimalStringSchema, IntegerStringSchema, RequestIdSchema, TxHashSchema } from "./primitives.ts";

/** `Authorization: Bearer <API_KEY>`, as the service interface's fast-fill examples send the key (5). */
export const BEARER_AUTHORIZATION_PATTERN = /^Bearer \S+$/;

/** Headers of POST /fast-fill (header names lower-cased, as Node delivers them). Loose. */
export const FastFillHeadersSchema = z
  .looseObject({
    authorization: z.string().regex(BEARER_AUTHORIZATION_PATTERN, "expected `Bearer <API_KEY>`"),
  })
  .meta({ id: "FastFillHeaders", description: "Headers of POST /fast-fill: the API key as a bearer token." });
export type FastFillHeaders = z.infer<typeof FastFillHeadersSchema>;

/** Body of POST /fast-fill (4.4). */
export const FastFillBodySchema = z
  .object({
    requestId: RequestIdSchema.describe("Request id from the quote step."),
    maxFillAmountUsd: z
      .number()
      .nonnegative()
      .optional()
      .describe("When the request value in USD exceeds it, the fast fill is not executed."),
    solverInputCurrencyAmount: IntegerStringSchema.optional().describe(
      "Exact input currency amount to use for the fill, smallest unit.",
    ),
  })
  .meta({ id: "FastFillBody", description: "Body of POST /fast-fill." });
export type FastFillBody = z.infer<typeof FastFillBodySchema>;

/** Outcomes of a fast fill call (our design, see `FastFillResponseSchema`). */
export const FAST_FILL_STATUSES = ["filled", "skipped"] as const;
export const FastFillStatusSchema = z.enum(FAST_FILL_STATUSES).meta({
  id: "FastFillStatus",
  description:
    "filled: destination filled and a hold placed; skipped: not executed (e.g. over maxFillAmountUsd).",
});
export type FastFillStatus = z.infer<typeof FastFillStatusSchema>;

/** The hold placed against the caller's app balance, in the app balance currency. */
export const FastFillHoldSchema = z
  .object({
    amount: IntegerStringSchema,
    amountFormatted: DecimalStringSchema,
    amountUsd: DecimalStringSchema,
  })
  .meta({ id: "FastFillHold", description: "Hold placed against the app balance for a fast fill." });
export type FastFillHold = z.infer<typeof FastFillHoldSchema>;

/**
 * Response of POST /fast-fill. The service interface does not show it (4.4); this shape is our design:
 * - `status` `filled`: the destination was filled at once, `fillTxHash` is the fill and `hold` the
 *   amount held against the app balance (released when the deposit is indexed, a permanent debit
 *   if it never lands, section 3);
 * - `status` `skipped`: nothing was done (for example the request value exceeds `maxFillAmountUsd`);
 *   `fillTxHash` and `hold` are null and `reason` says why.
 * Failed preconditions (no key, no linked wallet, low balance, unknown request) are 4xx errors.
 */
export const FastFillResponseSchema = z
  .object({
    requestId: RequestIdSchema,
    status: FastFillStatusSchema,
    fillTxHash: TxHashSchema.nullable(),
    hold: FastFillHoldSchema.nullable(),
    reason: z.string().optional().describe("Why the fast fill was skipped."),
  })
  .meta({ id: "FastFillResponse", description: "Outcome of POST /fast-fill (shape designed by attestkit)." });
export type FastFillResponse = z.infer<typeof FastFillResponseSchema>;
