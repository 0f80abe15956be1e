// Devnet start to ready (goal <= 1 s): the whole devnet, both VMs (two EVM chains with receivers
// deployed and tokens minted, the SVM chain, the mock service). Side by side, each a fresh process
// from spawn until it prints its endpoints: the `attestkit devnet` command with Node's compile cache
// warm and cold, and `npm start` (which first checks the contracts are built); and
// `startDevnet()` in a process that has already loaded everything; and `attestkit devnet` of the packed
// tarball installed in a fresh project, as an integrator runs it. With `--before <commit>`, the
// `attestkit devnet` of that commit too (its sources, with this checkout's node_modules and
// artifacts), run in turn with the others so both see the same machine. `--case <text>` keeps the
// cases whose name starts with the text (repeatable). A bounded number of runs of each.
//   node bench/devnet-start.bench.ts [--runs 3] [--before <commit>] [--case <text>]...
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { createConsumer, DEVNET_PEERS, repoVersion } from "../scripts/package/consumer.ts";
import { startDevnet } from "../src/devnet/devnet.ts";
import { processStart } from "./devnet-process.ts";
import { printTable, writeResults } from "./harness.ts";

const { values } = parseArgs({
  options: {
    runs: { type: "string", default: "3" },
    before: { type: "string" },
    case: { type: "string", multiple: true },
  },
});
const RUNS = Math.min(Number(values.runs), 20);
const REPO = fileURLToPath(new URL("..", import.meta.url));
const CLI = join(REPO, "src/cli.ts");
const FREE_PORTS = ["--port", "0", "--rpc-port", "0", "--svm-rpc-port", "0"];
const GOAL_MS = 1000;

async function inProcessStart(): Promise<number> {
  const start = performance.now();
  const devnet = await startDevnet({ logger: false });
  const elapsed = performance.now() - start;
  await devnet.close();
  return elapsed;
}

/** The sources of `commit` in a temporary directory, run with this checkout's dependencies and built contracts. */
function checkoutOf(commit: string): { dir: string; remove(): void } {
  const dir = mkdtempSync(join(tmpdir(), "attestkit-before-"));
  const archive = execFileSync("git", ["archive", "--format=tar", commit], {
    cwd: REPO,
    maxBuffer: 1 << 30,
  });
  execFileSync("tar", ["-x", "-C", dir], { input: archive });
  for (const shared of ["node_modules", "artifacts"]) symlinkSync(join(REPO, shared), join(dir, shared));
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

const wanted = (name: string) => !values.case || values.case.some((text) => name.startsWith(text));
const INSTALLED = "installed package: attestkit devnet (compile cache warm)";
const consumer = wanted(INSTALLED)
  ? await createConsumer("devnet-start", DEVNET_PEERS.map(repoVersion))
  : null;
const before = values.before === undefined ? null : checkoutOf(values.before);
const cacheDir = mkdtempSync(join(tmpdir(), "attestkit-compile-cache-"));
/** A compile cache of its own, so "warm" means warmed by this bench's first run. */
const warmCache = { NODE_COMPILE_CACHE: cacheDir };
/** Node skips the cache when this is set. */
const noCache = { NODE_DISABLE_COMPILE_CACHE: "1" };
const WARM = "attestkit devnet (compile cache warm)";
const BEFORE = `attestkit devnet at ${values.before} (compile cache warm)`;
const allCases: Record<string, () => Promise<number>> = {
  [WARM]: () => processStart(process.execPath, [CLI, "devnet", ...FREE_PORTS], warmCache),
  ...(before
    ? {
        [BEFORE]: () =>
          processStart(
            process.execPath,
            [join(before.dir, "src/cli.ts"), "devnet", ...FREE_PORTS],
            warmCache,
            before.dir,
          ),
      }
    : {}),
  "attestkit devnet (compile cache off)": () =>
    processStart(process.execPath, [CLI, "devnet", ...FREE_PORTS], noCache),
  "npm start (build check, then the devnet)": () =>
    processStart("npm", ["start", "--silent", "--", ...FREE_PORTS], warmCache),
  ...(consumer
    ? {
        [INSTALLED]: () =>
          processStart(
            join(consumer.dir, "node_modules/.bin/attestkit"),
            ["devnet", ...FREE_PORTS],
            warmCache,
            consumer.dir,
          ),
      }
    : {}),
  "startDevnet() in a warm process": inProcessStart,
};
const cases = Object.fromEntries(Object.entries(allCases).filter(([name]) => wanted(name)));
const samples = Object.fromEntries(Object.keys(cases).map((name) => [name, [] as number[]]));
await inProcessStart(); // loads Hardhat and compiles nothing: the artifacts are built already
// Fill the compile cache for the repository's sources, the commit before and the installed package.
for (const name of [WARM, BEFORE, INSTALLED]) await cases[name]?.();
for (let run = 0; run < RUNS; run++) {
  for (const [name, measure] of Object.entries(cases)) samples[name]?.push(await measure());
}
rmSync(cacheDir, { recursive: true, force: true });
before?.remove();

const rows = Object.entries(samples).map(([name, ms]) => {
  const sorted = [...ms].sort((a, b) => a - b);
  const median = sorted[Math.floor(sorted.length / 2)] as number;
  return {
    case: name,
    runs: sorted.length,
    medianMs: Math.round(median),
    minMs: Math.round(sorted[0] as number),
    maxMs: Math.round(sorted.at(-1) as number),
    goalMs: GOAL_MS,
    meetsGoal: median <= GOAL_MS ? "yes" : "no",
  };
});
printTable("Devnet start to ready (both VMs)", rows);
writeResults("devnet-start.json", {
  runs: RUNS,
  goalMs: GOAL_MS,
  ...(values.before ? { before: values.before } : {}),
  results: rows,
});
process.exit(0);
