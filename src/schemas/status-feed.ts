/**
 * Messages of the service's status WebSocket (the service's AsyncAPI document
 * `websocket-reference.json`; the service interface shows none). The client subscribes to one
 * request id per message and receives `request.status.updated` for each status change. Loose
 * server objects: newer messages add members a client must not reject.
 */
import * as z from "zod";
import { RequestStatusSchema } from "./enums.ts";
import { ChainIdSchema, RequestIdSchema, TxHashSchema } from "./primitives.ts";

/** The one event the feed carries. */
export const STATUS_FEED_EVENT = "request.status.updated";

const FiltersSchema = z.object({ id: RequestIdSchema }).strict();

/** What a client sends: subscribe to, or unsubscribe from, one request's status changes. */
export const StatusFeedClientMessageSchema = z
  .object({
    type: z.enum(["subscribe", "unsubscribe"]),
    event: z.literal(STATUS_FEED_EVENT),
    filters: FiltersSchema,
  })
  .strict()
  .meta({ id: "StatusFeedClientMessage", description: "A subscribe or unsubscribe message." });
export type StatusFeedClientMessage = z.infer<typeof StatusFeedClientMessageSchema>;

/** The server's first message on a connection. */
export const StatusFeedReadySchema = z.looseObject({
  type: z.literal("connection"),
  status: z.literal("ready"),
  data: z.looseObject({ id: z.string() }),
});

/** The server's answer to a subscribe or unsubscribe. */
export const StatusFeedAckSchema = z.looseObject({
  type: z.enum(["subscribe", "unsubscribe"]),
  status: z.literal("success"),
  data: z.looseObject({ event: z.literal(STATUS_FEED_EVENT), filters: FiltersSchema.optional() }),
});

/** Mock extension: a message the server could not take, with why (the connection stays open). */
export const StatusFeedErrorSchema = z.looseObject({
  type: z.literal("error"),
  status: z.literal("error"),
  data: z.looseObject({ errorCode: z.string(), message: z.string() }),
});

/** A request's new status, as the feed pushes it. */
export const StatusFeedEventSchema = z
  .looseObject({
    event: z.literal(STATUS_FEED_EVENT),
    data: z.looseObject({
      requestId: RequestIdSchema,
      status: RequestStatusSchema,
      inTxHashes: z.array(TxHashSchema),
      txHashes: z.array(TxHashSchema),
      updatedAt: z.number().nonnegative().describe("When the request last changed, Unix milliseconds."),
      originChainId: ChainIdSchema,
      destinationChainId: ChainIdSchema,
    }),
    publishedAt: z.number().nonnegative().describe("When the server sent the event, Unix milliseconds."),
  })
  .meta({ id: "StatusFeedEvent", description: "A request's status changed." });
export type StatusFeedEvent = z.infer<typeof StatusFeedEventSchema>;

/** Anything the server sends. */
export const StatusFeedServerMessageSchema = z.union([
  StatusFeedEventSchema,
  StatusFeedReadySchema,
  StatusFeedAckSchema,
  StatusFeedErrorSchema,
]);
export type StatusFeedServerMessage = z.infer<typeof StatusFeedServerMessageSchema>;
