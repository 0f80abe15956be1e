// Webhook delivery benchmark of the mock service (issue 29):
//   1. deliveries per second held: N status changes queued at once under one key, sent to a
//      receiver in a separate process that answers 204; file database (WAL, synchronous=FULL) and
//      in memory, at the default concurrency (8) and at 32.
//   2. the delay a stalled endpoint adds to the service's request handling: the same load
//      (GET /intents/status/v3 and POST /quote/v2, each quote queuing a delivery) with no endpoint,
//      and with an endpoint that accepts connections and never answers (every sending slot held to
//      the 5 s deadline, thousands of deliveries waiting). The load generator (autocannon) runs in
//      a separate process.
//   node bench/webhooks.bench.ts [--deliveries 4000] [--amount 10000]
import { type ChildProcess, execFile, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { createServer, type Socket } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { monitorEventLoopDelay } from "node:perf_hooks";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { createService, hashApiKey, type Service } from "../src/service/index.ts";
import { generateRequests } from "../src/service/seed.ts";
import { printTable, writeResults } from "./harness.ts";

const { values } = parseArgs({
  options: {
    deliveries: { type: "string", default: "4000" },
    amount: { type: "string", default: "10000" },
  },
});
const DELIVERIES = Number(values.deliveries);
const AMOUNT = Number(values.amount);
const API_KEY = "bench-key";
const SOLVER_KEY = "0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d";
const dir = mkdtempSync(join(tmpdir(), "attestkit-webhooks-bench-"));

function service(db: string, url: string | null, concurrency?: number): Service {
  return createService({
    solverPrivateKey: SOLVER_KEY,
    apiKeys: [API_KEY],
    holdSweepIntervalMs: 0,
    db,
    newDb: true,
    webhooks: {
      ...(url === null ? {} : { endpoints: { [API_KEY]: url } }),
      ...(concurrency === undefined ? {} : { concurrency }),
    },
  });
}

// --- 1. throughput
const receiver: ChildProcess = spawn(
  process.execPath,
  [fileURLToPath(new URL("./webhooks.receiver.ts", import.meta.url))],
  {
    stdio: ["ignore", "pipe", "inherit"],
  },
);
const receiverUrl = await new Promise<string>((resolve) =>
  receiver.stdout?.once("data", (chunk) => resolve(String(chunk).trim())),
);
// Every request under the bench key, so each one queues exactly one delivery.
const fixtures = generateRequests({ seed: 29, count: DELIVERIES, wallets: 500 }).map((request) => ({
  ...request,
  meta: { ...request.meta, apiKeyHash: hashApiKey(API_KEY) },
}));
const throughput: Record<string, string | number>[] = [];
for (const [label, db] of [
  ["file (WAL, synchronous=FULL)", join(dir, "throughput.sqlite")],
  ["in memory", ":memory:"],
] as const) {
  for (const concurrency of [8, 32]) {
    rmSync(db, { force: true });
    const svc = service(db, receiverUrl, concurrency);
    svc.seedRequests(fixtures);
    const queued = countPending(svc);
    const started = performance.now();
    await svc.ready;
    await svc.webhooks.drained();
    const seconds = (performance.now() - started) / 1000;
    const delivered = countState(svc, "delivered");
    throughput.push({
      database: label,
      concurrency,
      queued,
      delivered,
      "wall s": Number(seconds.toFixed(2)),
      "deliveries/s": Math.round(delivered / seconds),
    });
    await svc.close();
  }
}
receiver.kill();

function countState(svc: Service, state: string): number {
  return (
    svc.store.prepare("SELECT COUNT(*) AS n FROM webhook_deliveries WHERE state = ?").get(state) as {
      n: number;
    }
  ).n;
}
function countPending(svc: Service): number {
  return countState(svc, "pending");
}

// --- 2. a stalled endpoint under load
const held = new Set<Socket>();
const stalled = createServer((socket) => {
  held.add(socket);
  socket.resume();
  socket.on("close", () => held.delete(socket));
  socket.on("error", () => {});
});
await new Promise<void>((resolve) => stalled.listen(0, "127.0.0.1", resolve));
const stalledUrl = `http://127.0.0.1:${(stalled.address() as AddressInfo).port}/hook`;

const runner = fileURLToPath(new URL("./service-load.runner.ts", import.meta.url));
type Cannon = {
  requests: { average: number };
  latency: { p50: number; p90: number; p99: number; max: number };
  non2xx: number;
  errors: number;
};
function load(url: string, requests: unknown[]): Promise<Cannon> {
  const job = JSON.stringify({ url, connections: 10, amount: AMOUNT, durationSeconds: 60, requests });
  return new Promise((resolve, reject) =>
    execFile(process.execPath, [runner, job], { maxBuffer: 64 * 1024 * 1024 }, (error, stdout) =>
      error ? reject(error) : resolve(JSON.parse(stdout) as Cannon),
    ),
  );
}

// Two rounds, the cases interleaved, so the machine's drift hits both alike.
const latency: Record<string, string | number>[] = [];
const cases = [
  ["no webhook endpoint", null],
  ["stalled endpoint (never answers)", stalledUrl],
] as const;
for (const [round, [label, url]] of [...cases, ...cases].entries()) {
  const db = join(dir, `latency-${round}.sqlite`);
  const svc = service(db, url);
  svc.seedRequests(fixtures);
  const base = await svc.listen(0);
  const quoted = await fetch(`${base}/quote/v2`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-api-key": API_KEY },
    body: quoteBody(),
  });
  const requestId = ((await quoted.json()) as { steps: { requestId: string }[] }).steps[0]?.requestId;
  const loop = monitorEventLoopDelay({ resolution: 1 });
  loop.enable();
  const result = await load(base, [
    { method: "GET", path: `/intents/status/v3?requestId=${requestId}` },
    {
      method: "POST",
      path: "/quote/v2",
      headers: { "content-type": "application/json", "x-api-key": API_KEY },
      body: quoteBody(),
    },
  ]);
  loop.disable();
  latency.push({
    case: label,
    round: Math.floor(round / 2) + 1,
    "held connections": held.size,
    "pending deliveries": countPending(svc),
    "req/s": Math.round(result.requests.average),
    "p50 ms": result.latency.p50,
    "p90 ms": result.latency.p90,
    "p99 ms": result.latency.p99,
    "max ms": result.latency.max,
    "non-2xx": result.non2xx + result.errors,
    "event loop p99 ms": Number((loop.percentile(99) / 1e6).toFixed(1)),
    "event loop max ms": Number((loop.max / 1e6).toFixed(1)),
  });
  await svc.close();
}
for (const socket of held) socket.destroy();
stalled.close();
rmSync(dir, { recursive: true, force: true });

