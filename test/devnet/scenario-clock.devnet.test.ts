/**
 * Scenario holds run on the devnet's clock: moving it releases a hold at once however long it is,
 * pausing it keeps a hold from ending, and a snapshot or revert taken while a hold runs returns at
 * once (it never waits for the hold) and leaves the hold to end when it would have.
 */
import { expect } from "chai";
import type { StatusResponse } from "../../src/index.ts";
import { type E2e, evmToSvmTransfer, startE2e } from "../e2e/fixture.ts";

const HOLD_MS = 240_000;

describe("devnet: scenario holds on the devnet's clock", function () {
  this.timeout(60_000);
  let e2e: E2e;

  before(async () => {
    e2e = await startE2e();
  });
  after(() => e2e?.close());

  const statusOf = async (requestId: string) => (await e2e.client.getStatus(requestId)).status;
  const waitFor = (requestId: string, status: StatusResponse["status"], timeoutMs = 10_000) =>
    e2e.client.waitForStatus(requestId, { until: [status], intervalMs: 25, timeoutMs });
  /** An EVM-to-SVM transfer held `delays.pending` ms in `pending`, once it is there. */
  async function heldInPending(pendingMs: number) {
    await e2e.devnet.scenarios.add({ delays: { pending: pendingMs } });
    const { requestId } = await evmToSvmTransfer(e2e);
    await waitFor(requestId, "pending");
    return requestId;
  }

  it("a 240 s pending hold ends as soon as the clock moves past it, not after 240 s of wall time", async () => {
    const requestId = await heldInPending(HOLD_MS);
    await e2e.devnet.time.increase(HOLD_MS / 1000 - 10);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await statusOf(requestId), "released 10 s early").to.equal("pending");
    const moved = Date.now();
    await e2e.devnet.time.increase(11);
    await waitFor(requestId, "success", 5_000);
    expect(Date.now() - moved).to.be.below(5_000);
  });

  it("a paused clock keeps a hold from ending however much wall time passes; it ends once the clock runs on", async () => {
    const requestId = await heldInPending(500);
    await e2e.devnet.time.pause();
    try {
      await new Promise((resolve) => setTimeout(resolve, 1_200));
      expect(await statusOf(requestId), "released while the clock stood still").to.equal("pending");
    } finally {
      await e2e.devnet.time.resume();
    }
    await waitFor(requestId, "success", 5_000);
  });

  it("a snapshot and a revert during a 240 s hold return at once, and the reverted hold ends when the clock passes its deadline again", async () => {
    const requestId = await heldInPending(HOLD_MS);
    const before = Date.now();
    const id = await e2e.devnet.snapshot();
    expect(Date.now() - before, "the snapshot waited for the hold").to.be.below(2_000);
    expect(await statusOf(requestId)).to.equal("pending");

    await e2e.devnet.time.increase(HOLD_MS / 1000 + 1);
    await waitFor(requestId, "success", 5_000);

    const reverting = Date.now();
    expect(await e2e.devnet.revert(id)).to.equal(true);
    expect(Date.now() - reverting, "the revert waited for the hold").to.be.below(2_000);
    expect(await statusOf(requestId), "the revert brought back the held request").to.equal("pending");
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await statusOf(requestId), "the restored hold ended before its deadline").to.equal("pending");
    await e2e.devnet.time.increase(HOLD_MS / 1000 + 1);
    await waitFor(requestId, "success", 5_000);
  });

  it("a revert to before a hold began cancels it at once: the request is back where the snapshot saw it", async () => {
    await e2e.devnet.scenarios.add({ delays: { pending: HOLD_MS } });
    const id = await e2e.devnet.snapshot();
    const { requestId } = await evmToSvmTransfer(e2e);
    await waitFor(requestId, "pending");
    const reverting = Date.now();
    expect(await e2e.devnet.revert(id)).to.equal(true);
    expect(Date.now() - reverting, "the revert waited for the hold").to.be.below(2_000);
    const after = await e2e.client.listRequests({ id: requestId });
    expect(after.requests).to.deep.equal([]);
  });
});
