// The guide's mutation run (docs/guides/test-your-receiver.md, "Measure your suite") as an integrator
// runs it: the samples' project made of the docs' templates installs the packed tarball, and the guide's
// command runs on every generated mutant of the sample TipJarReceiver through its Solidity catalogue
// test. Records the wall time (the goal: under 10 minutes on 2 cores), the report's phases, the counts
// and every survivor with its judgement (bench/mutation/judgements.ts).
//   node bench/mutation-sample.bench.ts
import { mkdtempSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { run } from "../scripts/package/consumer.ts";
import { GUIDE_MUTATE_ARGS, sharedSampleProject } from "../scripts/package/sample-project.ts";
import { writeResults } from "./harness.ts";
import { reportRow } from "./mutation/report-row.ts";

/** The guide's command, after `npx`. */
const GUIDE = [...GUIDE_MUTATE_ARGS, "--threshold", "80"];

const { dir } = await sharedSampleProject();
const report = join(mkdtempSync(join(tmpdir(), "attestkit-mutation-sample-")), "report.json");
const loadBefore = loadavg();
const started = performance.now();
const outcome = await run("npx", [...GUIDE, "--report", report], { cwd: dir, timeoutMs: 3_600_000 }).then(
  ({ stdout }) => ({ exitCode: 0, stdout }),
  // Under the threshold the command exits 1 after writing its report and table.
  (error: Error) => ({ exitCode: 1, stdout: error.message }),
);
const seconds = Math.round((performance.now() - started) / 100) / 10;
console.log(outcome.stdout);
writeResults("mutation-sample.json", {
  command: `npx ${GUIDE.map((a) => (a.includes(" ") ? JSON.stringify(a) : a)).join(" ")}`,
  exitCode: outcome.exitCode,
  seconds,
  loadAverageBefore: loadBefore.map((l) => Math.round(l * 100) / 100),
  ...reportRow(report),
});
