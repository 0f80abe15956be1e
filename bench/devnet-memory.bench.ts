// Resident memory of the devnet at rest, explained part by part: each row is a fresh Node process
// that loads or starts one more part, settles for 5 s (slots and blocks ticking, no traffic), runs a
// full GC and reads process.memoryUsage(): Node with the devnet's modules imported, the SVM chain
// alone (LiteSVM, receiver and USDC deployed, RPC and PubSub), and the whole devnet (two Hardhat EDR
// chains, the SVM chain and the mock service). Prints a table, writes bench/results/devnet-memory.json.
import { execFile } from "node:child_process";
import { fileURLToPath } from "node:url";
import { printTable, writeResults } from "./harness.ts";

const SETTLE_MS = 5000;
const PARTS = ["modules imported", "SVM chain", "whole devnet"] as const;
type Part = (typeof PARTS)[number];

const MiB = (bytes: number) => Math.round(bytes / 2 ** 20);

/** Loads or starts `part` in this process (the process exits after measuring: nothing is closed). */
async function start(part: Part): Promise<void> {
  if (part === "SVM chain") {
    const { startSvmDevChain } = await import("../src/devnet/svm-chain.ts");
    await startSvmDevChain({
      solverEvm: "0x70997970C51812dc3A010C7d01b50e0d17dc79C8",
      whitelist: [],
      maxDeadlineWindow: 3600,
    });
    return;
  }
  const { startDevnet } = await import("../src/devnet/devnet.ts");
  if (part === "whole devnet") await startDevnet({ blockTimeMs: 2000, logger: false });
}

const child = process.argv[2] as Part | undefined;
if (child) {
  await start(child);
  await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
  global.gc?.();
  const usage = process.memoryUsage();
  process.stdout.write(JSON.stringify(usage));
  process.exit(0);
}

const self = fileURLToPath(import.meta.url);
const rows = [];
for (const part of PARTS) {
  const usage = await new Promise<NodeJS.MemoryUsage>((resolve, reject) =>
    execFile(process.execPath, ["--expose-gc", self, part], { maxBuffer: 1024 * 1024 }, (error, stdout) =>
      error ? reject(error) : resolve(JSON.parse(stdout.slice(stdout.lastIndexOf("{")))),
    ),
  );
  rows.push({
    part,
    rssMiB: MiB(usage.rss),
    heapUsedMiB: MiB(usage.heapUsed),
    heapTotalMiB: MiB(usage.heapTotal),
    externalMiB: MiB(usage.external),
    arrayBuffersMiB: MiB(usage.arrayBuffers),
    nativeOutsideHeapMiB: MiB(usage.rss - usage.heapTotal - usage.external),
  });
}
printTable(`Devnet resident memory at rest (${SETTLE_MS / 1000} s settled, after a full GC)`, rows);
writeResults("devnet-memory.json", { settleMs: SETTLE_MS, rows });
