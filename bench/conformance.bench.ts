// The whole conformance catalogue against one receiver, timed per runner (target: under 30 s each, so
// integrators keep it in every CI run): the TypeScript EVM catalogues (attestations against
// AttestedReceiver, orders against OrderGatedDepositor) on Hardhat's in-process network, the Solidity
// catalogues through `hardhat test solidity` and through `forge test` in a fresh Foundry project that
// installed the packed tarball (wall clock of each command, compilation cached), and the SVM catalogue
// in LiteSVM (deployment included) and over the devnet's Solana JSON-RPC on loopback (deployment over
// RPC included; the chain runs 20 ms slots). Each runs ROUNDS times; the median counts.
//   npm run bench:conformance
import { execFileSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { createSolanaRpc, createSolanaRpcSubscriptions } from "@solana/kit";
import { network } from "hardhat";
import { LiteSVM } from "litesvm";
import { custom } from "viem";
import { createConsumer, repoVersion, run } from "../scripts/package/consumer.ts";
import { FORGE_PACKAGE, writeFoundryProject } from "../scripts/package/foundry-project.ts";
import { startSvmDevChain } from "../src/devnet/svm-chain.ts";
import {
  attestedReceiverAdapter,
  orderGatedDepositorAdapter,
  runEvmConformance,
  runEvmOrderConformance,
} from "../src/testing/index.ts";
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
  const reports = [
    await runEvmConformance({
      transport: custom(connection.provider),
      adapter: attestedReceiverAdapter(),
      print: false,
    }),
    await runEvmOrderConformance({
      transport: custom(connection.provider),
      adapter: orderGatedDepositorAdapter(),
      print: false,
    }),
  ];
  const ms = performance.now() - started;
  await connection.close();
  const failed = reports.reduce((n, r) => n + r.failed, 0);
  if (failed) throw new Error(`${failed} properties failed: the benchmark needs passing receivers`);
  return {
    ms,
    properties: reports.reduce((n, r) => n + r.results.length, 0),
    passed: reports.reduce((n, r) => n + r.passed, 0),
  };
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
    [
      "hardhat",
      "test",
      "solidity",
      "test/conformance/AttestedReceiver.conformance.t.sol",
      "test/conformance/OrderGatedDepositor.conformance.t.sol",
    ],
    { encoding: "utf8", maxBuffer: 64 * 1024 * 1024 },
  );
  return { ms: performance.now() - started, output };
}

/** The Foundry project an integrator would have: the tarball installed, both ready adapters inherited. */
const FOUNDRY_SUITES = `// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {AttestedReceiverConformance} from "attestkit/contracts/testing/AttestedReceiverConformance.sol";
import {OrderGatedDepositorConformance} from "attestkit/contracts/testing/OrderGatedDepositorConformance.sol";

contract AttestedReceiverConformanceTest is AttestedReceiverConformance {}

contract OrderGatedDepositorConformanceTest is OrderGatedDepositorConformance {}
`;

async function foundryProject(): Promise<{ dir: string; forge: string }> {
  const { dir } = await createConsumer("bench-foundry", [repoVersion("solc"), FORGE_PACKAGE]);
  const forge = writeFoundryProject(dir);
  mkdirSync(join(dir, "src"));
  mkdirSync(join(dir, "test"));
  writeFileSync(join(dir, "test/ReferenceConformance.t.sol"), FOUNDRY_SUITES);
  await run(forge, ["build"], { cwd: dir });
  return { dir, forge };
}

async function solidityFoundry(project: {
  dir: string;
  forge: string;
}): Promise<{ ms: number; passed: number }> {
  const { stdout, ms } = await run(project.forge, ["test"], { cwd: project.dir });
  const passed = [...stdout.matchAll(/Suite result: ok\. (\d+) passed; 0 failed/g)].reduce(
    (n, m) => n + Number(m[1]),
    0,
  );
  return { ms, passed };
}

const ts: number[] = [];
const sol: number[] = [];
const forge: number[] = [];
const svm: number[] = [];
const svmOverRpc: number[] = [];
let svmProperties = 0;
let svmRpcPassed = 0;
let tsProperties = 0;
let solPassing = 0;
let forgePassing = 0;
solidityHardhat(); // compile once, so the rounds measure the run
const foundry = await foundryProject(); // installs the tarball and forge, compiles once
for (let round = 0; round < ROUNDS; round++) {
  const t = await typescriptEvm();
  ts.push(t.ms);
  tsProperties = t.properties;
  const s = solidityHardhat();
  sol.push(s.ms);
  solPassing = Number(s.output.match(/(\d+) passing/)?.[1] ?? 0);
  const f = await solidityFoundry(foundry);
  forge.push(f.ms);
  forgePassing = f.passed;
  const v = await svmLiteSvm();
  svm.push(v.ms);
  svmProperties = v.properties;
  const r = await svmRpc();
  svmOverRpc.push(r.ms);
  svmRpcPassed = r.passed;
}

const row = (runner: string, properties: number, runs: number[]) => ({
  runner,
  properties,
  medianSeconds: Number((median(runs) / 1000).toFixed(2)),
  underTarget: median(runs) < TARGET_MS ? "yes" : "no",
});
const rows = [
  row("TypeScript catalogues (attestations + orders), Hardhat in-process (viem)", tsProperties, ts),
  row(
    "Solidity catalogues (attestations + orders), `hardhat test solidity` (whole command)",
    solPassing,
    sol,
  ),
  row(
    "Solidity catalogues (attestations + orders), `forge test` from the tarball (whole command)",
    forgePassing,
    forge,
  ),
  row("SVM catalogue, LiteSVM (deployment included)", svmProperties, svm),
  row(
    "SVM catalogue, devnet Solana JSON-RPC (deployment included; properties run)",
    svmRpcPassed,
    svmOverRpc,
  ),
];
printTable("Conformance catalogues against the reference receivers (median of 3 runs)", rows);
writeResults("conformance.json", {
  targetSeconds: TARGET_MS / 1000,
  rounds: ROUNDS,
  runs: {
    typescriptEvmMs: ts.map(Math.round),
    solidityHardhatMs: sol.map(Math.round),
    solidityFoundryMs: forge.map(Math.round),
    svmLiteSvmMs: svm.map(Math.round),
    svmRpcMs: svmOverRpc.map(Math.round),
  },
  rows,
});
