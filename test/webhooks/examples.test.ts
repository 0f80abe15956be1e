/**
 * The receive-webhooks samples (docs/examples/webhooks) for Fastify, Express and a fetch-style
 * (Next.js route) handler, each receiving real deliveries from the mock service under its own API
 * key: every status of a flow arrives once, in order; forged, replayed and repeated posts are
 * answered as the guide says.
 */
import "../conformance/svm-attestkit-resolve.ts";
import { createHmac } from "node:crypto";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { expect } from "chai";
import type { WebhookEvent } from "../../src/webhooks/index.ts";
import { API_KEY, OTHER_KEY, testService } from "../service/helpers.ts";
import { runFlow } from "./flow.ts";
import { until } from "./receiver.ts";

const { startFastifyReceiver } = await import("../../docs/examples/webhooks/fastify-receiver.ts");
const { startExpressReceiver } = await import("../../docs/examples/webhooks/express-receiver.ts");
const { webhookRoute } = await import("../../docs/examples/webhooks/fetch-route.ts");

const ROUTE_KEY = "test-key-gamma";

/** Serves a fetch-style handler on loopback, as a Next.js or edge runtime would call it. */
async function serveFetchHandler(handler: (request: Request) => Promise<Response>) {
  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const headers = new Headers();
    for (const [name, value] of Object.entries(req.headers))
      if (typeof value === "string") headers.set(name, value);
    const response = await handler(
      new Request(`http://127.0.0.1${req.url}`, { method: "POST", headers, body: Buffer.concat(chunks) }),
    );
    res.writeHead(response.status).end(await response.text());
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/webhooks/solver`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

async function postSigned(url: string, body: string, timestamp: number, key: string) {
  const signature = createHmac("sha256", key).update(`${timestamp}.${body}`).digest("hex");
  const res = await fetch(url, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      "x-signature-timestamp": String(timestamp),
      "x-signature-sha256": signature,
    },
    body,
  });
  return { status: res.status, body: await res.text() };
}

describe("docs/examples/webhooks: Fastify, Express and fetch-route receivers on real deliveries", function () {
  this.timeout(60_000);

  it("each receives every status of its key's flow once, in order, and refuses forged, replayed and repeated posts", async () => {
    const events: Record<string, WebhookEvent[]> = { fastify: [], express: [], route: [] };
    const receivers = {
      fastify: await startFastifyReceiver(API_KEY, (event) => void events.fastify?.push(event)),
      express: await startExpressReceiver(OTHER_KEY, (event) => void events.express?.push(event)),
      route: await serveFetchHandler(webhookRoute(ROUTE_KEY, (event) => void events.route?.push(event))),
    };
    const keys = { fastify: API_KEY, express: OTHER_KEY, route: ROUTE_KEY } as const;
    const service = testService({
      apiKeys: [API_KEY, OTHER_KEY, ROUTE_KEY],
      webhooks: {
        retryBaseMs: 20,
        endpoints: Object.fromEntries(
          Object.entries(keys).map(([name, key]) => [key, receivers[name as keyof typeof keys].url]),
        ),
      },
    });
    await service.ready;
    try {
      for (const [name, key] of Object.entries(keys)) {
        const id = await runFlow(service, key);
        await until(() => events[name]?.length === 4, 10_000, `${name}: 4 events`);
        expect(events[name]?.map((e) => [e.data.requestId, e.data.status])).to.deep.equal(
          ["waiting", "depositing", "pending", "success"].map((status) => [id, status]),
        );
      }
      await service.webhooks.drained();
      for (const [name, key] of Object.entries(keys)) {
        const url = receivers[name as keyof typeof keys].url;
        const last = events[name]?.at(-1) as WebhookEvent;
        const body = JSON.stringify(last);
        // Attack: a forger without the key signs a "success" with another key.
        expect(await postSigned(url, body, Date.now(), "guessed-key"), name).to.deep.equal({
          status: 401,
          body: "WEBHOOK_BAD_SIGNATURE",
        });
        // Attack: a delivery captured an hour ago, replayed (its signature is genuine).
        expect(await postSigned(url, body, Date.now() - 3_600_000, key), name).to.deep.equal({
          status: 401,
          body: "WEBHOOK_STALE_TIMESTAMP",
        });
        // A genuine repeat (the service retrying) is acknowledged and not acted on twice.
        expect(await postSigned(url, body, Date.now(), key), name).to.deep.equal({
          status: 200,
          body: "duplicate",
        });
        expect(events[name]).to.have.length(4);
      }
    } finally {
      await service.close();
      for (const receiver of Object.values(receivers)) await receiver.close();
    }
  });
});
