// Whole-devnet snapshot and revert (goal <= 50 ms each), and a saved state's start.
// 0. What journaling the EVM chains (the saved state's record) adds to each state-changing request.
// 1. In one process: `devnet.snapshot()` and `devnet.revert(id)` around a test's worth of changes
//    (ETH sent on both EVM chains, SOL sent on the SVM chain, a request quoted), side by side with
//    one chain's `evm_snapshot` / `evm_revert` alone; the service database starts with `--requests`
//    requests seeded, as a suite that has run for a while has.
// 2. A start fresh and from the state saved after part 1: `startDevnet()` in a process that has
//    loaded everything, and `attestkit devnet` / `--load-state` as processes, timed from spawn until
//    it printed its endpoints and answered a first request on every surface.
//   node bench/devnet-snapshot.bench.ts [--rounds 30] [--runs 3] [--requests 1000]
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import {
  appendTransactionMessageInstructions,
  createSolanaRpc,
  createTransactionMessage,
  pipe,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  signTransactionMessageWithSigners,
} from "@solana/kit";
import { getTransferSolInstruction } from "@solana-program/system";
import { createPublicClient, http, parseEther, zeroAddress } from "viem";
import { evmDevAccount } from "../src/devnet/accounts.ts";
import { startDevnet } from "../src/devnet/devnet.ts";
import { createEdrProvider, type EdrProvider } from "../src/devnet/edr-provider.ts";
import { journaledProvider } from "../src/devnet/evm-state.ts";
import { createServiceClient } from "../src/index.ts";
import { generateRequests } from "../src/service/seed.ts";
import { processStart, READY, REPO_ROOT } from "./devnet-process.ts";
import { printTable, writeResults } from "./harness.ts";

const { values } = parseArgs({
  options: {
    rounds: { type: "string", default: "30" },
    runs: { type: "string", default: "3" },
    requests: { type: "string", default: "1000" },
  },
});
const ROUNDS = Math.min(Number(values.rounds), 500);
const RUNS = Math.min(Number(values.runs), 20);
const REQUESTS = Math.min(Number(values.requests), 100_000);
const GOAL_MS = 50;
const CLI = join(REPO_ROOT, "src/cli.ts");
const FREE_PORTS = ["--port", "0", "--rpc-port", "0", "--svm-rpc-port", "0"];

const stats = (samples: number[]) => {
  const sorted = [...samples].sort((a, b) => a - b);
  return {
    runs: sorted.length,
    medianMs: Number((sorted[Math.floor(sorted.length / 2)] as number).toFixed(2)),
    p90Ms: Number((sorted[Math.floor(sorted.length * 0.9)] as number).toFixed(2)),
    maxMs: Number((sorted.at(-1) as number).toFixed(2)),
  };
};
const timed = async <T>(samples: number[], work: () => Promise<T>): Promise<T> => {
  const start = performance.now();
  const result = await work();
  samples.push(performance.now() - start);
  return result;
};

// --- 0. what the saved state's journal costs each state-changing request (a transfer on a bare
// EDR chain against the same on a journaled one, interleaved rounds of 100)
const bare = await createEdrProvider(1);
const journaled = journaledProvider(await createEdrProvider(2));
const journalSamples = { bare: [] as number[], journaled: [] as number[] };
const transfer = (provider: EdrProvider) => async () => {
  for (let i = 0; i < 100; i++) {
    await provider.request({
      method: "eth_sendTransaction",
      params: [{ from: evmDevAccount("alice").address, to: evmDevAccount("bob").address, value: "0x1" }],
    });
  }
};
for (let round = 0; round < 10; round++) {
  await timed(journalSamples.bare, transfer(bare));
  await timed(journalSamples.journaled, transfer(journaled));
}
bare.close();
journaled.close();
const perTransfer = (samples: number[]) => stats(samples.map((ms) => ms / 100));
const journalRows = [
  { case: "eth_sendTransaction, bare EDR provider", ...perTransfer(journalSamples.bare) },
  { case: "eth_sendTransaction, journaled (the devnet's chains)", ...perTransfer(journalSamples.journaled) },
];
printTable(
  "A state-changing request with and without the journal (ms per transfer, 10 rounds of 100)",
  journalRows,
);

// --- 1. snapshot and revert in one process
const devnet = await startDevnet({ logger: false, indexerIntervalMs: 50 });
devnet.service.seedRequests(generateRequests({ seed: 30, count: REQUESTS }));
const client = createServiceClient({ baseUrl: devnet.serviceUrl, apiKey: devnet.apiKey });
const alice = evmDevAccount("alice").address;
const svmRpc = createSolanaRpc(devnet.svm.rpcUrl);
const payer = devnet.svm.accounts.alice;

