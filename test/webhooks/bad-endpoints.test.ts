/**
 * Bad webhook endpoints cost the service a bounded attempt each and never its responsiveness:
 * refused connections, endpoints that never answer, answer a byte at a time, redirect elsewhere or
 * send an endless body are each cut off at the deadline or the read cap and retried; at most
 * `concurrency` connections are open at once; the API answers as fast while they stall.
 */
import { createServer as createHttpServer, request as httpRequest } from "node:http";
import type { AddressInfo } from "node:net";
import { createServer as createTcpServer, type Server, type Socket } from "node:net";
import { expect } from "chai";
import type { Service } from "../../src/service/index.ts";
import { API_KEY, testService } from "../service/helpers.ts";
import { quoteWithKey } from "./flow.ts";
import { startReceiver, until } from "./receiver.ts";

const TIMEOUT_MS = 300;

interface LoggedDelivery {
  id: string;
  state: string;
  attempts: number;
  log: { statusCode: number | null; error: string | null; durationMs: number }[];
}

async function deliveries(service: Service): Promise<LoggedDelivery[]> {
  const res = await service.app.inject({
    method: "GET",
    url: "/_mock/webhook/deliveries",
    headers: { "x-api-key": API_KEY },
  });
  return (JSON.parse(res.body) as { deliveries: LoggedDelivery[] }).deliveries;
}

