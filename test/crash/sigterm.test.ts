/**
 * SIGTERM is a graceful stop of `attestkit service`: it exits 0 promptly, finishing the work it can
 * and handing back what it cannot (a fill waiting for a chain that does not mine, a fill a scenario
 * holds, a webhook its endpoint never answers): the database keeps each, and a restart on the file
 * completes them, each fill made once and each webhook posted again under its delivery id.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect } from "chai";
import { SOLVER } from "../service/helpers.ts";
import { startReceiver, until } from "../webhooks/receiver.ts";
import { startTrialChains, type TrialChains } from "./trial-chains.ts";
import { TrialService } from "./trial-service.ts";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("crash trial: SIGTERM stops the service gracefully", function () {
  this.timeout(120_000);
  let chains: TrialChains;
  let dir: string;
  let service: TrialService;

  before(async () => {
    chains = await startTrialChains();
    dir = mkdtempSync(join(tmpdir(), "attestkit-sigterm-"));
    service = new TrialService(chains, "sigterm-key");
  });
  afterEach(() => service.stopIfRunning());
  after(async () => {
    await service.stopIfRunning();
    await chains.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("a fill sent to a destination chain that does not mine: exits 0 within 10 s, and after a restart the same fill lands, once", async () => {
    const db = join(dir, "unmined.sqlite");
    const destination = chains.destination.provider;
    await service.start(db, ["--new-db"]);
    await destination.request({ method: "evm_setAutomine", params: [false] });
    try {
      const { requestId, recipient } = await service.paidRequest();
      const client = await chains.destination.viem.getPublicClient();
      for (let i = 0; ; i++) {
        const pending = await client.getTransactionCount({ address: SOLVER, blockTag: "pending" });
        const latest = await client.getTransactionCount({ address: SOLVER, blockTag: "latest" });
        if (pending > latest) break;
        if (i > 400) throw new Error("the fill was never sent");
        await sleep(50);
      }
      const stopped = await service.stop("SIGTERM");
      expect(stopped.code, "exit code").to.equal(0);
      expect(stopped.ms, "exit took").to.be.lessThan(10_000);
      await destination.request({ method: "evm_setAutomine", params: [true] });
      await destination.request({ method: "evm_mine", params: [] });
      await service.start(db);
      expect(await service.until(requestId)).to.equal("success");
      await service.filledOnce(requestId, recipient);
    } finally {
      await destination.request({ method: "evm_setAutomine", params: [true] });
    }
  });

  it("a fill a scenario holds and a webhook its endpoint never answers: exits 0 within 3 s; after a restart the fill is made once and the webhook posted again under its id", async () => {
    const db = join(dir, "held.sqlite");
    const scenarios = join(dir, "slow-fill.json");
    writeFileSync(scenarios, JSON.stringify([{ count: 100, delays: { pending: 2_500 } }]));
    let answering = false;
    const receiver = await startReceiver("sigterm-key", (_delivery, response) => {
      if (answering) response.end("ok");
      // else: never answered
    });
    try {
      await service.start(db, ["--new-db", "--scenarios", scenarios, "--webhook-url", receiver.url]);
      const { requestId, recipient } = await service.paidRequest();
      await until(() => receiver.received.length > 0, 10_000, "a webhook in flight");
      const inFlight = receiver.received[0]!;
      await service.until(requestId, "pending");
      const stopped = await service.stop("SIGTERM");
      expect(stopped.code, "exit code").to.equal(0);
      expect(stopped.ms, "exit took").to.be.lessThan(3_000);
      expect((await chains.solverTransfers(chains.destination)).get(requestId)).to.equal(undefined);
      answering = true;
      await service.start(db, ["--scenarios", scenarios]);
      expect(await service.until(requestId)).to.equal("success");
      await service.filledOnce(requestId, recipient);
      await until(
        () => receiver.received.some((d) => d.deliveryId === inFlight.deliveryId && d !== inFlight),
        20_000,
        "the delivery in flight posted again",
      );
    } finally {
      await receiver.close();
    }
  });
});
