// Side-by-side micro-benchmark harness: every case runs in the same process,
// interleaved round by round so drift hits all cases alike; the median round wins.
import { writeFileSync } from "node:fs";
import { cpus } from "node:os";

export type BenchCase = { name: string; run: (iteration: number) => unknown | Promise<unknown> };
export type BenchResult = {
  name: string;
  nsPerOp: number;
  opsPerSecond: number;
  rounds: number;
  iterations: number;
};

export async function runSideBySide(
  cases: BenchCase[],
  {
    rounds = 15,
    iterations = 200,
    warmup = 100,
  }: { rounds?: number; iterations?: number; warmup?: number } = {},
): Promise<BenchResult[]> {
  for (const c of cases) for (let i = 0; i < warmup; i++) await c.run(i);
  const samples = new Map<string, number[]>(cases.map((c) => [c.name, []]));
  for (let round = 0; round < rounds; round++) {
    for (const c of cases) {
      const start = process.hrtime.bigint();
      for (let i = 0; i < iterations; i++) await c.run(i);
      samples.get(c.name)!.push(Number(process.hrtime.bigint() - start) / iterations);
    }
  }
  return cases.map((c) => {
    const sorted = samples.get(c.name)!.sort((a, b) => a - b);
    const nsPerOp = sorted[Math.floor(sorted.length / 2)]!;
    return { name: c.name, nsPerOp, opsPerSecond: 1e9 / nsPerOp, rounds, iterations };
  });
}

export function printTable(title: string, rows: Array<Record<string, string | number>>): void {
  console.log(`\n${title}`);
  console.table(rows);
}

/** Writes results with the machine facts needed to compare runs in review. */
export function writeResults(file: string, payload: object): void {
  const machine = { node: process.version, cpu: cpus()[0]?.model ?? "unknown", cores: cpus().length };
  const path = new URL(`./results/${file}`, import.meta.url);
  writeFileSync(path, `${JSON.stringify({ machine, ...payload }, null, 2)}\n`);
  console.log(`results written to bench/results/${file}`);
}
