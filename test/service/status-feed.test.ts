/**
 * The status WebSocket on the service's port, driven by the `ws` client library over the network:
 * the connection handshake, subscribe and unsubscribe acknowledgements, every status change of a
 * subscribed request in order (and none of others), refusals of bad input with a typed error, and
 * the bounds that keep a client from growing the service.
 */
import { expect } from "chai";
import WebSocket from "ws";
import { connectStatusFeed, StatusFeedError } from "../../src/client/index.ts";
import type { Service } from "../../src/service/index.ts";
import { STATUS_FEED_LIMITS } from "../../src/service/status-feed.ts";
import { API_KEY, createRequest, depositAndSettle, testService } from "./helpers.ts";

// biome-ignore lint/suspicious/noExplicitAny: the test reads the server's JSON messages member by member
type Json = Record<string, any>;

/** A raw connection whose messages are queued for `next()`. */
async function open(url: string): Promise<{ socket: WebSocket; next: () => Promise<Json> }> {
  const socket = new WebSocket(url);
  const queue: Json[] = [];
  const waiting: Array<(message: Json) => void> = [];
  socket.on("message", (data) => {
    const message = JSON.parse(String(data));
    const resolve = waiting.shift();
    if (resolve) resolve(message);
    else queue.push(message);
  });
  await new Promise((resolve, reject) => {
    socket.once("open", resolve);
    socket.once("error", reject);
  });
  const next = () =>
    queue.length > 0
      ? Promise.resolve(queue.shift()!)
      : new Promise<Json>((resolve, reject) => {
          const timer = setTimeout(() => reject(new Error("no message within 5 s")), 5000);
          waiting.push((message) => {
            clearTimeout(timer);
            resolve(message);
          });
        });
  return { socket, next };
}

const subscribe = (id: string) =>
  JSON.stringify({ type: "subscribe", event: "request.status.updated", filters: { id } });

/** The HTTP status an upgrade to `url` is refused with. */
function refusedUpgrade(url: string, headers: Record<string, string> = {}): Promise<number> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url, { headers });
    socket.on("unexpected-response", (_request, response) => {
      resolve(response.statusCode ?? 0);
      socket.terminate();
    });
    socket.on("open", () => reject(new Error("the upgrade was accepted")));
    socket.on("error", () => {});
  });
}

