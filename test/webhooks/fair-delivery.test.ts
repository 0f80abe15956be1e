/**
 * Attack: one key points its webhook endpoint at a server that accepts connections and never
 * answers, then makes many status changes. Every delivery of its holds a sending slot until its
 * deadline; without fairness they take every slot and another key's notices wait behind them.
 * Asserted: the other key's deliveries arrive promptly while the stalled ones are in flight, the
 * stalled key never holds more than its share of the slots, and after a few timeouts in a row its
 * breaker leaves it at most one attempt at a time. The breaker's rule itself is a property test.
 */

import type { AddressInfo } from "node:net";
import { createServer, type Server, type Socket } from "node:net";
import { expect } from "chai";
import fc from "fast-check";
import { hashApiKey, type Service } from "../../src/service/index.ts";
import { generateRequests } from "../../src/service/seed.ts";
import { EndpointBreakers } from "../../src/service/webhooks/breaker.ts";
import { API_KEY, OTHER_KEY, testService } from "../service/helpers.ts";
import { runFlow } from "./flow.ts";
import { startReceiver, until } from "./receiver.ts";

/** A server that takes connections and never answers; counts the connections it holds. */
async function startStalled(): Promise<{
  url: string;
  held: Set<Socket>;
  server: Server;
  peak: () => number;
}> {
  const held = new Set<Socket>();
  let peak = 0;
  const server = createServer((socket) => {
    held.add(socket);
    peak = Math.max(peak, held.size);
    socket.resume();
    socket.on("close", () => held.delete(socket));
    socket.on("error", () => {});
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`,
    held,
    server,
    peak: () => peak,
  };
}

describe("webhooks: fair delivery across keys", () => {
  let service: Service;
  let stalled: Awaited<ReturnType<typeof startStalled>>;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;

  afterEach(async () => {
    await service?.close();
    for (const socket of stalled?.held ?? []) socket.destroy();
    stalled?.server.close();
    await receiver?.close();
  });

  it("attack: a stalled endpoint with 60 deliveries queued holds at most its share of the slots; another key's 4 notices arrive within 1 s", async function () {
    this.timeout(30_000);
    stalled = await startStalled();
    receiver = await startReceiver(OTHER_KEY);
    service = testService({
      webhooks: {
        endpoints: { [API_KEY]: stalled.url, [OTHER_KEY]: receiver.url },
        timeoutMs: 2000,
        concurrency: 8,
        retryBaseMs: 60_000,
      },
    });
    await service.ready;
    const requests = generateRequests({ seed: 36, count: 60, wallets: 10 }).map((request) => ({
      ...request,
      meta: { ...request.meta, apiKeyHash: hashApiKey(API_KEY) },
    }));
    service.seedRequests(requests);
    await until(() => stalled.held.size > 0, 5000, "the stalled endpoint holds connections");
    const started = Date.now();
    await runFlow(service, OTHER_KEY);
    await until(() => receiver.received.length === 4, 5000, "the other key's four deliveries");
    const took = Date.now() - started;
    // The attack was live: the stalled endpoint still holds connections while the other key is served.
    expect(stalled.held.size, "stalled deliveries in flight").to.be.greaterThan(0);
    expect(took, "the other key's notices waited behind the stalled endpoint").to.be.below(1000);
    expect(stalled.peak(), "the stalled key took more than half the slots").to.be.at.most(4);
  });

  it("a breaker leaves an endpoint that timed out 3 times in a row one attempt at a time, and its cool-down holds it back", async function () {
    this.timeout(30_000);
    stalled = await startStalled();
    receiver = await startReceiver(OTHER_KEY);
    service = testService({
      webhooks: {
        endpoints: { [API_KEY]: stalled.url },
        timeoutMs: 200,
        concurrency: 8,
        perKeyConcurrency: 8,
        retryBaseMs: 10,
        retryMaxMs: 10,
        breakerCooldownMs: 400,
      },
    });
    await service.ready;
    service.seedRequests(
      generateRequests({ seed: 37, count: 20, wallets: 5 }).map((request) => ({
        ...request,
        meta: { ...request.meta, apiKeyHash: hashApiKey(API_KEY) },
      })),
    );
    await until(() => stalled.peak() === 8, 5000, "the first attempts fill the key's slots");
    // Once those time out (3 or more in a row), the endpoint is cooled down, then probed one at a time.
    // Waited for by their recorded attempts, not a fixed pause: on a busy machine a timed-out attempt's
    // connection can still be open at the stalled endpoint a few hundred ms later.
    const recorded = () =>
      (service.store.prepare("SELECT COUNT(*) AS n FROM webhook_attempts").get() as { n: number }).n;
    await until(
      () => recorded() >= 8 && stalled.held.size <= 1,
      5000,
      "the first attempts time out and close",
    );
    let most = 0;
    const sampledUntil = Date.now() + 1500;
    while (Date.now() < sampledUntil) {
      most = Math.max(most, stalled.held.size);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    expect(most, "attempts in flight to the tripped endpoint").to.be.at.most(1);
    // Without the breaker the 8 slots would have made about 8 attempts per 200 ms (60+ in 1.8 s).
    expect(recorded(), "attempts made").to.be.below(16);
  });

  it("property: the breaker trips after `threshold` timeouts in a row, any answer resets it, and it cools down before one probe", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 5 }),
        fc.array(fc.boolean(), { maxLength: 30 }),
        (threshold, outcomes) => {
          const breakers = new EndpointBreakers({ threshold, cooldownMs: 100, maxCooldownMs: 1000 });
          let now = 0;
          let run = 0;
          let tripped = false;
          for (const timedOut of outcomes) {
            breakers.record("k", timedOut, now);
            run = timedOut ? run + 1 : 0;
            if (!timedOut) tripped = false;
            const tripsNow = run >= threshold;
            if (tripsNow) {
              tripped = true;
              run = 0;
            }
            expect(breakers.tripped("k")).to.equal(tripped);
            if (!tripped) expect(breakers.room("k", now)).to.equal(Number.POSITIVE_INFINITY);
            else {
              // Cooling down right after a trip; afterwards (the cool-down is at most 1000 ms) one probe at a time.
              expect(breakers.room("k", now)).to.equal(tripsNow ? 0 : 1);
              expect(breakers.room("k", now + 1000)).to.equal(1);
            }
            now += 1001;
          }
        },
      ),
    );
  });
});
