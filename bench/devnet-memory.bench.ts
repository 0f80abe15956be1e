// Resident memory of the devnet at rest, explained part by part: each row is a fresh Node process
// that loads or starts one more part, settles for 5 s (slots and blocks ticking, no traffic), runs a
// full GC and reads process.memoryUsage(): Node alone (running TypeScript sources), the devnet's
// modules imported, the SVM chain alone (LiteSVM, receiver and USDC deployed, RPC and PubSub), one
// and two EVM chains (EDR, contracts deployed, JSON-RPC), and the whole devnet (both EVM chains, the
// SVM chain and the mock service), the last also with the Node flags `attestkit devnet` runs with
// and environment (a smaller V8 young generation, two malloc arenas: src/devnet/node-flags.ts). Prints a table, writes
// bench/results/devnet-memory.json.
//
// `--before <git ref>` measures the same rows on that commit's sources too (extracted with
// `git archive` into a temporary directory sharing this checkout's node_modules and artifacts), side
// by side with this checkout: `npm run bench:devnet-memory -- --before 7000d02`.
import { execFile, execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import { DEVNET_ENV, DEVNET_NODE_FLAGS } from "../src/devnet/node-flags.ts";
import { printTable, writeResults } from "./harness.ts";

const SETTLE_MS = 5000;
const PARTS = [
  "Node alone",
  "modules imported",
  "SVM chain",
  "one EVM chain",
  "two EVM chains",
  "whole devnet",
  "whole devnet, CLI flags",
] as const;
type Part = (typeof PARTS)[number];

const MiB = (bytes: number) => Math.round(bytes / 2 ** 20);
const ROOT = fileURLToPath(new URL("../", import.meta.url));

/** Loads or starts `part` from the sources under `root` (the process exits after measuring). */
async function start(part: Part, root: string): Promise<void> {
  const load = (path: string) => import(pathToFileURL(join(root, path)).href);
  if (part === "Node alone") return;
  if (part === "SVM chain") {
    const { startSvmDevChain } = await load("src/devnet/svm-chain.ts");
    await startSvmDevChain({
      solverEvm: "0x70997970C51812dc3A010C7d01b50e0d17dc79C8",
      whitelist: [],
      maxDeadlineWindow: 3600,
    });
    return;
  }
  if (part === "one EVM chain" || part === "two EVM chains") {
    const { startEvmDevChain } = await load("src/devnet/evm-chain.ts");
    const chains = part === "one EVM chain" ? [8453] : [8453, 10];
    for (const chainId of chains) {
      await startEvmDevChain({
        chainId,
        name: `chain ${chainId}`,
        maxDeadlineWindow: 3600,
        whitelist: [],
        funded: ["solver", "alice", "bob", "carol"],
      });
    }
    return;
  }
  const { startDevnet } = await load("src/devnet/devnet.ts");
  if (part.startsWith("whole devnet")) await startDevnet({ blockTimeMs: 2000, logger: false });
}

const { values } = parseArgs({
  options: { before: { type: "string" }, part: { type: "string" }, root: { type: "string" } },
});
if (values.part && values.root) {
  await start(values.part as Part, values.root);
  await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
  global.gc?.();
  process.stdout.write(`\n${JSON.stringify(process.memoryUsage())}\n`);
  process.exit(0);
}

/** The sources of `ref` in a temporary directory, with this checkout's node_modules and artifacts. */
function checkoutOf(ref: string): string {
  const dir = mkdtempSync(join(tmpdir(), "attestkit-devnet-memory-"));
  const archive = execFileSync("git", ["archive", ref, "src", "programs/deploy", "package.json"], {
    cwd: ROOT,
    maxBuffer: 512 * 1024 * 1024,
  });
  execFileSync("tar", ["-x", "-C", dir], { input: archive });
  for (const shared of ["node_modules", "artifacts"]) symlinkSync(join(ROOT, shared), join(dir, shared));
  return dir;
}

/** The row run with the Node flags `attestkit devnet` gives itself (this checkout's only). */
const WITH_CLI_FLAGS: Part = "whole devnet, CLI flags";

function measure(part: Part, root: string): Promise<NodeJS.MemoryUsage> {
  const self = fileURLToPath(import.meta.url);
  const cli = part === WITH_CLI_FLAGS;
  const flags = cli ? DEVNET_NODE_FLAGS : [];
  return new Promise((resolve, reject) =>
    execFile(
      process.execPath,
      ["--expose-gc", ...flags, self, "--part", part, "--root", root],
      { maxBuffer: 16 * 1024 * 1024, env: cli ? { ...process.env, ...DEVNET_ENV } : process.env },
      (error, stdout, stderr) =>
        error
          ? reject(new Error(`${part} (${root}): ${error.message}\n${stderr}`))
          : resolve(JSON.parse(stdout.trim().split("\n").at(-1) ?? "{}")),
    ),
  );
}

const columns = (usage: NodeJS.MemoryUsage) => ({
  rssMiB: MiB(usage.rss),
  heapUsedMiB: MiB(usage.heapUsed),
  heapTotalMiB: MiB(usage.heapTotal),
  externalMiB: MiB(usage.external),
  nativeOutsideHeapMiB: MiB(usage.rss - usage.heapTotal - usage.external),
});

const before = values.before ? { ref: values.before, root: checkoutOf(values.before) } : undefined;
const rows = [];
try {
  for (const part of PARTS) {
    // Interleaved per row, so machine load drifts over both sides alike.
    const now = columns(await measure(part, ROOT));
    const then = before && part !== WITH_CLI_FLAGS ? columns(await measure(part, before.root)) : undefined;
    rows.push({
      part,
      ...now,
      ...(then
        ? { beforeRssMiB: then.rssMiB, beforeHeapUsedMiB: then.heapUsedMiB, cutMiB: then.rssMiB - now.rssMiB }
        : {}),
    });
  }
} finally {
  if (before) rmSync(before.root, { recursive: true, force: true });
}
printTable(
  `Devnet resident memory at rest (${SETTLE_MS / 1000} s settled, after a full GC)${before ? `, this checkout and ${before.ref} side by side` : ""}`,
  rows,
);
writeResults("devnet-memory.json", { settleMs: SETTLE_MS, ...(before ? { before: before.ref } : {}), rows });
