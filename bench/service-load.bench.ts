// Load benchmark of the mock service on loopback (spec targets from issue 5):
//   GET /requests/v3 with typical filters over 100,000 stored requests: p99 <= 25 ms
//   POST /quote/v2: >= 1,000 requests/s
// Each case runs in the same run as a bare Fastify route (the baseline), with the load generator
// (autocannon) in a separate process. Every loop is bounded by a request count and a duration.
//   node bench/service-load.bench.ts [--requests 100000] [--amount 20000] [--connections 10]
import { execFile } from "node:child_process";
import { availableParallelism } from "node:os";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import Fastify from "fastify";
import { privateKeyToAccount } from "viem/accounts";
import { createService } from "../src/service/index.ts";
import { generateRequests } from "../src/service/seed.ts";
import { printTable, writeResults } from "./harness.ts";

const { values } = parseArgs({
  options: {
    requests: { type: "string", default: "100000" },
    amount: { type: "string", default: "20000" },
    connections: { type: "string", default: "10" },
    duration: { type: "string", default: "30" },
  },
});
const STORED = Number(values.requests);
const AMOUNT = Number(values.amount);
const CONNECTIONS = Number(values.connections);
const DURATION = Number(values.duration);
const API_KEY = "bench-key";
const SOLVER_KEY = "0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d";
const USER = privateKeyToAccount(
  "0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80",
).address;

type Req = { method: "GET" | "POST"; path: string; headers?: Record<string, string>; body?: string };
type Cannon = {
  requests: { average: number; total: number };
  latency: { p50: number; p90: number; p99: number; max: number; average: number };
  errors: number;
  timeouts: number;
  non2xx: number;
  duration: number;
  wallSeconds: number;
  "2xx": number;
  "4xx": number;
  "5xx": number;
};

const runner = fileURLToPath(new URL("./service-load.runner.ts", import.meta.url));
function load(url: string, requests: Req[], amount = AMOUNT): Promise<Cannon> {
  const job = JSON.stringify({ url, connections: CONNECTIONS, amount, durationSeconds: DURATION, requests });
  return new Promise((resolve, reject) => {
    execFile(process.execPath, [runner, job], { maxBuffer: 64 * 1024 * 1024 }, (error, stdout) => {
      if (error) reject(error);
      else resolve(JSON.parse(stdout) as Cannon);
    });
  });
}

// --- servers
const t0 = performance.now();
const service = createService({ solverPrivateKey: SOLVER_KEY, apiKeys: [API_KEY], holdSweepIntervalMs: 0 });
const fixtures = generateRequests({
  seed: 2026,
  count: STORED,
  apiKeys: [API_KEY, "other-key"],
  wallets: 2000,
});
service.seedRequests(fixtures);
const seedSeconds = (performance.now() - t0) / 1000;
const base = await service.listen(0);

const bare = Fastify({ logger: false });
bare.get("/baseline", async () => ({ requests: [] }));
bare.post("/baseline", async (request) => ({ ok: true, echo: request.body }));
await bare.listen({ host: "127.0.0.1", port: 0 });
const bareAddress = bare.server.address();
if (bareAddress === null || typeof bareAddress === "string") throw new Error("no address");
const bareUrl = `http://127.0.0.1:${bareAddress.port}`;

