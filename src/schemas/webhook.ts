/**
 * Webhook events the service posts to an API key's endpoint (service documentation: Webhooks; the
 * service interface shows none). Loose objects: newer payloads add members (`depositAddress`,
 * `referrer`) that a receiver must not reject.
 */
import * as z from "zod";
import { FailReasonSchema, RefundFailReasonSchema, RequestStatusSchema } from "./enums.ts";
import { ChainIdSchema, RequestIdSchema, TxHashSchema } from "./primitives.ts";

/** Event names posted to webhook endpoints. */
export const WEBHOOK_EVENTS = ["request.status.updated"] as const;
export const WebhookEventNameSchema = z.enum(WEBHOOK_EVENTS).meta({
  id: "WebhookEventName",
  description: "Name of a webhook event.",
});
export type WebhookEventName = z.infer<typeof WebhookEventNameSchema>;

/** Headers of a delivery (names are case-insensitive on the wire). */
export const WebhookHeadersSchema = z
  .object({
    "x-signature-timestamp": z
      .string()
      .regex(/^[0-9]{1,16}$/)
      .describe("When this attempt was signed, Unix milliseconds."),
    "x-signature-sha256": z
      .string()
      .regex(/^[0-9a-f]{64}$/)
      .describe("Hex HMAC-SHA256 of `${X-Signature-Timestamp}.${raw body}`, keyed with the API key."),
    "x-delivery-id": z
      .string()
      .describe(
        "Mock extension: the delivery's id, the same on every retry. Not signed: use it for logs, and deduplicate on the signed event (`data.requestId`, `data.status`, `timestamp`).",
      ),
  })
  .meta({ id: "WebhookHeaders", description: "Headers of a webhook delivery." });

/** `data` of `request.status.updated`: the status response of the request, plus its id. */
export const RequestStatusUpdatedDataSchema = z
  .looseObject({
    requestId: RequestIdSchema,
    status: RequestStatusSchema,
    inTxHashes: z.array(TxHashSchema).describe("Origin-side transaction hashes (the deposit)."),
    txHashes: z.array(TxHashSchema).describe("Destination and refund transaction hashes."),
    updatedAt: z.number().nonnegative().describe("When the request last changed, Unix seconds."),
    originChainId: ChainIdSchema,
    destinationChainId: ChainIdSchema,
    failReason: FailReasonSchema.optional().describe(
      "On `failure`, `fallback` and `refund` only: the recorded reason, `UNKNOWN` when none was recorded.",
    ),
    refundFailReason: RefundFailReasonSchema.optional(),
  })
  .meta({ id: "RequestStatusUpdatedData", description: "A request's new status." });
export type RequestStatusUpdatedData = z.infer<typeof RequestStatusUpdatedDataSchema>;

/** The body of a `request.status.updated` delivery. */
export const RequestStatusUpdatedEventSchema = z
  .looseObject({
    event: z.literal("request.status.updated"),
    timestamp: z.int().nonnegative().describe("When the status changed, Unix milliseconds."),
    data: RequestStatusUpdatedDataSchema,
  })
  .meta({ id: "RequestStatusUpdatedEvent", description: "A request's status changed." });
export type RequestStatusUpdatedEvent = z.infer<typeof RequestStatusUpdatedEventSchema>;

/** Any webhook event (one kind today; a union as kinds are added). */
export const WebhookEventSchema = RequestStatusUpdatedEventSchema;
export type WebhookEvent = z.infer<typeof WebhookEventSchema>;