/** Makes each SVM transfer a new transaction (the same one twice in a slot is refused as processed). */
let transfers = 0;
async function aTestsChanges(): Promise<void> {
  for (const chain of devnet.evm.values()) {
    await chain.provider.request({
      method: "eth_sendTransaction",
      params: [{ from: alice, to: evmDevAccount("bob").address, value: `0x${parseEther("1").toString(16)}` }],
    });
  }
  const { value: blockhash } = await svmRpc.getLatestBlockhash({ commitment: "confirmed" }).send();
  const tx = await pipe(
    createTransactionMessage({ version: 0 }),
    (m) => setTransactionMessageFeePayerSigner(payer, m),
    (m) => setTransactionMessageLifetimeUsingBlockhash(blockhash, m),
    (m) =>
      appendTransactionMessageInstructions(
        [
          getTransferSolInstruction({
            source: payer,
            destination: devnet.svm.accounts.bob.address,
            amount: 1_000_000n + BigInt(transfers++),
          }),
        ],
        m,
      ),
    (m) => signTransactionMessageWithSigners(m),
  );
  devnet.svm.submit(tx);
  await client.quoteV2({
    user: alice,
    recipient: evmDevAccount("bob").address,
    originChainId: 8453,
    destinationChainId: 10,
    originCurrency: zeroAddress,
    destinationCurrency: zeroAddress,
    amount: parseEther("0.01").toString(),
    tradeType: "EXACT_INPUT",
  });
}

const samples = {
  snapshot: [] as number[],
  revert: [] as number[],
  evmSnapshot: [] as number[],
  evmRevert: [] as number[],
};
const base = devnet.evmChain(8453);
for (let round = 0; round < ROUNDS; round++) {
  const id = await timed(samples.snapshot, () => devnet.snapshot());
  await aTestsChanges();
  const reverted = await timed(samples.revert, () => devnet.revert(id));
  if (!reverted) throw new Error(`snapshot ${id} was gone`);
  const chainId = await timed(samples.evmSnapshot, () => base.snapshot());
  await aTestsChanges();
  await timed(samples.evmRevert, () => base.revert(chainId));
}
// The state part 2 loads: the seeded requests and one test's changes.
await aTestsChanges();
const dir = mkdtempSync(join(tmpdir(), "attestkit-state-bench-"));
const stateFile = join(dir, "devnet.json");
const dumpMs: number[] = [];
await timed(dumpMs, () => devnet.dumpState(stateFile));
const saved = await devnet.state();
await devnet.close();

// In a process that has loaded everything already: what the start itself costs, fresh or loaded.
const warm = {
  "startDevnet() (fresh)": [] as number[],
  "startDevnet({ load }) (saved above)": [] as number[],
};
for (let run = 0; run < RUNS; run++) {
  const fresh = await timed(warm["startDevnet() (fresh)"], () => startDevnet({ logger: false }));
  await fresh.close();
  const loaded = await timed(warm["startDevnet({ load }) (saved above)"], () =>
    startDevnet({ logger: false, load: saved }),
  );
  await loaded.close();
}

const inProcess = [
  {
    case: "devnet.snapshot() (2 EVM chains, SVM chain, service)",
    ...stats(samples.snapshot),
    goalMs: GOAL_MS,
  },
  { case: "devnet.revert(id)", ...stats(samples.revert), goalMs: GOAL_MS },
  { case: "evm_snapshot, one chain alone", ...stats(samples.evmSnapshot), goalMs: "" },
  { case: "evm_revert, one chain alone", ...stats(samples.evmRevert), goalMs: "" },
  { case: "devnet.dumpState(file)", ...stats(dumpMs), goalMs: "" },
].map((row) => ({ ...row, meetsGoal: row.goalMs === "" ? "" : row.medianMs <= GOAL_MS ? "yes" : "no" }));
printTable(`Whole-devnet snapshot and revert (${ROUNDS} rounds, ${REQUESTS} requests seeded)`, inProcess);

// --- 2. a saved state's start, side by side with a fresh one
/** Answers one request on each surface: both EVM chains, the SVM chain, the service. */
async function firstRequests(banner: string): Promise<void> {
  const urls = [...banner.matchAll(/\((?:8453|10)\)\s+(http:\/\/\S+)/g)].map((match) => match[1] as string);
  for (const url of urls) await createPublicClient({ transport: http(url) }).getBalance({ address: alice });
  const svm = /svm \(792703809\)\s+(http:\/\/\S+)/.exec(banner)?.[1] as string;
  await createSolanaRpc(svm).getBalance(payer.address).send();
  const service = /mock service\s+(http:\/\/\S+)/.exec(banner)?.[1] as string;
  await createServiceClient({ baseUrl: service, apiKey: "devnet-api-key" }).listRequests();
}
const starts = {
  "attestkit devnet (fresh)": [] as number[],
  "attestkit devnet --load-state (saved above)": [] as number[],
};
const args = {
  "attestkit devnet (fresh)": [CLI, "devnet", ...FREE_PORTS],
  "attestkit devnet --load-state (saved above)": [CLI, "devnet", ...FREE_PORTS, "--load-state", stateFile],
};
await processStart(process.execPath, args["attestkit devnet (fresh)"]); // warms the compile cache
for (let run = 0; run < RUNS; run++) {
  for (const name of Object.keys(starts) as (keyof typeof starts)[]) {
    starts[name].push(await processStart(process.execPath, args[name], {}, REPO_ROOT, firstRequests));
  }
}
rmSync(dir, { recursive: true, force: true });
const startRows = [...Object.entries(warm), ...Object.entries(starts)].map(([name, ms]) => ({
  case: name,
  ...stats(ms),
}));
printTable(
  `Start: in a warm process, and as a process until "${READY}" and a first request answered on every surface (${RUNS} runs)`,
  startRows,
);
writeResults("devnet-snapshot.json", {
  rounds: ROUNDS,
  requestsSeeded: REQUESTS,
  goalMs: GOAL_MS,
  journal: journalRows,
  snapshot: inProcess,
  start: startRows,
});
process.exit(0);
