/**
 * The random-moment crash trial's CI slice (`random-trial.ts`): a seeded mix of whole flows on both
 * VMs with the service killed (SIGKILL) at random milliseconds and restarted on its file, then
 * stopped with SIGTERM. The full trial (200+ flows) is `npm run bench:crash-trial`.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect } from "chai";
import { runRandomCrashTrial } from "./random-trial.ts";
import { startTrialChains, type TrialChains } from "./trial-chains.ts";

describe("crash trial: the service killed at random moments across whole flows on both VMs", function () {
  this.timeout(300_000);
  let chains: TrialChains;
  let dir: string;

  before(async () => {
    chains = await startTrialChains();
    dir = mkdtempSync(join(tmpdir(), "attestkit-random-crash-"));
  });
  after(async () => {
    await chains.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("14 seeded flows, killed at random: every deposit filled or refunded once, every webhook delivered, nothing stuck; SIGTERM exits 0", async () => {
    const report = await runRandomCrashTrial(chains, { flows: 14, seed: 36, dir, concurrency: 7 });
    expect(report.problems).to.deep.equal([]);
    expect(report.flows).to.equal(14);
    expect(report.kills, "the service was killed").to.be.greaterThan(1);
    expect(report.sigtermExitCode).to.equal(0);
  });
});
