// The devnet's Solana RPC under hostile load, side by side, over loopback:
// 1. `getAccountInfo` requests per second and p50/p99 from a separate autocannon process
//    (bench/service-load.runner.ts), alone and while a client keeps sending 1,000-call batches of
//    `getProgramAccounts` (the batch limit; 10,000 is refused whole), plus how far the slot clock
//    fell behind (goal: no request waits more than one slot, 400 ms);
// 2. the cost of one PubSub subscribe with 1,000 and with 10,000 live subscriptions (goal: flat);
// 3. RSS while subscribers never read their sockets (goal: bounded per client: slow consumers are
//    dropped at 4 MiB of unsent notifications).
// Prints one table per part and writes bench/results/svm-rpc-load.json.
import { execFile } from "node:child_process";
import { fileURLToPath } from "node:url";
import { WebSocket } from "ws";
import { MAX_BUFFERED_BYTES } from "../src/devnet/solana-rpc/pubsub.ts";
import { startSvmDevChain } from "../src/devnet/svm-chain.ts";
import { printTable, writeResults } from "./harness.ts";

const LOAD = { connections: 8, amount: 200_000, durationSeconds: 10 };
const HOSTILE_BATCH = 1000;
const SUBSCRIPTION_COUNTS = [1000, 2000, 10_000];
const PER_SOCKET = 1000;
const UNREAD = { sockets: 8, subscriptionsPerSocket: 1000, seconds: 10, slotTimeMs: 20 };

const chain = await startSvmDevChain({
  solverEvm: "0x70997970C51812dc3A010C7d01b50e0d17dc79C8",
  whitelist: [],
  maxDeadlineWindow: 3600,
});

const rpcCall = (method: string, params: unknown[], id = 1) => ({ jsonrpc: "2.0", id, method, params });

async function autocannon(body: string) {
  const job = JSON.stringify({
    url: chain.rpcUrl,
    ...LOAD,
    requests: [{ method: "POST", path: "/", headers: { "content-type": "application/json" }, body }],
  });
  const runner = fileURLToPath(new URL("./service-load.runner.ts", import.meta.url));
  return new Promise<{
    latency: { p50: number; p99: number; max: number };
    "2xx": number;
    non2xx: number;
    errors: number;
    wallSeconds: number;
  }>((resolve, reject) =>
    execFile(process.execPath, [runner, job], { maxBuffer: 64 * 1024 * 1024 }, (error, stdout) =>
      error ? reject(error) : resolve(JSON.parse(stdout)),
    ),
  );
}

/** Sends hostile batches back to back until stopped; counts them and their durations. */
function hostileLoop() {
  let running = true;
  const durations: number[] = [];
  const body = JSON.stringify(
    Array.from({ length: HOSTILE_BATCH }, (_, i) =>
      rpcCall(
        "getProgramAccounts",
        ["TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA", { encoding: "base64" }],
        i,
      ),
    ),
  );
  const done = (async () => {
    while (running) {
      const started = performance.now();
      const response = await fetch(chain.rpcUrl, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body,
      });
      await response.arrayBuffer();
      durations.push(performance.now() - started);
    }
  })();
  return {
    async stop() {
      running = false;
      await done;
      return durations;
    },
  };
}

async function throughput(hostile: boolean) {
  const body = JSON.stringify(
    rpcCall("getAccountInfo", [chain.usdc.mint, { encoding: "base64", commitment: "confirmed" }]),
  );
  const loop = hostile ? hostileLoop() : null;
  const slotBefore = chain.ledger.slot("processed");
  const result = await autocannon(body);
  const slots = chain.ledger.slot("processed") - slotBefore;
  const batches = (await loop?.stop()) ?? [];
  const expectedSlots = Math.floor((result.wallSeconds * 1000) / chain.ledger.slotTimeMs);
  return {
    case: hostile
      ? `getAccountInfo, ${HOSTILE_BATCH}-call getProgramAccounts batches running`
      : "getAccountInfo alone",
    requestsPerSecond: Math.round(result["2xx"] / result.wallSeconds),
    latencyP50Ms: result.latency.p50,
    latencyP99Ms: result.latency.p99,
    latencyMaxMs: result.latency.max,
    errors: result.errors + result.non2xx,
    slotsAdvanced: `${slots} of ${expectedSlots}`,
    hostileBatches: batches.length,
    hostileBatchMedianMs: batches.length
      ? Math.round(batches.sort((a, b) => a - b)[batches.length >> 1] ?? 0)
      : 0,
  };
}

