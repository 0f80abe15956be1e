// Load generator of bench/service-load.bench.ts, run as a separate process so it does not share
// the server's event loop. Reads one JSON job from argv, runs autocannon (bounded by request count
// and duration), prints the autocannon result as JSON on stdout.
import autocannon from "autocannon";

type Job = {
  url: string;
  connections: number;
  amount: number;
  durationSeconds: number;
  requests: { method: "GET" | "POST"; path: string; headers?: Record<string, string>; body?: string }[];
};

const job = JSON.parse(process.argv[2] ?? "{}") as Job;
let index = 0;
const started = performance.now();
const result = await autocannon({
  url: job.url,
  connections: job.connections,
  amount: job.amount,
  duration: job.durationSeconds,
  requests: [
    {
      setupRequest(request: Record<string, unknown>) {
        const next = job.requests[index++ % job.requests.length]!;
        return {
          ...request,
          method: next.method,
          path: next.path,
          headers: { ...(next.headers ?? {}) },
          body: next.body,
        };
      },
    },
  ],
});
const wallSeconds = (performance.now() - started) / 1000;
process.stdout.write(JSON.stringify({ ...result, wallSeconds }));
