// getSvmTransactionSize against fully serializing the transaction, on the same
// fixed set of transactions (the SVM size vectors: legacy and v0, 214 to 1662
// bytes), in one process. Synchronous loop (no await per call: the operations
// take well under a microsecond), cases interleaved round by round so drift hits
// all alike; warmup first; the median round is reported.
// Run: cd /work/main && PATH=$PWD/node_modules/.bin:$PATH node bench/svm-size.bench.ts
import {
  getBase64EncodedWireTransaction,
  getTransactionDecoder,
  getTransactionEncoder,
  getTransactionSize,
  type Transaction,
} from "@solana/kit";
import { createSeededBytes } from "../scripts/vectors/seeded.ts";
import { svmSizeVectors } from "../scripts/vectors/svm-sizes.ts";
import {
  assertSvmTransactionWithinLimit,
  getSvmTransactionSize,
  SVM_TX_SIZE_LIMIT,
} from "../src/svm/index.ts";
import { printTable, writeResults } from "./harness.ts";

const SEED = "attestkit-bench-svm-size";
const ROUNDS = 15;
const ITERATIONS = 20_000;
const WARMUP = 20_000;

const { vectors } = svmSizeVectors(createSeededBytes(SEED));
const decoder = getTransactionDecoder();
const transactions: Transaction[] = vectors.map((v) =>
  decoder.decode(Buffer.from(v.wireTransactionBase64, "base64")),
);
const expectedSum = vectors.reduce((sum, v) => sum + v.size, 0);
const n = transactions.length;
const encoder = getTransactionEncoder();

type Case = { name: string; size: (tx: Transaction) => number };
const cases: Case[] = [
  { name: "attestkit getSvmTransactionSize", size: (tx) => getSvmTransactionSize(tx) },
  {
    // 3 of the 16 transactions are over 1232 bytes: their cost is mostly building the thrown error.
    name: `attestkit assertSvmTransactionWithinLimit (${vectors.filter((v) => !v.withinLimit).length}/${vectors.length} throw)`,
    size: (tx) => {
      try {
        return assertSvmTransactionWithinLimit(tx);
      } catch {
        return getSvmTransactionSize(tx);
      }
    },
  },
  { name: "kit getTransactionSize", size: (tx) => getTransactionSize(tx) },
  { name: "serialize: encoder.encode(tx).length", size: (tx) => encoder.encode(tx).length },
  {
    name: "serialize: getTransactionEncoder().encode(tx).length",
    size: (tx) => getTransactionEncoder().encode(tx).length,
  },
  {
    name: "serialize: base64 wire, decoded length",
    size: (tx) => Buffer.from(getBase64EncodedWireTransaction(tx), "base64").length,
  },
];

/** Runs `iterations` operations cycling over the set; returns ns/op and checks the sizes. */
function runRound(c: Case, iterations: number): number {
  let sum = 0;
  const start = process.hrtime.bigint();
  for (let i = 0; i < iterations; i++) sum += c.size(transactions[i % n] as Transaction);
  const elapsed = Number(process.hrtime.bigint() - start);
  const cycles = Math.floor(iterations / n);
  const partial = transactions.slice(0, iterations % n).reduce((s, tx) => s + encoder.encode(tx).length, 0);
  if (sum !== cycles * expectedSum + partial) throw new Error(`${c.name} measured wrong sizes`);
  return elapsed / iterations;
}

for (const c of cases) runRound(c, WARMUP);
const samples = new Map<string, number[]>(cases.map((c) => [c.name, []]));
for (let round = 0; round < ROUNDS; round++) {
  for (const c of cases) samples.get(c.name)?.push(runRound(c, ITERATIONS));
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2
    ? (s[(s.length - 1) / 2] as number)
    : ((s[s.length / 2 - 1] as number) + (s[s.length / 2] as number)) / 2;
};
const results = cases.map((c) => {
  const ns = samples.get(c.name) ?? [];
  const nsPerOp = median(ns);
  return {
    name: c.name,
    nsPerOp: Math.round(nsPerOp * 10) / 10,
    opsPerSecond: Math.round(1e9 / nsPerOp),
    minNsPerOp: Math.round(Math.min(...ns) * 10) / 10,
    maxNsPerOp: Math.round(Math.max(...ns) * 10) / 10,
  };
});
const ours = results[0] as (typeof results)[0];
const serialize = results.find((r) => r.name.startsWith("serialize: encoder")) as (typeof results)[0];

printTable(
  `SVM transaction size: ${n} transactions (${Math.min(...vectors.map((v) => v.size))}-${Math.max(
    ...vectors.map((v) => v.size),
  )} bytes), ${ROUNDS} rounds x ${ITERATIONS} ops, median round`,
  results.map((r) => ({
    case: r.name,
    "ns/op": r.nsPerOp,
    "ops/s": r.opsPerSecond,
    "min..max ns/op": `${r.minNsPerOp}..${r.maxNsPerOp}`,
    "vs getSvmTransactionSize": `${(r.nsPerOp / ours.nsPerOp).toFixed(2)}x`,
  })),
);
console.log(
  `getSvmTransactionSize is ${(serialize.nsPerOp / ours.nsPerOp).toFixed(2)}x the speed of serializing with a reused encoder`,
);

writeResults("svm-size.json", {
  benchmark: "getSvmTransactionSize vs full serialization",
  method: {
    transactions: n,
    source: `svmSizeVectors(createSeededBytes("${SEED}")) decoded with getTransactionDecoder`,
    sizes: vectors.map((v) => v.size),
    limit: SVM_TX_SIZE_LIMIT,
    warmupOpsPerCase: WARMUP,
    rounds: ROUNDS,
    opsPerRound: ITERATIONS,
    statistic: "median ns/op over rounds; cases interleaved per round; synchronous loop",
  },
  results,
  speedupOverSerialize: Math.round((serialize.nsPerOp / ours.nsPerOp) * 100) / 100,
});
