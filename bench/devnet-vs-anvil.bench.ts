// The devnet's EVM chain beside anvil 1.7.1 (installed from the npm registry), one viem script against
// both, interleaved (bench/devnet-vs-anvil.measure.ts): read latency p50/p99 (eth_blockNumber,
// eth_getBalance, eth_call), signed transfers sequential and 8 in flight on a fresh chain and on a
// 5,000-block one (in runs of 50, the sides taking turns), evm_snapshot + evm_revert, start to the first
// eth_chainId of `attestkit devnet` (the package's bundled dist/cli.js, built first) against anvil's,
// idle CPU over 10 s once settled (12 s after start), and resident memory of the whole devnet against one anvil.
// Prints the table and writes the figures and their ratios to bench/results/devnet-vs-anvil.json;
// CI checks the ratios on a small slice (test/outside/evm-rpc/devnet-vs-anvil.test.ts). Linux only
// (CPU and memory are read from /proc).
//   npm run bench:devnet-vs-anvil
import { execFileSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { compareDevnetWithAnvil, FULL_SIZES, gap } from "./devnet-vs-anvil.measure.ts";
import { printTable, writeResults } from "./harness.ts";

// The devnet runs as `npx attestkit devnet` runs it: the package's bundled command line (dist/cli.js),
// built first (scripts/package/build.ts; a build with the same inputs is reused).
const ROOT = fileURLToPath(new URL("..", import.meta.url));
execFileSync(process.execPath, ["scripts/package/build.ts"], { cwd: ROOT, stdio: "inherit" });
const PACKAGE_CLI = fileURLToPath(new URL("../dist/cli.js", import.meta.url));

const round = (value: number) => (Math.abs(value) >= 100 ? Math.round(value) : Number(value.toPrecision(3)));

const figures = await compareDevnetWithAnvil(FULL_SIZES, (line) => console.log(`... ${line}`), PACKAGE_CLI);
const rows = figures.map((figure) => ({
  figure: figure.name,
  unit: figure.unit,
  anvil: round(figure.anvil),
  devnet: round(figure.devnet),
  // Idle CPU has no ratio (anvil's is 0): its gap is the points of a core over anvil's.
  "gap (x, >1: devnet behind; idle CPU: points)":
    figure.name === "idle CPU" ? round(figure.devnet - figure.anvil) : round(gap(figure)),
}));
printTable("The devnet's EVM chain (attestkit devnet) beside anvil 1.7.1", rows);
writeResults("devnet-vs-anvil.json", { sizes: FULL_SIZES, figures: rows });
