/**
 * Scenario holds across a crash: `attestkit service` killed (SIGKILL) while a scenario holds a
 * request, then restarted on its file. A request held `submitted` (its fill landed, its confirmation
 * held) ends `success` after the restart, its fill made once; a long `pending` hold never keeps the
 * restarted service from listening (holds wait beside the API, as they do before a crash).
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect } from "chai";
import { startTrialChains, type TrialChains } from "./trial-chains.ts";
import { TrialService } from "./trial-service.ts";

describe("crash trial: scenario holds survive a killed service", function () {
  this.timeout(120_000);
  let chains: TrialChains;
  let dir: string;
  let service: TrialService;

  before(async () => {
    chains = await startTrialChains();
    dir = mkdtempSync(join(tmpdir(), "attestkit-held-crash-"));
    service = new TrialService(chains, "held-crash-key");
  });
  afterEach(() => service.stopIfRunning());
  after(async () => {
    await service.stopIfRunning();
    await chains.close();
    rmSync(dir, { recursive: true, force: true });
  });

  function scenarioFile(name: string, delays: Record<string, number>): string {
    const path = join(dir, `${name}.json`);
    writeFileSync(path, JSON.stringify([{ count: 100, delays }]));
    return path;
  }

  it("killed while a scenario holds a landed fill `submitted`: success after the restart, filled once", async () => {
    const db = join(dir, "submitted.sqlite");
    const scenarios = ["--scenarios", scenarioFile("submitted", { submitted: 1_500 })];
    await service.start(db, ["--new-db", ...scenarios]);
    const { requestId, recipient } = await service.paidRequest();
    await service.until(requestId, "submitted");
    await service.stop("SIGKILL");
    await service.start(db, scenarios);
    expect(await service.until(requestId)).to.equal("success");
    await service.filledOnce(requestId, recipient);
  });

  it("killed while a scenario holds a request `pending` for a minute: the restarted service listens at once, the request still held", async () => {
    const db = join(dir, "pending.sqlite");
    const scenarios = ["--scenarios", scenarioFile("pending", { pending: 60_000 })];
    await service.start(db, ["--new-db", ...scenarios]);
    const { requestId } = await service.paidRequest();
    await service.until(requestId, "pending");
    await service.stop("SIGKILL");
    const started = Date.now();
    await service.start(db, scenarios);
    expect(Date.now() - started, "listening after").to.be.lessThan(15_000);
    expect(await service.status(requestId)).to.equal("pending");
    expect((await chains.solverTransfers(chains.destination)).get(requestId)).to.equal(undefined);
  });
});
