// The random-moment crash trial in full (issue 36): whole flows on both VMs (EVM and SVM fills,
// refunds, fast fills, scenario-held fills, webhooks) against `attestkit service` as a child
// process, killed with SIGKILL at random moments (start-up included) and restarted on its SQLite
// file until every flow has started, then stopped with SIGTERM; the books checked against the
// chains and the database (test/crash/random-trial.ts). Its CI slice is test/crash/random-moment.test.ts.
//   npm run bench:crash-trial                     (210 flows, seed 36, 16 at once)
//   CRASH_TRIAL_FLOWS=400 CRASH_TRIAL_SEED=7 CRASH_TRIAL_CONCURRENCY=8 npm run bench:crash-trial
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { runRandomCrashTrial } from "../test/crash/random-trial.ts";
import { startTrialChains } from "../test/crash/trial-chains.ts";
import { writeResults } from "./harness.ts";

const flows = Number(process.env.CRASH_TRIAL_FLOWS ?? 210);
const seed = Number(process.env.CRASH_TRIAL_SEED ?? 36);
const concurrency = Number(process.env.CRASH_TRIAL_CONCURRENCY ?? 16);
const dir = mkdtempSync(join(tmpdir(), "attestkit-crash-trial-"));
const chains = await startTrialChains();
try {
  const report = await runRandomCrashTrial(chains, {
    flows,
    seed,
    dir,
    concurrency,
    maxUpMs: 6000,
    log: (line) => console.log(`[${new Date().toISOString().slice(11, 19)}] ${line}`),
  });
  console.log(JSON.stringify(report, null, 2));
  writeResults("crash-trial.json", {
    command: `CRASH_TRIAL_FLOWS=${flows} CRASH_TRIAL_SEED=${seed} CRASH_TRIAL_CONCURRENCY=${concurrency} npm run bench:crash-trial`,
    ...report,
  });
  if (report.problems.length > 0) process.exitCode = 1;
} finally {
  await chains.close();
  rmSync(dir, { recursive: true, force: true });
}