const load = [await throughput(false), await throughput(true)];
const refused = (await (
  await fetch(chain.rpcUrl, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(
      Array.from({ length: 10_000 }, (_, i) =>
        rpcCall("getProgramAccounts", ["11111111111111111111111111111111"], i),
      ),
    ),
  })
).json()) as { error?: { code: number; message: string } };
printTable("getAccountInfo under a hostile batch (autocannon, 8 connections, 10 s)", load);
console.log(`a 10,000-call batch: ${JSON.stringify(refused.error)}`);

async function openSocket(): Promise<WebSocket> {
  const socket = new WebSocket(chain.wsUrl);
  await new Promise((resolve, reject) => {
    socket.once("open", resolve);
    socket.once("error", reject);
  });
  return socket;
}

/** Subscribes `count` accountSubscribe (1,000 per socket), timing the last 1,000 (pipelined). */
async function subscribeCost(count: number) {
  const sockets: WebSocket[] = [];
  let lastBatchMs = 0;
  for (let made = 0; made < count; made += PER_SOCKET) {
    const socket = await openSocket();
    sockets.push(socket);
    const started = performance.now();
    await new Promise<void>((resolve) => {
      let replies = 0;
      socket.on("message", () => {
        if (++replies === PER_SOCKET) resolve();
      });
      for (let i = 0; i < PER_SOCKET; i++) {
        socket.send(
          JSON.stringify(rpcCall("accountSubscribe", [chain.usdc.mint, { commitment: "confirmed" }], i)),
        );
      }
    });
    lastBatchMs = performance.now() - started;
  }
  for (const socket of sockets) socket.terminate();
  await new Promise((resolve) => setTimeout(resolve, 200));
  return {
    liveSubscriptions: count,
    last1000SubscribesMs: Math.round(lastBatchMs * 10) / 10,
    perSubscribeUs: Math.round((lastBatchMs * 1000) / PER_SOCKET),
  };
}

const subscribe = [];
for (const count of SUBSCRIPTION_COUNTS) subscribe.push(await subscribeCost(count));
printTable("PubSub subscribe cost (1,000 pipelined subscribes, after count - 1,000 live)", subscribe);

async function unreadSubscribers() {
  // Fast slots make every slotSubscribe notify often; the subscribers' sockets are paused (never read).
  const fast = await startSvmDevChain({
    solverEvm: "0x70997970C51812dc3A010C7d01b50e0d17dc79C8",
    whitelist: [],
    maxDeadlineWindow: 3600,
    slotTimeMs: UNREAD.slotTimeMs,
  });
  global.gc?.();
  const rssBefore = process.memoryUsage().rss;
  const sockets: WebSocket[] = [];
  const closed = new Set<WebSocket>();
  for (let s = 0; s < UNREAD.sockets; s++) {
    const socket = new WebSocket(fast.wsUrl);
    await new Promise((resolve) => socket.once("open", resolve));
    socket.on("close", () => closed.add(socket));
    for (let i = 0; i < UNREAD.subscriptionsPerSocket; i++)
      socket.send(JSON.stringify(rpcCall("slotSubscribe", [], i)));
    sockets.push(socket);
  }
  await new Promise((resolve) => setTimeout(resolve, 500));
  for (const socket of sockets) (socket as unknown as { _socket: { pause(): void } })._socket.pause();
  let peak = rssBefore;
  for (let t = 0; t < UNREAD.seconds * 4; t++) {
    await new Promise((resolve) => setTimeout(resolve, 250));
    peak = Math.max(peak, process.memoryUsage().rss);
  }
  // A paused client never sees the server's close: resume to count the subscribers it dropped.
  for (const socket of sockets) (socket as unknown as { _socket: { resume(): void } })._socket.resume();
  await new Promise((resolve) => setTimeout(resolve, 2000));
  const result = {
    subscribers: UNREAD.sockets,
    notificationsPerSecondPerSocket: Math.round((UNREAD.subscriptionsPerSocket * 1000) / UNREAD.slotTimeMs),
    seconds: UNREAD.seconds,
    rssBeforeMiB: Math.round(rssBefore / 2 ** 20),
    rssPeakMiB: Math.round(peak / 2 ** 20),
    socketsDropped: closed.size,
    limitPerSocketMiB: MAX_BUFFERED_BYTES / 2 ** 20,
  };
  for (const socket of sockets) socket.terminate();
  await fast.close();
  return result;
}

const unread = await unreadSubscribers();
printTable("RSS under subscribers that never read", [unread]);

await chain.close();
writeResults("svm-rpc-load.json", {
  load: { ...LOAD, hostileBatch: HOSTILE_BATCH, rows: load, tenThousandBatch: refused.error },
  subscribe,
  unread,
});
process.exit(0);
