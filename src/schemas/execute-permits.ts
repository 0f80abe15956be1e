/**
 * POST /execute/permits (the service's SDK endpoint for signature steps, beyond the service interface):
 * the signature in the `signature` query parameter, the step item's `post.body` as the body.
 */
import * as z from "zod";
import { HexSignatureSchema, RequestIdSchema, TxHashSchema } from "./primitives.ts";

/** Query of POST /execute/permits. */
export const ExecutePermitsQuerySchema = z
  .object({ signature: HexSignatureSchema })
  .meta({ id: "ExecutePermitsQuery", description: "The user's signature over the step item's typed data." });
export type ExecutePermitsQuery = z.infer<typeof ExecutePermitsQuerySchema>;

/** Body of POST /execute/permits: the signature step item's `post.body`, as quoted. */
export const ExecutePermitsBodySchema = z
  .looseObject({
    kind: z
      .string()
      .min(1)
      .max(64)
      .describe("Which signature this is: `multicall-authorization` or `eip3009` for a gasless deposit."),
    requestId: RequestIdSchema,
    api: z.string().max(32).optional().describe("The service's name for the flow (`bridge`, `swap`)."),
  })
  .meta({ id: "ExecutePermitsBody", description: "Body of POST /execute/permits." });
export type ExecutePermitsBody = z.infer<typeof ExecutePermitsBodySchema>;

/** Response of POST /execute/permits. */
export const ExecutePermitsResponseSchema = z
  .object({
    message: z.string(),
    requestId: RequestIdSchema,
    /** Present once every signature of the step arrived and the relayer's transaction was included. */
    txHash: TxHashSchema.optional(),
  })
  .meta({ id: "ExecutePermitsResponse", description: "Response of POST /execute/permits." });
export type ExecutePermitsResponse = z.infer<typeof ExecutePermitsResponseSchema>;