function listenTcp(
  onSocket: (socket: Socket) => void,
): Promise<{ server: Server; url: string; sockets: Set<Socket> }> {
  const sockets = new Set<Socket>();
  const server = createTcpServer((socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
    socket.on("error", () => {});
    onSocket(socket);
  });
  return new Promise((resolve) =>
    server.listen(0, "127.0.0.1", () =>
      resolve({ server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`, sockets }),
    ),
  );
}

function closeTcp(target: { server: Server; sockets: Set<Socket> }): Promise<void> {
  for (const socket of target.sockets) socket.destroy();
  return new Promise((resolve) => target.server.close(() => resolve()));
}

function serviceFor(url: string, extra: Record<string, number> = {}): Service {
  return testService({
    webhooks: {
      endpoints: { [API_KEY]: url },
      timeoutMs: TIMEOUT_MS,
      retryBaseMs: 50,
      maxResponseBytes: 1024,
      ...extra,
    },
  });
}

/** Polls the delivery log until `done` holds for it. */
async function waitForLog(
  service: Service,
  done: (log: LoggedDelivery[]) => boolean,
  what: string,
): Promise<LoggedDelivery[]> {
  let log: LoggedDelivery[] = [];
  const end = Date.now() + 10_000;
  for (;;) {
    log = await deliveries(service);
    if (done(log)) return log;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}: ${JSON.stringify(log)}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

async function repoint(service: Service, url: string): Promise<void> {
  const res = await service.app.inject({
    method: "PUT",
    url: "/_mock/webhook",
    headers: { "content-type": "application/json", "x-api-key": API_KEY },
    payload: JSON.stringify({ url }),
  });
  expect(res.statusCode, res.body).to.equal(200);
}

const attemptsOf = (log: LoggedDelivery[]) => log[0]?.attempts ?? 0;

describe("service: webhooks to bad endpoints", function () {
  this.timeout(60_000);
  let service: Service | null = null;
  const closers: (() => Promise<void>)[] = [];
  afterEach(async () => {
    await service?.close();
    service = null;
    for (const close of closers.splice(0)) await close();
  });

  it("refused connection: logged ECONNREFUSED at once, retried, delivered to the endpoint set next", async () => {
    const probe = await listenTcp((socket) => socket.destroy());
    const port = (probe.server.address() as AddressInfo).port;
    await closeTcp(probe);
    service = serviceFor(`http://127.0.0.1:${port}/hook`);
    await service.ready;
    await quoteWithKey(service, API_KEY);
    const log = await waitForLog(service, (l) => attemptsOf(l) >= 2, "two refused attempts");
    expect(log[0]?.state).to.equal("pending");
    expect(log[0]?.log.slice(0, 2).map((a) => [a.statusCode, a.error])).to.deep.equal([
      [null, "ECONNREFUSED"],
      [null, "ECONNREFUSED"],
    ]);
    expect(Math.max(...(log[0]?.log.map((a) => a.durationMs) ?? []))).to.be.below(TIMEOUT_MS);
    const receiver = await startReceiver(API_KEY);
    closers.push(receiver.close);
    await repoint(service, receiver.url);
    await until(() => receiver.received.length === 1);
    expect(receiver.received[0]?.signatureValid).to.equal(true);
    expect(receiver.received[0]?.deliveryId).to.equal(log[0]?.id);
  });

  it("an endpoint that accepts and never answers: each attempt cut off at the deadline", async () => {
    const silent = await listenTcp(() => {});
    closers.push(() => closeTcp(silent));
    service = serviceFor(silent.url);
    await service.ready;
    await quoteWithKey(service, API_KEY);
    const log = await waitForLog(service, (l) => attemptsOf(l) >= 2, "two timed-out attempts");
    for (const attempt of log[0]?.log ?? []) {
      expect(attempt.statusCode).to.equal(null);
      expect(attempt.error).to.equal(`no answer within ${TIMEOUT_MS} ms`);
      expect(attempt.durationMs).to.be.within(TIMEOUT_MS - 5, TIMEOUT_MS + 700);
    }
  });

  it("a slow endpoint that dribbles its answer a byte at a time and never reads: cut off at the deadline", async () => {
    const status = "HTTP/1.1 200 OK\r\ncontent-length: 2\r\n\r\nok";
    const slow = await listenTcp((socket) => {
      socket.pause();
      let i = 0;
      const timer = setInterval(() => {
        if (socket.destroyed || i >= status.length) return clearInterval(timer);
        socket.write(status[i++] as string);
      }, 100);
      socket.on("close", () => clearInterval(timer));
    });
    closers.push(() => closeTcp(slow));
    service = serviceFor(slow.url);
    await service.ready;
    await quoteWithKey(service, API_KEY);
    const log = await waitForLog(service, (l) => attemptsOf(l) >= 1, "one slow attempt");
    const attempt = log[0]?.log[0];
    expect(attempt?.durationMs).to.be.within(TIMEOUT_MS - 5, TIMEOUT_MS + 700);
    expect(attempt?.error).to.equal(`no answer within ${TIMEOUT_MS} ms`);
    expect(log[0]?.state).to.equal("pending");
  });

  it("a redirect is an answer, never followed: logged 302, retried, the target never reached", async () => {
    const target = await startReceiver(API_KEY);
    closers.push(target.close);
    const redirecting = createHttpServer((_req, res) => res.writeHead(302, { location: target.url }).end());
    await new Promise<void>((resolve) => redirecting.listen(0, "127.0.0.1", resolve));
    closers.push(() => new Promise((resolve) => redirecting.close(() => resolve())));
    service = serviceFor(`http://127.0.0.1:${(redirecting.address() as AddressInfo).port}/hook`);
    await service.ready;
    await quoteWithKey(service, API_KEY);
    const log = await waitForLog(service, (l) => attemptsOf(l) >= 2, "two redirected attempts");
    expect(log[0]?.log.slice(0, 2).map((a) => a.statusCode)).to.deep.equal([302, 302]);
    expect(log[0]?.state).to.equal("pending");
    expect(target.received).to.have.length(0);
  });

  it("an endless response body is read only up to the cap: the attempt ends at once, the sender stops", async () => {
    let written = 0;
    let closedAt = 0;
    const chunk = Buffer.alloc(64 * 1024, 120);
    const flood = createHttpServer((req, res) => {
      req.resume();
      res.writeHead(500, { "content-type": "text/plain" });
      const pump = () => {
        while (!res.destroyed && written < 256 * 1024 * 1024) {
          written += chunk.length;
          if (!res.write(chunk)) return void res.once("drain", pump);
        }
      };
      res.on("close", () => {
        closedAt = written;
      });
      pump();
    });
    await new Promise<void>((resolve) => flood.listen(0, "127.0.0.1", resolve));
    closers.push(
      () =>
        new Promise((resolve) => {
          flood.closeAllConnections();
          flood.close(() => resolve());
        }),
    );
    service = serviceFor(`http://127.0.0.1:${(flood.address() as AddressInfo).port}/hook`, {
      maxRetries: 0,
    });
    await service.ready;
    await quoteWithKey(service, API_KEY);
    const log = await waitForLog(service, (l) => l[0]?.state === "failed", "the flooded attempt");
    expect(log[0]?.log[0]?.statusCode).to.equal(500);
    expect(log[0]?.log[0]?.durationMs).to.be.below(TIMEOUT_MS);
    await until(() => closedAt > 0, 5000, "the flood's connection closed");
    // What the sender could push before the connection dropped is socket buffering, not a read body.
    expect(closedAt).to.be.below(32 * 1024 * 1024);
  });

  it("at most `concurrency` connections are open at once, however many deliveries wait", async () => {
    let open = 0;
    let most = 0;
    const stall = await listenTcp((socket) => {
      open++;
      most = Math.max(most, open);
      socket.resume(); // reads (and drops) the request, so the sender's close is seen
      socket.on("close", () => open--);
    });
    closers.push(() => closeTcp(stall));
    // One key allowed every slot and no breaker: the global cap alone holds the connections.
    service = serviceFor(stall.url, { concurrency: 3, perKeyConcurrency: 3, breakerThreshold: 0 });
    await service.ready;
    for (let i = 0; i < 12; i++) await quoteWithKey(service, API_KEY);
    await new Promise((resolve) => setTimeout(resolve, TIMEOUT_MS * 3.5));
    expect(most).to.equal(3);
    const log = await deliveries(service);
    // Three slots, each attempt held to the deadline: about three attempts per deadline, no more.
    expect(log.reduce((sum, d) => sum + d.attempts, 0)).to.be.within(6, 12);
  });

  it("the API answers as fast while every sending slot is stalled on a silent endpoint", async () => {
    const stall = await listenTcp(() => {});
    closers.push(() => closeTcp(stall));
    service = serviceFor(stall.url, { timeoutMs: 5000, concurrency: 4 });
    const baseUrl = await service.listen(0);
    const id = await quoteWithKey(service, API_KEY);
    const timeStatus = async () => {
      const started = performance.now();
      await new Promise<void>((resolve, reject) => {
        httpRequest(`${baseUrl}/intents/status/v3?requestId=${id}`, (res) => {
          res.resume();
          res.on("end", resolve);
        })
          .on("error", reject)
          .end();
      });
      return performance.now() - started;
    };
    for (let i = 0; i < 20; i++) await quoteWithKey(service, API_KEY);
    await until(() => stall.sockets.size === 4, 5000, "every slot stalled");
    const latencies: number[] = [];
    for (let i = 0; i < 50; i++) latencies.push(await timeStatus());
    expect(stall.sockets.size).to.equal(4);
    // A request queued behind a stalled slot would wait out its 5 s timeout; a second is load headroom.
    expect(Math.max(...latencies)).to.be.below(1000);
  });
});
