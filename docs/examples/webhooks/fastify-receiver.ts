import type { WebhookEvent } from "attestkit/webhooks";
import Fastify from "fastify";
import { receiveDelivery } from "./receive-delivery.ts";

/**
 * A Fastify webhook endpoint at POST /webhooks/solver. The JSON parser is replaced for this
 * instance so the route sees the body as received: a signature is over bytes, and a parsed and
 * re-serialized body is not those bytes.
 */
export async function startFastifyReceiver(secret: string, onEvent: (event: WebhookEvent) => void) {
  const app = Fastify();
  app.addContentTypeParser("application/json", { parseAs: "string" }, (_request, body, done) =>
    done(null, body),
  );
  const seen = new Set<string>();
  app.post("/webhooks/solver", async (request, reply) => {
    const answer = await receiveDelivery(
      { headers: request.headers, rawBody: request.body as string },
      { secret, seen, onEvent },
    );
    return reply.code(answer.status).send(answer.body);
  });
  const address = await app.listen({ host: "127.0.0.1", port: 0 });
  return { url: `${address}/webhooks/solver`, close: () => app.close() };
}