describe("service: status WebSocket", () => {
  let service: Service;
  let url: string;
  let wsUrl: string;

  beforeEach(async () => {
    service = testService();
    url = await service.listen(0);
    wsUrl = url.replace("http:", "ws:");
  });
  afterEach(() => service.close());

  it("says ready, acknowledges a subscription and pushes every status change of that request in order", async () => {
    const { socket, next } = await open(`${wsUrl}/?apiKey=${API_KEY}`);
    const hello = await next();
    expect(hello).to.deep.include({ type: "connection", status: "ready" });
    expect(hello.data.id).to.be.a("string").and.not.equal("");
    const requestId = await createRequest(service);
    const other = await createRequest(service);
    socket.send(subscribe(requestId));
    expect(await next()).to.deep.equal({
      type: "subscribe",
      status: "success",
      data: { event: "request.status.updated", filters: { id: requestId } },
    });
    const final = await depositAndSettle(service, url, requestId);
    await depositAndSettle(service, url, other);
    const seen: Json[] = [];
    while (seen.at(-1)?.data.status !== final.status) seen.push(await next());
    // A service without chains settles a final deposit straight to pending, then fills.
    expect(seen.map((event) => event.data.status)).to.deep.equal(["pending", "success"]);
    for (const event of seen) {
      expect(event.event).to.equal("request.status.updated");
      expect(event.data.requestId).to.equal(requestId);
      expect(event.data).to.include.keys(
        "inTxHashes",
        "txHashes",
        "updatedAt",
        "originChainId",
        "destinationChainId",
      );
      expect(event.publishedAt).to.be.at.least(event.data.updatedAt);
    }
    expect(seen.at(-1)!.data.txHashes).to.deep.equal(final.txHashes);
    socket.send(
      JSON.stringify({ type: "unsubscribe", event: "request.status.updated", filters: { id: requestId } }),
    );
    expect(await next()).to.deep.equal({
      type: "unsubscribe",
      status: "success",
      data: { event: "request.status.updated" },
    });
    socket.close();
  });

  it("refuses bad messages with a typed error and keeps the connection", async () => {
    const { socket, next } = await open(wsUrl);
    await next();
    for (const bad of [
      "not json",
      JSON.stringify({ type: "subscribe", event: "request.status.updated", filters: { id: "0x12" } }),
      JSON.stringify({
        type: "subscribe",
        event: "request.created",
        filters: { id: `0x${"ab".repeat(32)}` },
      }),
      JSON.stringify({
        type: "publish",
        event: "request.status.updated",
        filters: { id: `0x${"ab".repeat(32)}` },
      }),
    ]) {
      socket.send(bad);
      const answer = await next();
      expect(answer, bad).to.deep.include({ type: "error", status: "error" });
      expect(answer.data.errorCode, bad).to.equal("INVALID_MESSAGE");
    }
    socket.send(subscribe(`0x${"ab".repeat(32)}`));
    expect((await next()).status).to.equal("success");
    socket.close();
  });

  it(`a connection holds at most ${STATUS_FEED_LIMITS.subscriptionsPerConnection} subscriptions`, async () => {
    const { socket, next } = await open(wsUrl);
    await next();
    for (let i = 0; i < STATUS_FEED_LIMITS.subscriptionsPerConnection; i++) {
      socket.send(subscribe(`0x${i.toString(16).padStart(64, "0")}`));
      expect((await next()).status).to.equal("success");
    }
    socket.send(subscribe(`0x${"ff".repeat(32)}`));
    expect((await next()).data.errorCode).to.equal("TOO_MANY_SUBSCRIPTIONS");
    socket.close();
  });

  it("refuses an unknown API key (401), another path (404), a foreign Host or page origin (403) before upgrading", async () => {
    expect(await refusedUpgrade(`${wsUrl}/?apiKey=not-a-key`)).to.equal(401);
    expect(await refusedUpgrade(`${wsUrl}/feed`)).to.equal(404);
    expect(await refusedUpgrade(wsUrl, { host: "evil.example" })).to.equal(403);
    expect(await refusedUpgrade(wsUrl, { origin: "https://evil.example" })).to.equal(403);
  });

  it("connectStatusFeed: waits for a status over the feed, and refusals reject with StatusFeedError", async () => {
    const feed = await connectStatusFeed({ url, apiKey: API_KEY, WebSocket });
    expect(feed.connectionId).to.be.a("string");
    const requestId = await createRequest(service);
    const events: string[] = [];
    const off = await feed.subscribe(requestId, (event) => events.push(event.data.status));
    const success = feed.waitForStatus(requestId, ["success", "failure", "refund"], { timeoutMs: 10_000 });
    await depositAndSettle(service, url, requestId);
    expect((await success).data.status).to.equal("success");
    expect(events).to.deep.equal(["pending", "success"]);
    await off();
    const refused = await feed.subscribe("0x12", () => {}).catch((error: unknown) => error);
    expect(refused).to.be.instanceOf(StatusFeedError);
    expect((refused as StatusFeedError).code).to.equal("INVALID_MESSAGE");
    feed.close();
    const closed = await feed.subscribe(requestId, () => {}).catch((error: unknown) => error);
    expect((closed as StatusFeedError).code).to.equal("STATUS_FEED_CLOSED");
  });

  it("connectStatusFeed refuses a bad URL and an unknown key with typed errors", async () => {
    const badUrl = await connectStatusFeed({ url: "ftp://x", WebSocket }).catch((error: unknown) => error);
    expect((badUrl as StatusFeedError).code).to.equal("STATUS_FEED_BAD_URL");
    const badKey = await connectStatusFeed({ url, apiKey: "nope", WebSocket }).catch(
      (error: unknown) => error,
    );
    expect(badKey).to.be.instanceOf(StatusFeedError);
  });

  it("a closing service closes its feed connections (1001)", async () => {
    const { socket, next } = await open(wsUrl);
    await next();
    const closed = new Promise<number>((resolve) => socket.once("close", (code) => resolve(code)));
    await service.close();
    expect(await closed).to.equal(1001);
  });
});
