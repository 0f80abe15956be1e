/**
 * The mock's webhooks end to end: every status change of a request made under a key with an
 * endpoint is posted, signed with the key, in order, retried on non-2xx with backoff, logged; the
 * control routes are per key; status responses carry failReason on failure and refund.
 */
import { expect } from "chai";
import { buildOpenApiDocument } from "../../src/service/index.ts";
import type { Solver } from "../../src/service/lifecycle.ts";
import { verifyWebhook } from "../../src/webhooks/index.ts";
import {
  API_KEY,
  createRequest,
  expectError,
  get,
  OTHER_KEY,
  post,
  testService,
} from "../service/helpers.ts";
import { quoteWithKey, runFlow } from "./flow.ts";
import { startReceiver, until } from "./receiver.ts";

const FAST = { retryBaseMs: 20, timeoutMs: 500 };

describe("service: webhooks", function () {
  this.timeout(60_000);

  it("a successful flow: waiting, depositing, pending, success posted in order, each signed with the key as described", async () => {
    const receiver = await startReceiver(API_KEY);
    const service = testService({ webhooks: { ...FAST, endpoints: { [API_KEY]: receiver.url } } });
    await service.ready;
    try {
      const id = await runFlow(service, API_KEY);
      await until(() => receiver.received.length === 4, 10_000, "4 deliveries");
      await service.webhooks.drained();
      expect(receiver.received.map((d) => d.event.data.status)).to.deep.equal([
        "waiting",
        "depositing",
        "pending",
        "success",
      ]);
      for (const delivery of receiver.received) {
        expect(delivery.signatureValid, delivery.raw).to.equal(true);
        expect(delivery.event.event).to.equal("request.status.updated");
        expect(delivery.event.data.requestId).to.equal(id);
        expect(delivery.deliveryId).to.match(/^whd_[0-9a-f-]{36}$/);
        // The library agrees with the independent receiver.
        const event = await verifyWebhook({
          headers: delivery.headers,
          rawBody: delivery.raw,
          secret: API_KEY,
        });
        expect(event.data.status).to.equal(delivery.event.data.status);
      }
      const last = receiver.received.at(-1)?.event;
      const status = await get(service, `/intents/status/v3?requestId=${id}`);
      expect(last?.data).to.deep.include({ ...(status.body as object), requestId: id });
      expect(new Set(receiver.received.map((d) => d.deliveryId)).size).to.equal(4);
    } finally {
      await service.close();
      await receiver.close();
    }
  });

  it("a service clock two hours ahead of the wall clock (a devnet time move): every delivery passes verifyWebhook on the wall clock, the event's timestamp follows the service's clock", async () => {
    const AHEAD_MS = 2 * 3600_000;
    const receiver = await startReceiver(API_KEY);
    const service = testService({
      now: () => Date.now() + AHEAD_MS,
      webhooks: { ...FAST, endpoints: { [API_KEY]: receiver.url } },
    });
    await service.ready;
    try {
      await runFlow(service, API_KEY);
      await until(() => receiver.received.length === 4, 10_000, "4 deliveries");
      for (const delivery of receiver.received) {
        const event = await verifyWebhook({
          headers: delivery.headers,
          rawBody: delivery.raw,
          secret: API_KEY,
        });
        expect(event.timestamp - Date.now()).to.be.above(AHEAD_MS - 60_000);
      }
    } finally {
      await service.close();
      await receiver.close();
    }
  });

  it("requests of a key without an endpoint, and of no key, post nothing; another key's endpoint gets only its own", async () => {
    const mine = await startReceiver(API_KEY);
    const service = testService({ webhooks: { ...FAST, endpoints: { [API_KEY]: mine.url } } });
    await service.ready;
    try {
      await runFlow(service, OTHER_KEY);
      const anonymous = await createRequest(service);
      await post(service, `/_mock/requests/${anonymous}/deposit`, { final: true }, { "x-api-key": API_KEY });
      await service.lifecycle.idle();
      const own = await runFlow(service, API_KEY);
      await until(() => mine.received.length === 4);
      await service.webhooks.drained();
      expect(mine.received.every((d) => d.event.data.requestId === own)).to.equal(true);
    } finally {
      await service.close();
      await mine.close();
    }
  });

  it("a refund carries its failReason in the webhook and the status endpoint", async () => {
    const receiver = await startReceiver(API_KEY);
    const service = testService({ webhooks: { ...FAST, endpoints: { [API_KEY]: receiver.url } } });
    await service.ready;
    try {
      const id = await runFlow(service, API_KEY, "1");
      await until(() => receiver.received.some((d) => d.event.data.status === "refund"));
      const refund = receiver.received.find((d) => d.event.data.status === "refund");
      expect(refund?.event.data.failReason).to.equal("DEPOSITED_AMOUNT_TOO_LOW_TO_FILL");
      const status = await get(service, `/intents/status/v3?requestId=${id}`);
      expect(status.body).to.deep.include({
        status: "refund",
        failReason: "DEPOSITED_AMOUNT_TOO_LOW_TO_FILL",
      });
    } finally {
      await service.close();
      await receiver.close();
    }
  });

  it("a refund that cannot be paid: failure with failReason and refundFailReason MANUAL_REFUND_REQUIRED", async () => {
    const receiver = await startReceiver(API_KEY);
    const broken: Solver = {
      fill: () => Promise.reject(new Error("solver balance too low")),
      refund: () => Promise.reject(new Error("refund rejected")),
    };
    const service = testService({
      solver: broken,
      webhooks: { ...FAST, endpoints: { [API_KEY]: receiver.url } },
    });
    await service.ready;
    try {
      const id = await runFlow(service, API_KEY);
      await until(() => receiver.received.some((d) => d.event.data.status === "failure"));
      const failure = receiver.received.find((d) => d.event.data.status === "failure");
      expect(failure?.event.data).to.deep.include({
        failReason: "SOLVER_BALANCE_TOO_LOW",
        refundFailReason: "MANUAL_REFUND_REQUIRED",
      });
      const status = await get(service, `/intents/status/v3?requestId=${id}`);
      expect(status.body).to.deep.include({ status: "failure", failReason: "SOLVER_BALANCE_TOO_LOW" });
    } finally {
      await service.close();
      await receiver.close();
    }
  });

  it("non-2xx is retried with exponential backoff under the same delivery id; later statuses wait their turn", async () => {
    let failures = 3;
    const receiver = await startReceiver(API_KEY, (delivery, res) => {
      if (delivery.event.data.status === "waiting" && failures-- > 0) res.writeHead(503).end();
      else res.end();
    });
    const service = testService({
      webhooks: { ...FAST, retryBaseMs: 40, endpoints: { [API_KEY]: receiver.url } },
    });
    await service.ready;
    try {
      await runFlow(service, API_KEY);
      await until(() => receiver.received.length === 7, 10_000, "3 failed + 4 delivered");
      await service.webhooks.drained();
      const waiting = receiver.received.slice(0, 4);
      expect(waiting.map((d) => d.event.data.status)).to.deep.equal([
        "waiting",
        "waiting",
        "waiting",
        "waiting",
      ]);
      expect(new Set(waiting.map((d) => d.deliveryId)).size).to.equal(1);
      expect(waiting.map((d) => d.headers["x-delivery-attempt"])).to.deep.equal(["1", "2", "3", "4"]);
      // Gaps double: 40, 80, 160 ms (at least).
      const gaps = waiting.slice(1).map((d, i) => d.at - (waiting[i] as { at: number }).at);
      expect(gaps[0]).to.be.within(35, 400);
      expect(gaps[1]).to.be.within(75, 600);
      expect(gaps[2]).to.be.within(155, 900);
      expect(receiver.received.slice(4).map((d) => d.event.data.status)).to.deep.equal([
        "depositing",
        "pending",
        "success",
      ]);
      const log = await get(service, "/_mock/webhook/deliveries?state=delivered", { "x-api-key": API_KEY });
      const deliveries = (log.body as { deliveries: { status: string; attempts: number; log: unknown[] }[] })
        .deliveries;
      expect(deliveries.map((d) => [d.status, d.attempts])).to.deep.equal([
        ["success", 1],
        ["pending", 1],
        ["depositing", 1],
        ["waiting", 4],
      ]);
    } finally {
      await service.close();
      await receiver.close();
    }
  });

  it("sleeps until a retry is due: the retry goes out on its time, and with nothing due the dispatcher is never woken", async () => {
    let failures = 1;
    const receiver = await startReceiver(API_KEY, (_delivery, res) => {
      if (failures-- > 0) res.writeHead(503).end();
      else res.end();
    });
    const service = testService({
      webhooks: { ...FAST, retryBaseMs: 500, endpoints: { [API_KEY]: receiver.url } },
    });
    await service.ready;
    let wakes = 0;
    const wake = service.webhooks.wake.bind(service.webhooks);
    service.webhooks.wake = () => {
      wakes++;
      wake();
    };
    try {
      await createRequest(service, {}, API_KEY);
      await until(() => receiver.received.length === 2, 10_000, "1 failed + 1 delivered");
      const [first, retry] = receiver.received.map((delivery) => delivery.at);
      expect((retry as number) - (first as number)).to.be.within(490, 1500);
      await service.webhooks.drained();
      wakes = 0;
      await new Promise((resolve) => setTimeout(resolve, 1000));
      expect(wakes).to.equal(0);
    } finally {
      await service.close();
      await receiver.close();
    }
  });

  it("gives up after 10 retries (11 attempts), logs it failed, and moves on to the request's next status", async () => {
    const receiver = await startReceiver(API_KEY, (delivery, res) => {
      res.writeHead(delivery.event.data.status === "waiting" ? 500 : 200).end();
    });
    const service = testService({
      webhooks: { ...FAST, retryBaseMs: 2, retryMaxMs: 10, endpoints: { [API_KEY]: receiver.url } },
    });
    await service.ready;
    try {
      const id = await quoteWithKey(service, API_KEY);
      await post(service, `/_mock/requests/${id}/deposit`, { final: false }, { "x-api-key": API_KEY });
      await until(() => receiver.received.length === 12, 10_000, "11 attempts + the next status");
      await service.webhooks.drained();
      expect(receiver.received.filter((d) => d.event.data.status === "waiting")).to.have.length(11);
      const log = await get(service, `/_mock/webhook/deliveries?requestId=${id}`, { "x-api-key": API_KEY });
      const [depositing, waiting] = (
        log.body as { deliveries: { state: string; attempts: number; log: { statusCode: number }[] }[] }
      ).deliveries;
      expect(waiting).to.deep.include({ state: "failed", attempts: 11 });
      expect(waiting?.log.map((a) => a.statusCode)).to.deep.equal(Array(11).fill(500));
      expect(depositing).to.deep.include({ state: "delivered", attempts: 1 });
    } finally {
      await service.close();
      await receiver.close();
    }
  });

  it("control routes: each key sets, reads and removes its own endpoint and sees only its own log; bad URLs refused", async () => {
    const receiver = await startReceiver(OTHER_KEY);
    const service = testService({ webhooks: FAST });
    await service.ready;
    try {
      const put = (key: string, url: unknown) =>
        service.app.inject({
          method: "PUT",
          url: "/_mock/webhook",
          headers: { "content-type": "application/json", authorization: `Bearer ${key}` },
          payload: JSON.stringify({ url }),
        });
      expect((await put(OTHER_KEY, receiver.url)).statusCode).to.equal(200);
      expect((await get(service, "/_mock/webhook", { "x-api-key": OTHER_KEY })).body).to.deep.equal({
        url: receiver.url,
      });
      expect((await get(service, "/_mock/webhook", { "x-api-key": API_KEY })).body).to.deep.equal({
        url: null,
      });
      expectError(await get(service, "/_mock/webhook", { "x-api-key": "not-a-key" }), 401, "INVALID_API_KEY");
      for (const bad of [
        "ftp://127.0.0.1/x",
        "http://user:pw@127.0.0.1/x",
        "not a url",
        7,
        `http://x/${"a".repeat(2100)}`,
      ]) {
        const res = await put(OTHER_KEY, bad);
        expect(res.statusCode, String(bad)).to.equal(400);
        expect(JSON.parse(res.body).errorCode).to.equal("INVALID_WEBHOOK_URL");
      }
      await runFlow(service, OTHER_KEY);
      await until(() => receiver.received.length === 4);
      await service.webhooks.drained();
      expect(receiver.received.every((d) => d.signatureValid)).to.equal(true);
      const mine = await get(service, "/_mock/webhook/deliveries", { "x-api-key": OTHER_KEY });
      expect((mine.body as { deliveries: unknown[] }).deliveries).to.have.length(4);
      const theirs = await get(service, "/_mock/webhook/deliveries", { "x-api-key": API_KEY });
      expect((theirs.body as { deliveries: unknown[] }).deliveries).to.have.length(0);
      const removed = await service.app.inject({
        method: "DELETE",
        url: "/_mock/webhook",
        headers: { "content-type": "application/json", "x-api-key": OTHER_KEY },
      });
      expect(JSON.parse(removed.body)).to.deep.equal({ url: null });
      await runFlow(service, OTHER_KEY);
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(receiver.received).to.have.length(4);
    } finally {
      await service.close();
      await receiver.close();
    }
  });

  it("the status endpoint gives no failReason on a status other than failure, fallback and refund", async () => {
    const service = testService();
    try {
      const id = await createRequest(service);
      const waiting = await get(service, `/intents/status/v3?requestId=${id}`);
      expect(waiting.body).to.not.have.property("failReason");
    } finally {
      await service.close();
    }
  });

  it("the OpenAPI document describes the webhook (headers, event) and failReason on the status response", () => {
    const doc = buildOpenApiDocument() as {
      webhooks: Record<string, { post: { requestBody: unknown; parameters: { name: string }[] } }>;
      components: { schemas: Record<string, { properties?: Record<string, unknown> }> };
    };
    const hook = doc.webhooks["request.status.updated"]?.post;
    expect(hook?.parameters.map((p) => p.name)).to.include.members([
      "x-signature-timestamp",
      "x-signature-sha256",
    ]);
    expect(JSON.stringify(hook?.requestBody)).to.include("RequestStatusUpdatedEvent");
    expect(doc.components.schemas.StatusResponse?.properties).to.have.property("failReason");
    expect(JSON.stringify(doc.components.schemas.RequestStatus)).to.include("fallback");
  });

  it("createService refuses an endpoint with credentials, without echoing them, and one for an unknown key", () => {
    const bad = () =>
      testService({ webhooks: { endpoints: { [API_KEY]: "http://user:secret@127.0.0.1/hook" } } });
    expect(bad).to.throw(/invalid webhook endpoint: expected an absolute http\(s\) URL without credentials/);
    expect(() => bad()).to.not.throw(/secret/);
    expect(() => testService({ webhooks: { endpoints: { "not-a-key": "http://127.0.0.1/hook" } } })).to.throw(
      /not an API key/,
    );
  });
});
