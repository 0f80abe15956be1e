/** GET /intents/status/v3 (service interface: Endpoints). */
import * as z from "zod";
import { FailReasonSchema, RefundFailReasonSchema, RequestStatusSchema } from "./enums.ts";
import { RequestIdSchema, TxHashSchema } from "./primitives.ts";

/** Query of GET /intents/status/v3. `requestId` is required (the endpoint has nothing else to key on). */
export const StatusQuerySchema = z
  .object({ requestId: RequestIdSchema })
  .meta({ id: "StatusQuery", description: "Query of GET /intents/status/v3." });
export type StatusQuery = z.infer<typeof StatusQuerySchema>;

/** Statuses at which polling ends (4.5). */
export const TERMINAL_POLLING_STATUSES = ["success", "failure"] as const;

/**
 * Every status a request never leaves: the service interface's two (4.5), a refund (the deposit went
 * back) and `fallback` (paid, not as quoted). `waitForStatus` stops at any of them by default; it
 * goes on past `delayed`, which the service lists as still processing.
 */
export const FINAL_STATUSES = ["success", "failure", "refund", "fallback"] as const;

/**
 * Response of GET /intents/status/v3. Loose: other fields exist but are not shown by the service interface.
 * `status` uses the request status set of section 3 plus `fallback` and `delayed`.
 */
export const StatusResponseSchema = z
  .looseObject({
    status: RequestStatusSchema,
    txHashes: z
      .array(TxHashSchema)
      .describe("Transaction hashes; on success the first is the destination transaction."),
    inTxHashes: z
      .array(TxHashSchema)
      .optional()
      .describe(
        "Origin-side transaction hashes (the deposit). The service returns it; the service interface does not show it.",
      ),
    orderData: z
      .unknown()
      .optional()
      .describe(
        "attestkit extension (the mock only): the protocol order the request's quote committed to (its protocol.v2.orderData), for requests quoted with includeProtocolData.",
      ),
    orderVerification: z
      .object({
        leg: z.enum(["fill", "refund"]),
        txHash: TxHashSchema,
        orderId: z.string().nullable(),
        ok: z.boolean(),
        failures: z.array(
          z.object({
            code: z.string(),
            message: z.string(),
            expected: z.string().optional(),
            actual: z.string().optional(),
          }),
        ),
      })
      .optional()
      .describe(
        "attestkit extension (the mock only): the request's fill or own refund checked against its protocol order by verifyOrderFill / verifyOrderRefund, once it landed. Absent for a request without an order, or before its fill or refund.",
      ),
    failReason: FailReasonSchema.optional().describe(
      "On `failure`, `fallback` and `refund` only: the recorded reason, `UNKNOWN` when none was recorded.",
    ),
    refundFailReason: RefundFailReasonSchema.optional().describe(
      "When the refund leg itself could not be made (e.g. `MANUAL_REFUND_REQUIRED`).",
    ),
  })
  .meta({ id: "StatusResponse", description: "Status of a request." });
export type StatusResponse = z.infer<typeof StatusResponseSchema>;
