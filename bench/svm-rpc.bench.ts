// Solana RPC of the devnet's SVM chain, over loopback with real clients:
// - a SOL transfer sent with @solana/kit and confirmed at `confirmed` over PubSub, p50/p99 at the
//   default 400 ms slot and at 100 ms (goal: p50 <= 100 ms at 100 ms slots), side by side: sent
//   right after the previous confirmation (which lands at a slot's start, so each waits nearly a
//   whole slot: the worst case) and sent at a random point of the slot, as an app's sends arrive;
// - `getAccountInfo` throughput, bounded (request count and duration), from a separate autocannon
//   process (bench/service-load.runner.ts) so the load does not share the server's event loop.
// Prints a side-by-side table and writes bench/results/svm-rpc.json.
import { execFile } from "node:child_process";
import { fileURLToPath } from "node:url";
import {
  airdropFactory,
  appendTransactionMessageInstructions,
  createSolanaRpc,
  createSolanaRpcSubscriptions,
  createTransactionMessage,
  generateKeyPairSigner,
  lamports,
  pipe,
  sendAndConfirmTransactionFactory,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  signTransactionMessageWithSigners,
} from "@solana/kit";
import { getTransferSolInstruction } from "@solana-program/system";
import { LiteSVM } from "litesvm";
import { createSvmLedger, serveSolanaRpc } from "../src/devnet/solana-rpc/index.ts";
import { printTable, writeResults } from "./harness.ts";

const TRANSFERS = { 400: 40, 100: 100 } as const;
const LOAD = { connections: 16, amount: 20_000, durationSeconds: 30 };

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;

type SendPhase = "after the previous confirmation" | "random point of the slot";

async function transferLatency(slotTimeMs: number, count: number, phase: SendPhase) {
  const ledger = createSvmLedger({ svm: new LiteSVM(), slotTimeMs });
  const server = await serveSolanaRpc({ ledger });
  try {
    const rpc = createSolanaRpc(server.rpcUrl);
    const rpcSubscriptions = createSolanaRpcSubscriptions(server.wsUrl);
    const clients = { rpc, rpcSubscriptions } as Parameters<typeof sendAndConfirmTransactionFactory>[0];
    const sendAndConfirm = sendAndConfirmTransactionFactory(clients);
    const payer = await generateKeyPairSigner();
    await airdropFactory(clients as unknown as Parameters<typeof airdropFactory>[0])({
      recipientAddress: payer.address,
      lamports: lamports(100_000_000_000n),
      commitment: "confirmed",
    });
    const to = (await generateKeyPairSigner()).address;
    const samples: number[] = [];
    for (let i = 0; i < count; i++) {
      const { value: lifetime } = await rpc.getLatestBlockhash({ commitment: "confirmed" }).send();
      const tx = await pipe(
        createTransactionMessage({ version: 0 }),
        (m) => setTransactionMessageFeePayerSigner(payer, m),
        (m) => setTransactionMessageLifetimeUsingBlockhash(lifetime, m),
        (m) =>
          appendTransactionMessageInstructions(
            [
              getTransferSolInstruction({
                source: payer,
                destination: to,
                amount: lamports(BigInt(1_000_000 + i)),
              }),
            ],
            m,
          ),
        (m) => signTransactionMessageWithSigners(m),
      );
      if (phase === "random point of the slot")
        await new Promise((resolve) => setTimeout(resolve, Math.random() * slotTimeMs));
      const started = performance.now();
      await sendAndConfirm(tx as Parameters<typeof sendAndConfirm>[0], { commitment: "confirmed" });
      samples.push(performance.now() - started);
    }
    samples.sort((a, b) => a - b);
    return {
      slotTimeMs,
      sent: phase,
      transfers: count,
      p50Ms: percentile(samples, 50),
      p99Ms: percentile(samples, 99),
      maxMs: samples.at(-1) ?? NaN,
    };
  } finally {
    await server.close();
    ledger.close();
  }
}

async function accountInfoThroughput() {
  const ledger = createSvmLedger({ svm: new LiteSVM() });
  const server = await serveSolanaRpc({ ledger });
  try {
    const body = JSON.stringify({
      jsonrpc: "2.0",
      id: 1,
      method: "getAccountInfo",
      params: [
        "SysvarC1ock11111111111111111111111111111111",
        { encoding: "base64", commitment: "confirmed" },
      ],
    });
    const job = JSON.stringify({
      url: server.rpcUrl,
      ...LOAD,
      requests: [{ method: "POST", path: "/", headers: { "content-type": "application/json" }, body }],
    });
    const runner = fileURLToPath(new URL("./service-load.runner.ts", import.meta.url));
    const result = await new Promise<{
      requests: { average: number };
      latency: { p50: number; p99: number };
      non2xx: number;
      errors: number;
      "2xx": number;
      wallSeconds: number;
    }>((resolve, reject) =>
      execFile(process.execPath, [runner, job], { maxBuffer: 64 * 1024 * 1024 }, (error, stdout) =>
        error ? reject(error) : resolve(JSON.parse(stdout)),
      ),
    );
    return {
      requests: result["2xx"],
      errors: result.errors + result.non2xx,
      requestsPerSecond: Math.round(result["2xx"] / result.wallSeconds),
      latencyP50Ms: result.latency.p50,
      latencyP99Ms: result.latency.p99,
      connections: LOAD.connections,
    };
  } finally {
    await server.close();
    ledger.close();
  }
}

const latency = [];
for (const [slot, count] of Object.entries(TRANSFERS))
  for (const phase of ["after the previous confirmation", "random point of the slot"] as const)
    latency.push(await transferLatency(Number(slot), count, phase));
printTable(
  "SOL transfer sent and confirmed at `confirmed` over PubSub (@solana/kit sendAndConfirmTransactionFactory)",
  latency.map((r) => ({
    "slot time (ms)": r.slotTimeMs,
    sent: r.sent,
    transfers: r.transfers,
    "p50 (ms)": r.p50Ms.toFixed(1),
    "p99 (ms)": r.p99Ms.toFixed(1),
    "max (ms)": r.maxMs.toFixed(1),
    goal: r.slotTimeMs === 100 ? `p50 <= 100 ms: ${r.p50Ms <= 100 ? "met" : "missed"}` : "",
  })),
);
const throughput = await accountInfoThroughput();
printTable("getAccountInfo over HTTP (autocannon, bounded)", [
  {
    requests: throughput.requests,
    errors: throughput.errors,
    "req/s": throughput.requestsPerSecond,
    "p50 (ms)": throughput.latencyP50Ms,
    "p99 (ms)": throughput.latencyP99Ms,
    connections: throughput.connections,
  },
]);
writeResults("svm-rpc.json", { transferConfirmation: latency, getAccountInfo: throughput });
