// Devnet start to ready (goal <= 3 s): the whole devnet, both VMs (two EVM chains with receivers
// deployed and tokens minted, the SVM chain, the mock service). Side by side, each a fresh process
// from spawn until it prints its endpoints: the `attestkit devnet` command with Node's compile cache
// warm and cold, and `npm start` (which first checks the contracts are built); and
// `startDevnet()` in a process that has already loaded everything; and `attestkit devnet` of the packed
// tarball installed in a fresh project, as an integrator runs it. A bounded number of runs of each.
//   node bench/devnet-start.bench.ts [--runs 3]
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { createConsumer, DEVNET_PEERS, repoVersion } from "../scripts/package/consumer.ts";
import { startDevnet } from "../src/devnet/devnet.ts";
import { processStart } from "./devnet-process.ts";
import { printTable, writeResults } from "./harness.ts";

const { values } = parseArgs({ options: { runs: { type: "string", default: "3" } } });
const RUNS = Math.min(Number(values.runs), 20);
const REPO = fileURLToPath(new URL("..", import.meta.url));
const CLI = join(REPO, "src/cli.ts");
const FREE_PORTS = ["--port", "0", "--rpc-port", "0", "--svm-rpc-port", "0"];
const GOAL_MS = 3000;

async function inProcessStart(): Promise<number> {
  const start = performance.now();
  const devnet = await startDevnet({ logger: false });
  const elapsed = performance.now() - start;
  await devnet.close();
  return elapsed;
}

const consumer = await createConsumer("devnet-start", DEVNET_PEERS.map(repoVersion));
const cacheDir = mkdtempSync(join(tmpdir(), "attestkit-compile-cache-"));
/** A compile cache of its own, so "warm" means warmed by this bench's first run. */
const warmCache = { NODE_COMPILE_CACHE: cacheDir };
/** Node skips the cache when this is set. */
const noCache = { NODE_DISABLE_COMPILE_CACHE: "1" };
const cases: Record<string, () => Promise<number>> = {
  "attestkit devnet (compile cache warm)": () =>
    processStart(process.execPath, [CLI, "devnet", ...FREE_PORTS], warmCache),
  "attestkit devnet (compile cache off)": () =>
    processStart(process.execPath, [CLI, "devnet", ...FREE_PORTS], noCache),
  "npm start (build check, then the devnet)": () =>
    processStart("npm", ["start", "--silent", "--", ...FREE_PORTS], warmCache),
  "installed package: attestkit devnet (compile cache warm)": () =>
    processStart(
      join(consumer.dir, "node_modules/.bin/attestkit"),
      ["devnet", ...FREE_PORTS],
      warmCache,
      consumer.dir,
    ),
  "startDevnet() in a warm process": inProcessStart,
};
const samples = Object.fromEntries(Object.keys(cases).map((name) => [name, [] as number[]]));
await inProcessStart(); // loads Hardhat and compiles nothing: the artifacts are built already
// Fill the compile cache for both the repository's sources and the installed package.
await cases["attestkit devnet (compile cache warm)"]?.();
await cases["installed package: attestkit devnet (compile cache warm)"]?.();
for (let run = 0; run < RUNS; run++) {
  for (const [name, measure] of Object.entries(cases)) samples[name]?.push(await measure());
}
rmSync(cacheDir, { recursive: true, force: true });

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
writeResults("devnet-start.json", { runs: RUNS, goalMs: GOAL_MS, results: rows });
process.exit(0);
