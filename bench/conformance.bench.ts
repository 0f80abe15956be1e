// The whole conformance catalogue against one receiver, timed per runner (target: under 30 s each, so
// integrators keep it in every CI run): the TypeScript EVM catalogue on Hardhat's in-process network,
// the Solidity catalogue through `hardhat test solidity` (wall clock of the command, compilation
// cached), and the SVM catalogue in LiteSVM (deployment included) and over the devnet's Solana
// JSON-RPC on loopback (deployment over RPC included; the chain runs 20 ms slots). Each runs ROUNDS
// times; the median counts.
//   npm run bench:conformance
import { execFileSync } from "node:child_process";
import { createSolanaRpc, createSolanaRpcSubscriptions } from "@solana/kit";
import { network } from "hardhat";
import { LiteSVM } from "litesvm";
import { custom } from "viem";
import { startSvmDevChain } from "../src/devnet/svm-chain.ts";
import { attestedReceiverAdapter, runEvmConformance } from "../src/testing/index.ts";
import { attestedReceiverSvmAdapter, rpcLedger, runSvmConformance } from "../src/testing/svm/index.ts";
import { printTable, writeResults } from "./harness.ts";

const ROUNDS = 3;
const TARGET_MS = 30_000;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] as number;
}

async function typescriptEvm(): Promise<{ ms: number; properties: number; passed: number }> {
  const connection = await network.create();
  const started = performance.now();
  const report = await runEvmConformance({
    transport: custom(connection.provider),
    adapter: attestedReceiverAdapter(),
    print: false,
  });
  const ms = performance.now() - started;
  await connection.close();
  if (report.failed)
    throw new Error(`${report.failed} properties failed: the benchmark needs a passing receiver`);
  return { ms, properties: report.results.length, passed: report.passed };
}

async function svmLiteSvm(): Promise<{ ms: number; properties: number }> {
  const started = performance.now();
  const report = await runSvmConformance({
    svm: new LiteSVM(),
    adapter: attestedReceiverSvmAdapter(),
    print: false,
  });
  const ms = performance.now() - started;
  if (report.failed)
    throw new Error(`${report.failed} SVM properties failed: the benchmark needs a passing receiver`);
  return { ms, properties: report.results.length };
}

async function svmRpc(): Promise<{ ms: number; properties: number; passed: number }> {
  const chain = await startSvmDevChain({
    solverEvm: "0x70997970C51812dc3A010C7d01b50e0d17dc79C8",
    whitelist: [],
    maxDeadlineWindow: 3600,
    slotTimeMs: 20,
  });
  try {
    const started = performance.now();
    const report = await runSvmConformance({
      ledger: rpcLedger(createSolanaRpc(chain.rpcUrl), createSolanaRpcSubscriptions(chain.wsUrl)),
      adapter: attestedReceiverSvmAdapter(),
      print: false,
    });
    const ms = performance.now() - started;
    if (report.failed)
      throw new Error(
        `${report.failed} SVM properties failed over RPC: the benchmark needs a passing receiver`,
      );
    return { ms, properties: report.results.length, passed: report.passed };
  } finally {
    await chain.close();
  }
}

function solidityHardhat(): { ms: number; output: string } {
  const started = performance.now();
  const output = execFileSync(
    "npx",
    ["hardhat", "test", "solidity", "test/conformance/AttestedReceiver.conformance.t.sol"],
    { encoding: "utf8", maxBuffer: 64 * 1024 * 1024 },
  );
  return { ms: performance.now() - started, output };
}

const ts: number[] = [];
const sol: number[] = [];
const svm: number[] = [];
const svmOverRpc: number[] = [];
let svmProperties = 0;
let svmRpcPassed = 0;
let tsProperties = 0;
let solPassing = 0;
solidityHardhat(); // compile once, so the rounds measure the run
for (let round = 0; round < ROUNDS; round++) {
  const t = await typescriptEvm();
  ts.push(t.ms);
  tsProperties = t.properties;
  const s = solidityHardhat();
  sol.push(s.ms);
  solPassing = Number(s.output.match(/(\d+) passing/)?.[1] ?? 0);
  const v = await svmLiteSvm();
  svm.push(v.ms);
  svmProperties = v.properties;
  const r = await svmRpc();
  svmOverRpc.push(r.ms);
  svmRpcPassed = r.passed;
}

const rows = [
  {
    runner: "TypeScript catalogue, Hardhat in-process (viem)",
    properties: tsProperties,
    medianSeconds: Number((median(ts) / 1000).toFixed(2)),
    underTarget: median(ts) < TARGET_MS ? "yes" : "no",
  },
  {
    runner: "Solidity catalogue, `hardhat test solidity` (whole command)",
    properties: solPassing,
    medianSeconds: Number((median(sol) / 1000).toFixed(2)),
    underTarget: median(sol) < TARGET_MS ? "yes" : "no",
  },
  {
    runner: "SVM catalogue, LiteSVM (deployment included)",
    properties: svmProperties,
    medianSeconds: Number((median(svm) / 1000).toFixed(2)),
    underTarget: median(svm) < TARGET_MS ? "yes" : "no",
  },
  {
    runner: "SVM catalogue, devnet Solana JSON-RPC (deployment included; properties run)",
    properties: svmRpcPassed,
    medianSeconds: Number((median(svmOverRpc) / 1000).toFixed(2)),
    underTarget: median(svmOverRpc) < TARGET_MS ? "yes" : "no",
  },
];
printTable("Conformance catalogue against the reference receivers (median of 3 runs)", rows);
writeResults("conformance.json", {
  targetSeconds: TARGET_MS / 1000,
  rounds: ROUNDS,
  runs: {
    typescriptEvmMs: ts.map(Math.round),
    solidityHardhatMs: sol.map(Math.round),
    svmLiteSvmMs: svm.map(Math.round),
    svmRpcMs: svmOverRpc.map(Math.round),
  },
  rows,
  notMeasured: {
    foundry:
      "forge is not installed in this repository (the Foundry project runs the same Solidity catalogue)",
  },
});
