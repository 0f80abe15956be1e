/**
 * Mock-only control routes of the webhooks (under `/_mock/webhook`, not part of the service's API):
 * each API key reads, sets and removes its own endpoint and reads its own delivery log, proven by
 * the key itself (`x-api-key` or `Authorization: Bearer`). No key sees another's endpoint or log.
 */
import { isIP } from "node:net";
import type { FastifyInstance, FastifyRequest } from "fastify";
import * as z from "zod";
import { RequestIdSchema } from "../../schemas/index.ts";
import { type ApiKeyRegistry, optionalKey } from "../auth.ts";
import { badRequest, parseOr400, unauthorized } from "../errors.ts";
import { refusedAddress } from "./delivery-address.ts";
import type { WebhookDispatcher } from "./dispatcher.ts";
import { WebhookUrlSchema } from "./endpoint-url.ts";

export const EndpointBodySchema = z.object({ url: WebhookUrlSchema }).meta({ id: "MockWebhookEndpointBody" });
export const DeliveriesQuerySchema = z
  .object({
    requestId: RequestIdSchema.optional(),
    state: z.enum(["pending", "delivered", "failed"]).optional(),
    limit: z.coerce.number().int().min(1).max(500).optional(),
  })
  .meta({ id: "MockWebhookDeliveriesQuery" });

export function registerWebhookRoutes(
  app: FastifyInstance,
  keys: ApiKeyRegistry,
  webhooks: WebhookDispatcher,
  now: () => number,
): void {
  const keyOf = (request: FastifyRequest): string => {
    const hash = optionalKey(keys, request.headers as Record<string, unknown>);
    if (hash === null)
      throw unauthorized("INVALID_API_KEY", "a valid API key (x-api-key or Bearer) is required");
    return hash;
  };
  const { outbox } = webhooks;
  app.get("/_mock/webhook", async (request) => ({ url: outbox.endpoint(keyOf(request)) }));
  app.put("/_mock/webhook", async (request) => {
    const keyHash = keyOf(request);
    const { url } = parseOr400(EndpointBodySchema, request.body, "body", "INVALID_WEBHOOK_URL");
    const host = new URL(url).hostname.replace(/^\[|\]$/g, "");
    const refused = isIP(host) === 0 ? null : refusedAddress(host, webhooks.allowsPrivateNetworks);
    if (refused !== null) throw badRequest("WEBHOOK_ADDRESS_REFUSED", `the endpoint's host is ${refused}`);
    outbox.setEndpoint(keyHash, url, now());
    return { url };
  });
  app.delete("/_mock/webhook", async (request) => {
    outbox.setEndpoint(keyOf(request), null, now());
    return { url: null };
  });
  app.get("/_mock/webhook/deliveries", async (request) => {
    const keyHash = keyOf(request);
    const query = parseOr400(DeliveriesQuerySchema, request.query, "query", "INVALID_QUERY");
    const deliveries = outbox.list(keyHash, query).map(({ keyHash: _key, body, ...delivery }) => ({
      ...delivery,
      body: JSON.parse(body) as unknown,
    }));
    return { deliveries };
  });
}