// --- typical listing filters
const pick = (i: number) => fixtures[(i * 7919) % fixtures.length]!;
const headers = { "x-api-key": API_KEY };
const listing: Req[] = [];
for (let i = 0; i < 50; i++) {
  const r = pick(i);
  const queries = [
    "",
    `user=${r.record.sender ?? r.record.user}`,
    "status=success",
    `originChainId=${r.meta.originChainId}&status=failure`,
    `chainId=8453&sortBy=updatedAt`,
    `recipient=${r.record.recipient}`,
    "currencyInSymbol=usdc&amountUsdMin=10",
    `id=${r.record.id}`,
    `term=${r.record.id}`,
    `apiKey=${API_KEY}&limit=50`,
    "sortBy=amountUsd&amountUsdMin=50&amountUsdMax=60",
    `startTimestamp=${Math.floor(r.meta.createdAt / 1000) - 3600}&endTimestamp=${Math.floor(r.meta.createdAt / 1000)}`,
    "features=fast_fill&destinationChainId=1",
  ];
  listing.push({ method: "GET", path: `/requests/v3?${queries[i % queries.length]}`, headers });
}
const quoteBody = (i: number) =>
  JSON.stringify({
    user: USER,
    originChainId: i % 2 === 0 ? 1 : 8453,
    destinationChainId: i % 2 === 0 ? 8453 : 10,
    originCurrency: "0x0000000000000000000000000000000000000000",
    destinationCurrency:
      i % 2 === 0
        ? "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913"
        : "0x0b2C639c533813f4Aa9D7837CAf62653d097Ff85",
    tradeType: "EXACT_INPUT",
    amount: String(10n ** 16n * BigInt(1 + (i % 50))),
  });
const quotes: Req[] = Array.from({ length: 50 }, (_, i) => ({
  method: "POST" as const,
  path: "/quote/v2",
  headers: { "content-type": "application/json" },
  body: quoteBody(i),
}));

// warm-up (bounded)
await load(base, listing, 2000);
await load(base, quotes, 2000);
await load(bareUrl, [{ method: "GET", path: "/baseline" }], 2000);

const cases: { name: string; target: string; result: Cannon }[] = [];
cases.push({
  name: "baseline GET (bare Fastify route)",
  target: "-",
  result: await load(bareUrl, [{ method: "GET", path: "/baseline" }]),
});
cases.push({
  name: "GET /requests/v3 typical filters",
  target: "p99 <= 25 ms",
  result: await load(base, listing),
});
cases.push({
  name: "baseline POST (bare Fastify route)",
  target: "-",
  result: await load(bareUrl, [
    {
      method: "POST",
      path: "/baseline",
      headers: { "content-type": "application/json" },
      body: quoteBody(0),
    },
  ]),
});
cases.push({ name: "POST /quote/v2", target: ">= 1000 req/s", result: await load(base, quotes) });

await service.close();
await bare.close();

const rows = cases.map(({ name, target, result }) => ({
  case: name,
  // completed requests over the load generator's wall time (autocannon's per-second average is coarse)
  "req/s": Math.round(result.requests.total / result.wallSeconds),
  "wall s": Number(result.wallSeconds.toFixed(2)),
  "p50 ms": result.latency.p50,
  "p90 ms": result.latency.p90,
  "p99 ms": result.latency.p99,
  "max ms": result.latency.max,
  "2xx": result["2xx"],
  "non-2xx": result.non2xx,
  errors: result.errors + result.timeouts,
  target,
}));
printTable(
  `mock service load, ${STORED} stored requests, ${CONNECTIONS} connections, ${availableParallelism()} cores`,
  rows,
);
const listingCase = cases[1]!.result;
const quoteCase = cases[3]!.result;
const verdict = {
  listingP99Ms: listingCase.latency.p99,
  listingP99Within25ms: listingCase.latency.p99 <= 25,
  quoteRequestsPerSecond: Math.round(quoteCase.requests.total / quoteCase.wallSeconds),
  quoteAtLeast1000PerSecond: quoteCase.requests.total / quoteCase.wallSeconds >= 1000,
  noErrors: cases.every((c) => c.result.errors + c.result.timeouts + c.result["5xx"] + c.result["4xx"] === 0),
};
console.log(verdict);
writeResults("service-load.json", {
  command: "node bench/service-load.bench.ts",
  storedRequests: STORED,
  seedSeconds: Number(seedSeconds.toFixed(1)),
  connections: CONNECTIONS,
  requestsPerCase: AMOUNT,
  cores: availableParallelism(),
  cases: rows,
  verdict,
});
