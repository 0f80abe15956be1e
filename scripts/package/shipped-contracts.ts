// The Solidity sources whose build artifacts ship in the npm package: the `artifacts/contracts/...`
// entries of package.json `files`, mapped back to their sources. The demo, `npm start` and `npm pack`
// compile only these; `npm test` compiles everything (test/package/shipped-artifacts.test.ts proves
// both builds give the same artifacts).
import { execFile } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { type HeartbeatSchedule, startHeartbeat } from "./heartbeat.ts";

export const REPO = fileURLToPath(new URL("../..", import.meta.url));
const HARDHAT_CLI = join(REPO, "node_modules", "hardhat", "dist", "src", "cli.js");
const SHIPPED_ARTIFACT = /^artifacts\/(contracts\/.+\.sol)\/[^/]+\.json$/;

/** The shipped artifacts' paths, relative to the repository (`artifacts/contracts/X.sol/X.json`). */
export function shippedArtifacts(): string[] {
  const manifest = JSON.parse(readFileSync(join(REPO, "package.json"), "utf8")) as { files: string[] };
  return manifest.files.filter((file) => SHIPPED_ARTIFACT.test(file));
}

/** The sources of the shipped artifacts, relative to the repository (`contracts/X.sol`). */
export function shippedContractSources(): string[] {
  return [...new Set(shippedArtifacts().map((file) => SHIPPED_ARTIFACT.exec(file)![1]!))];
}

/**
 * Progress while solc-js compiles: first after 3 s (a first run takes longer than that), then every 5 s,
 * half the 10 s the demo promises to stay silent at most (bench/demo-cold.bench.ts measures it).
 */
export const COMPILE_PROGRESS: HeartbeatSchedule = { firstMs: 3_000, everyMs: 5_000 };

/**
 * `hardhat build --no-tests --quiet` of the shipped sources, with `extraArgs` (e.g. `--config`).
 * Prints a line on `COMPILE_PROGRESS` while solc-js works, so a first run never looks hung.
 */
export async function buildShippedContracts({
  extraArgs = [],
}: {
  extraArgs?: string[];
} = {}): Promise<void> {
  const sources = shippedContractSources();
  const stopProgress = startHeartbeat(
    (ms) => console.log(`  still compiling the ${sources.length} contracts (${Math.round(ms / 1000)} s)`),
    COMPILE_PROGRESS,
  );
  try {
    await new Promise<void>((resolve, reject) => {
      // Hardhat's CLI under this Node (24), whether or not npm put node_modules/.bin on PATH.
      const child = execFile(
        process.execPath,
        [HARDHAT_CLI, "build", "--no-tests", "--quiet", ...extraArgs, ...sources],
        { cwd: REPO, maxBuffer: 64 * 1024 * 1024 },
        (error, stdout, stderr) => {
          if (error) reject(new Error(`hardhat build of the shipped contracts failed:\n${stdout}${stderr}`));
          else resolve();
        },
      );
      child.stdin?.end();
    });
  } finally {
    stopProgress();
  }
}
