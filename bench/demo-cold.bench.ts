// The first `npm run demo` on a fresh clone (target <= 2 minutes on an idle 2-core machine): a clone
// of HEAD with the checkout's node_modules copied in (so `npm ci`'s download is not counted) and no
// artifacts, timed from spawn to exit. Reported with the longest silence between two output lines
// (the demo must speak at least every 10 s) and the compiler warnings it printed (none expected).
// Side by side: the same demo run again in that clone (contracts built, nothing to compile), and with
// `--before <commit>` the first demo of that commit's clone. Exits 1 when a demo of HEAD fails or is silent
// for over 10 s.
//   node bench/demo-cold.bench.ts [--before <commit>]
import { execFileSync, spawn } from "node:child_process";
import { cpSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { printTable, writeResults } from "./harness.ts";

const REPO = fileURLToPath(new URL("..", import.meta.url));
const TARGET_MS = 120_000;
const SILENCE_TARGET_MS = 10_000;
const RUN_LIMIT_MS = 15 * 60_000;

type DemoRun = {
  ms: number;
  longestSilenceMs: number;
  /** The first output line after the longest silence: what the demo was waiting on. */
  silenceEndedBy: string;
  warnings: number;
  exitCode: number | null;
  output: string;
};

/** How much of a failed demo's output is printed. */
const FAILED_OUTPUT_LINES = 40;

/** Runs `npm run demo` in `dir`; wall time, the longest gap between output lines, warning lines. */
function timeDemo(dir: string): Promise<DemoRun> {
  return new Promise((resolve, reject) => {
    const start = performance.now();
    let last = start;
    let longestSilenceMs = 0;
    let silenceEndedBy = "";
    let warnings = 0;
    let output = "";
    const child = spawn("npm", ["run", "demo"], {
      cwd: dir,
      env: { ...process.env, CI: "true" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    const timer = setTimeout(() => child.kill("SIGKILL"), RUN_LIMIT_MS);
    const onLines = (chunk: Buffer) => {
      const now = performance.now();
      const text = chunk.toString();
      if (now - last > longestSilenceMs) {
        longestSilenceMs = now - last;
        silenceEndedBy = text.trim().split("\n")[0] ?? "";
      }
      last = now;
      output += text;
      warnings += text.split("\n").filter((line) => /^Warning: /.test(line)).length;
    };
    child.stdout.on("data", onLines);
    child.stderr.on("data", onLines);
    child.once("error", reject);
    child.once("exit", (exitCode) => {
      clearTimeout(timer);
      resolve({
        ms: performance.now() - start,
        longestSilenceMs,
        silenceEndedBy,
        warnings,
        exitCode,
        output,
      });
    });
  });
}

/** A fresh clone of `ref` with the checkout's node_modules copied in. */
function freshClone(ref: string): string {
  const dir = mkdtempSync(join(tmpdir(), "attestkit-demo-cold-"));
  execFileSync("git", ["clone", "--quiet", "--no-hardlinks", REPO, dir]);
  execFileSync("git", ["checkout", "--quiet", ref], { cwd: dir });
  cpSync(join(REPO, "node_modules"), join(dir, "node_modules"), { recursive: true, verbatimSymlinks: true });
  return dir;
}

const summary = (run: DemoRun) => ({
  ms: Math.round(run.ms),
  longestSilenceMs: Math.round(run.longestSilenceMs),
  silenceEndedBy: run.silenceEndedBy,
  warnings: run.warnings,
});

const { values } = parseArgs({ options: { before: { type: "string" } } });
const head = execFileSync("git", ["rev-parse", "--short", "HEAD"], { cwd: REPO, encoding: "utf8" }).trim();
const clones: string[] = [];
try {
  const runs: Array<{ run: string } & DemoRun> = [];
  if (values.before !== undefined) {
    clones.push(freshClone(values.before));
    runs.push({ run: `first demo of ${values.before}`, ...(await timeDemo(clones.at(-1)!)) });
  }
  clones.push(freshClone(head));
  const cold = await timeDemo(clones.at(-1)!);
  const warm = await timeDemo(clones.at(-1)!);
  runs.push({ run: `first demo of ${head} (fresh clone)`, ...cold });
  runs.push({ run: `second demo of ${head} (contracts built)`, ...warm });
  printTable(
    `npm run demo on a fresh clone (target <= ${TARGET_MS / 1000} s, silence <= ${SILENCE_TARGET_MS / 1000} s)`,
    runs.map((row) => ({
      run: row.run,
      seconds: (row.ms / 1000).toFixed(1),
      "longest silence (s)": (row.longestSilenceMs / 1000).toFixed(1),
      "compiler warnings": row.warnings,
      exit: String(row.exitCode),
    })),
  );
  writeResults("demo-cold.json", {
    benchmark: "npm run demo on a fresh clone, node_modules copied in, no artifacts",
    targetMs: TARGET_MS,
    silenceTargetMs: SILENCE_TARGET_MS,
    commit: head,
    ...(values.before === undefined ? {} : { before: { commit: values.before, ...summary(runs[0]!) } }),
    cold: summary(cold),
    warm: summary(warm),
  });
  const failed = runs.find((row) => row.exitCode !== 0);
  if (failed) {
    console.error(failed.output.trimEnd().split("\n").slice(-FAILED_OUTPUT_LINES).join("\n"));
    throw new Error(`${failed.run} exited with ${failed.exitCode}`);
  }
  const silent = [cold, warm].find((run) => run.longestSilenceMs > SILENCE_TARGET_MS);
  if (silent) throw new Error(`a demo of ${head} was silent for ${Math.round(silent.longestSilenceMs)} ms`);
} finally {
  for (const dir of clones) rmSync(dir, { recursive: true, force: true });
}
