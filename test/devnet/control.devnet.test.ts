/** The devnet's control endpoint (`/_devnet/time`) over HTTP, beside the same clock in TypeScript. */
import { expect } from "chai";
import fc from "fast-check";
import { type Devnet, startDevnet } from "../../src/devnet/devnet.ts";

interface Time {
  now: number;
  timestamp: number;
  paused: boolean;
  offsetMs: number;
}

describe("devnet: control endpoint for the clock", function () {
  this.timeout(120_000);
  let devnet: Devnet;

  const post = async (path: string, body?: unknown) => {
    const response = await fetch(`${devnet.serviceUrl}/_devnet${path}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    return { status: response.status, body: (await response.json()) as Time & { errorCode?: string } };
  };
  const latestTimestamp = async (chainId: number) => {
    const block = (await devnet.evmChain(chainId).provider.request({
      method: "eth_getBlockByNumber",
      params: ["latest", false],
    })) as { timestamp: string };
    return Number(BigInt(block.timestamp));
  };

  before(async () => {
    devnet = await startDevnet({ blockTimeMs: 0, logger: false });
  });
  after(() => devnet?.close());

  it("increase moves every chain's next block and slot and the service; set-next stamps the next EVM blocks exactly", async () => {
    const before = (await (await fetch(`${devnet.serviceUrl}/_devnet/time`)).json()) as Time;
    const moved = await post("/time/increase", { seconds: 7200 });
    expect(moved.status).to.equal(200);
    expect(moved.body.timestamp >= before.timestamp + 7200).to.equal(true);
    await devnet.evmChain(8453).mine();
    expect((await latestTimestamp(8453)) >= before.timestamp + 7200).to.equal(true);
    expect(Number(devnet.svm.svm.getClock().unixTimestamp) >= before.timestamp + 7200).to.equal(true);

    const next = moved.body.timestamp + 50;
    expect((await post("/time/set-next", { timestamp: next })).status).to.equal(200);
    await devnet.evmChain(8453).mine();
    await devnet.evmChain(10).mine();
    expect(await latestTimestamp(8453)).to.equal(next);
    expect(await latestTimestamp(10)).to.equal(next);
  });

  it("pause holds every clock still (EVM blocks step one second each, slots stop); resume restarts them", async () => {
    const paused = await post("/time/pause");
    expect(paused.body.paused).to.equal(true);
    try {
      const slot = devnet.svm.ledger.slot("processed");
      await new Promise((resolve) => setTimeout(resolve, 1200));
      expect(devnet.time.now()).to.equal(paused.body.now);
      expect(devnet.svm.ledger.slot("processed")).to.equal(slot);
      const latest = await latestTimestamp(8453);
      await devnet.evmChain(8453).mine();
      expect(await latestTimestamp(8453)).to.equal(Math.max(paused.body.timestamp, latest + 1));
    } finally {
      const resumed = await post("/time/resume");
      expect(resumed.body.paused).to.equal(false);
    }
  });

  it("property: a malformed body is refused 400 INVALID_REQUEST; a time in the past 400 INVALID_TIME_CHANGE; nothing moves", async () => {
    const state = () => devnet.time.state();
    const bad = fc.oneof(
      fc.record({ seconds: fc.oneof(fc.integer({ max: -1 }), fc.double({ noInteger: true }), fc.string()) }),
      fc.record({ seconds: fc.integer({ min: 0, max: 10 }), extra: fc.constant(1) }),
      fc.constant({}),
    );
    const offset = state().offsetMs;
    await fc.assert(
      fc.asyncProperty(bad, async (body) => {
        const answer = await post("/time/increase", body);
        expect(answer.status).to.equal(400);
        expect(answer.body.errorCode).to.equal("INVALID_REQUEST");
      }),
      { numRuns: 25 },
    );
    const past = await post("/time/set-next", { timestamp: 1 });
    expect(past.status).to.equal(400);
    expect(past.body.errorCode).to.equal("INVALID_TIME_CHANGE");
    expect(state().offsetMs).to.equal(offset);
  });
});
