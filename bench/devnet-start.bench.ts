// Devnet start to ready (goal <= 3 s): the whole devnet, both VMs (two EVM chains with receivers
// deployed and tokens minted, the SVM chain, the mock service), as `npm start` runs it: a fresh
// process from spawn until it prints its endpoints, side by side with `startDevnet()` in a process
// that has already loaded Hardhat. A bounded number of runs of each.
//   node bench/devnet-start.bench.ts [--runs 3]
import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { startDevnet } from "../src/devnet/devnet.ts";
import { printTable, writeResults } from "./harness.ts";

const { values } = parseArgs({ options: { runs: { type: "string", default: "3" } } });
const RUNS = Math.min(Number(values.runs), 20);
const CLI = fileURLToPath(new URL("../src/devnet/cli.ts", import.meta.url));
const READY = "Ctrl-C stops.";
const GOAL_MS = 3000;

/** Spawns the devnet CLI on free ports; ms until it prints that it is ready, then stops it. */
function processStart(): Promise<number> {
  return new Promise((resolve, reject) => {
    const start = performance.now();
    const child = spawn(process.execPath, [CLI, "--port", "0", "--rpc-port", "0"], {
      stdio: ["ignore", "pipe", "inherit"],
    });
    let out = "";
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      reject(new Error(`the devnet was not ready within 120 s:\n${out}`));
    }, 120_000);
    child.stdout.on("data", (chunk: Buffer) => {
      out += chunk.toString();
      if (!out.includes(READY)) return;
      const elapsed = performance.now() - start;
      clearTimeout(timer);
      child.once("exit", () => resolve(elapsed));
      child.kill("SIGTERM");
    });
    child.once("error", reject);
  });
}

async function inProcessStart(): Promise<number> {
  const start = performance.now();
  const devnet = await startDevnet({ logger: false });
  const elapsed = performance.now() - start;
  await devnet.close();
  return elapsed;
}

const samples: Record<string, number[]> = {
  "npm start process (spawn to endpoints printed)": [],
  "startDevnet() in a warm process": [],
};
await inProcessStart(); // loads Hardhat and compiles nothing: the artifacts are built already
for (let run = 0; run < RUNS; run++) {
  samples["npm start process (spawn to endpoints printed)"]?.push(await processStart());
  samples["startDevnet() in a warm process"]?.push(await inProcessStart());
}

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