function quoteBody(): string {
  return JSON.stringify({
    user: "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266",
    originChainId: 1,
    destinationChainId: 8453,
    originCurrency: "0x0000000000000000000000000000000000000000",
    destinationCurrency: "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913",
    tradeType: "EXACT_INPUT",
    amount: "100000000000000000",
  });
}

printTable("webhook deliveries held (receiver in another process, answers 204)", throughput);
printTable(`service latency under load (${AMOUNT} requests, 10 connections), by webhook endpoint`, latency);
// Paired by round (the two cases of a round ran back to back): what the stalled endpoint added.
const columns = ["p99 ms", "max ms", "event loop max ms"];
const added = [0, 1].map((pair) => {
  const [none, stall] = [latency[pair * 2], latency[pair * 2 + 1]] as Record<string, number>[];
  return Object.fromEntries([
    ["round", pair + 1],
    ...columns.map((column) => [column, Number(((stall?.[column] ?? 0) - (none?.[column] ?? 0)).toFixed(1))]),
  ]);
});
printTable("delay added by the stalled endpoint (stalled minus none, same round)", added);
writeResults("webhooks.json", {
  command: "node bench/webhooks.bench.ts",
  deliveries: DELIVERIES,
  throughput,
  latency,
  addedByStalledEndpoint: added,
});
