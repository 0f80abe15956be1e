// EVM event latency of the devnet: a receiver deposit sent over HTTP (from the start of viem's
// `sendTransaction`, its fill requests included) until its DepositAccepted log
// reaches a viem `watchContractEvent` over WebSocket (eth_subscribe), side by side with the same
// watch over HTTP polling (eth_getFilterChanges every --poll ms). Both watchers see every deposit of
// the same run; the number of deposits is bounded.
//   node bench/evm-ws-latency.bench.ts [--deposits 50] [--poll 100]
import { parseArgs } from "node:util";
import { createPublicClient, createWalletClient, type Hex, http, webSocket } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { attestedReceiverAbi } from "../src/receiver/index.ts";
import { alice, nativeDeposit, startChain } from "../test/outside/evm-rpc/fixture.ts";
import { printTable, writeResults } from "./harness.ts";

const { values } = parseArgs({
  options: { deposits: { type: "string", default: "50" }, poll: { type: "string", default: "100" } },
});
const DEPOSITS = Math.min(Number(values.deposits), 1000);
const POLL_MS = Number(values.poll);
const TIMEOUT_MS = 30_000;

const chain = await startChain();
const wallet = createWalletClient({
  account: privateKeyToAccount(alice.privateKey),
  transport: http(chain.rpcUrl),
});
const watchers = {
  "WebSocket (eth_subscribe logs)": createPublicClient({ transport: webSocket(chain.wsUrl) }),
  [`HTTP polling (${POLL_MS} ms)`]: createPublicClient({
    transport: http(chain.rpcUrl),
    pollingInterval: POLL_MS,
  }),
};
const arrivals = new Map<string, Map<Hex, number>>();
const unwatch = Object.entries(watchers).map(([name, client]) => {
  const seen = new Map<Hex, number>();
  arrivals.set(name, seen);
  return client.watchContractEvent({
    address: chain.receiver,
    abi: attestedReceiverAbi,
    eventName: "DepositAccepted",
    onLogs: (logs) => {
      const now = performance.now();
      for (const log of logs) seen.set(log.args.requestId as Hex, now);
    },
  });
});
await new Promise((resolve) => setTimeout(resolve, 500));

const latencies = new Map<string, number[]>([...arrivals.keys()].map((name) => [name, []]));
for (let i = 0; i < DEPOSITS; i++) {
  const deposit = await nativeDeposit(chain, "bench");
  const sent = performance.now();
  await wallet.sendTransaction({ chain: null, to: deposit.to, data: deposit.data, value: deposit.value });
  const deadline = sent + TIMEOUT_MS;
  while ([...arrivals.values()].some((seen) => !seen.has(deposit.requestId))) {
    if (performance.now() > deadline) throw new Error(`deposit ${i} not seen within ${TIMEOUT_MS} ms`);
    await new Promise((resolve) => setTimeout(resolve, 1));
  }
  for (const [name, seen] of arrivals)
    latencies.get(name)?.push((seen.get(deposit.requestId) as number) - sent);
}
for (const stop of unwatch) stop();
await (await watchers["WebSocket (eth_subscribe logs)"].transport.getRpcClient()).close();
await chain.close();

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] as number;
const rows = [...latencies].map(([name, samples]) => {
  const sorted = [...samples].sort((a, b) => a - b);
  return {
    watcher: name,
    deposits: sorted.length,
    p50Ms: Number(percentile(sorted, 50).toFixed(2)),
    p99Ms: Number(percentile(sorted, 99).toFixed(2)),
    maxMs: Number((sorted.at(-1) as number).toFixed(2)),
  };
});
printTable("Deposit sent over HTTP -> DepositAccepted received by viem watchContractEvent", rows);
writeResults("evm-ws-latency.json", { deposits: DEPOSITS, pollMs: POLL_MS, results: rows });
process.exit(0);
