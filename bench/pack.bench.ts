// `npm pack` as a release runs it, twice from an empty dist/ (prepack builds it): first as on a fresh clone,
// its build cache (scripts/package/build-cache.ts) emptied, then as a second pack of the same commit, from
// that cache. Each is timed, with the peak resident memory of its whole process tree (npm, the
// build, tsup, esbuild: /proc sampled every 20 ms and summed) and of its largest process (GNU time's maximum
// RSS), its CPU time (user + system: a loaded machine stretches the wall time, much less the CPU time) both
// of the whole tree as sampled from /proc and as GNU time counts it (npm and the children it waited for,
// which leaves out esbuild's service), its output, and the two tarballs compared byte for byte. Writes
// bench/results/pack.json; exits 1 when a pack peaks over 1 GiB, the pack from the cache takes over 10 s or
// the tarballs differ (the fresh clone's pack is reported against 10 s, with the CPU time that bounds it).
// Run: PATH=$PWD/node_modules/.bin:$PATH node bench/pack.bench.ts
import { spawn } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { BUILD_CACHE } from "../scripts/package/build-cache.ts";
import { NODE_24_PATH, REPO_ROOT } from "../scripts/package/consumer.ts";
import { printTable, writeResults } from "./harness.ts";

const TARGET_MS = 10_000;
const TARGET_BYTES = 1024 ** 3;
const SAMPLE_MS = 20;
const GNU_TIME = "/usr/bin/time";
const PAGE_BYTES = 4096;
const CLOCK_TICKS_PER_SECOND = 100;

/**
 * Resident bytes of `root` and every process descending from it, and the CPU ticks each has used so far
 * (its own, not its children's), from /proc.
 */
function sampleTree(root: number): { residentBytes: number; cpuTicks: Map<number, number> } {
  const parents = new Map<number, number>();
  const resident = new Map<number, number>();
  const ticks = new Map<number, number>();
  for (const entry of readdirSync("/proc")) {
    const pid = Number(entry);
    if (!Number.isInteger(pid)) continue;
    let stat: string;
    try {
      stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    } catch {
      continue; // exited while listed
    }
    // Fields after the command name (which may hold spaces): state ppid ... utime and stime are the 12th and
    // 13th of them, rss the 22nd.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    parents.set(pid, Number(fields[1]));
    ticks.set(pid, Number(fields[11]) + Number(fields[12]));
    resident.set(pid, Number(fields[21]) * PAGE_BYTES);
  }
  let residentBytes = 0;
  const cpuTicks = new Map<number, number>();
  for (const [pid, bytes] of resident) {
    for (let at: number | undefined = pid; at !== undefined && at > 1; at = parents.get(at)) {
      if (at === root) {
        residentBytes += bytes;
        cpuTicks.set(pid, ticks.get(pid) as number);
        break;
      }
    }
  }
  return { residentBytes, cpuTicks };
}

type Pack = {
  build: "built" | "cached";
  wallMs: number;
  treePeakBytes: number;
  largestProcessPeakBytes: number | null;
  cpuSeconds: number;
  waitedCpuSeconds: number | null;
  output: string;
  sha256: string;
  tarballBytes: number;
};

async function packOnce(build: Pack["build"]): Promise<Pack> {
  rmSync(join(REPO_ROOT, "dist"), { recursive: true, force: true });
  if (build === "built") rmSync(join(REPO_ROOT, BUILD_CACHE), { recursive: true, force: true });
  const destination = mkdtempSync(join(tmpdir(), "attestkit-pack-bench-"));
  const timeFile = join(destination, "time.txt");
  const npm = ["npm", "pack", "--pack-destination", destination];
  const [command, ...args] = existsSync(GNU_TIME)
    ? [GNU_TIME, "-f", "%M %U %S", "-o", timeFile, ...npm]
    : npm;
  const env = Object.fromEntries(Object.entries(process.env).filter(([key]) => !key.startsWith("npm_")));
  const start = performance.now();
  const child = spawn(command as string, args, { cwd: REPO_ROOT, env: { ...env, PATH: NODE_24_PATH } });
  let output = "";
  child.stdout.on("data", (chunk) => {
    output += chunk;
  });
  child.stderr.on("data", (chunk) => {
    output += chunk;
  });
  let treePeakBytes = 0;
  const treeTicks = new Map<number, number>();
  const sampler = setInterval(() => {
    const { residentBytes, cpuTicks } = sampleTree(child.pid as number);
    treePeakBytes = Math.max(treePeakBytes, residentBytes);
    for (const [pid, ticks] of cpuTicks) treeTicks.set(pid, Math.max(ticks, treeTicks.get(pid) ?? 0));
  }, SAMPLE_MS);
  const code = await new Promise<number | null>((resolve) => child.on("exit", resolve));
  const wallMs = performance.now() - start;
  clearInterval(sampler);
  if (code !== 0) throw new Error(`npm pack exited with ${code}:\n${output}`);
  const tarball = readdirSync(destination).find((file) => file.endsWith(".tgz"));
  if (!tarball) throw new Error(`npm pack wrote no tarball:\n${output}`);
  const bytes = readFileSync(join(destination, tarball));
  const [largestKiB, user, system] = existsSync(timeFile)
    ? readFileSync(timeFile, "utf8").trim().split(" ").map(Number)
    : [];
  rmSync(destination, { recursive: true, force: true });
  const sampledTicks = [...treeTicks.values()].reduce((sum, ticks) => sum + ticks, 0);
  return {
    build,
    wallMs,
    treePeakBytes,
    largestProcessPeakBytes: largestKiB === undefined ? null : largestKiB * 1024,
    cpuSeconds: sampledTicks / CLOCK_TICKS_PER_SECOND,
    waitedCpuSeconds: user === undefined || system === undefined ? null : Number((user + system).toFixed(2)),
    output,
    sha256: createHash("sha256").update(bytes).digest("hex"),
    tarballBytes: bytes.byteLength,
  };
}

const loadBefore = loadavg()[0] as number;
const packs = [await packOnce("built"), await packOnce("cached")] as const;
const loadAfter = loadavg()[0] as number;
const identical = packs[0].sha256 === packs[1].sha256;
const MiB = (bytes: number) => Math.round(bytes / 1024 ** 2);

printTable(
  "npm pack from an empty dist/ (prepack builds it)",
  packs.map((pack, i) => ({
    pack: i + 1,
    build: pack.build,
    "wall ms": Math.round(pack.wallMs),
    "tree peak MiB": MiB(pack.treePeakBytes),
    "largest process MiB": pack.largestProcessPeakBytes === null ? "n/a" : MiB(pack.largestProcessPeakBytes),
    "tree cpu s": pack.cpuSeconds,
    "waited cpu s": pack.waitedCpuSeconds ?? "n/a",
    "output lines": pack.output.trim().split("\n").length,
    sha256: pack.sha256.slice(0, 16),
  })),
);
console.log(`two packs byte-identical: ${identical}`);
const fresh = packs[0];
if (fresh.wallMs > TARGET_MS)
  console.log(
    `the fresh clone's pack took ${Math.round(fresh.wallMs)} ms (target ${TARGET_MS}) on ${fresh.cpuSeconds} s of CPU`,
  );

const misses = [
  ...packs.flatMap((pack, i) => [
    ...(pack.build === "cached" && pack.wallMs > TARGET_MS
      ? [`pack ${i + 1} took ${Math.round(pack.wallMs)} ms (target ${TARGET_MS})`]
      : []),
    ...(pack.treePeakBytes > TARGET_BYTES
      ? [`pack ${i + 1} peaked at ${MiB(pack.treePeakBytes)} MiB (target ${MiB(TARGET_BYTES)})`]
      : []),
  ]),
  ...(identical ? [] : ["the two tarballs differ"]),
];

writeResults("pack.json", {
  benchmark:
    "npm pack twice from an empty dist/, built (fresh clone) then from the build cache: wall time, CPU time, peak RSS, byte-identical tarballs",
  command: "PATH=$PWD/node_modules/.bin:$PATH node bench/pack.bench.ts",
  machineLoad1m: { before: Number(loadBefore.toFixed(2)), after: Number(loadAfter.toFixed(2)) },
  targets: { wallMs: TARGET_MS, peakBytes: TARGET_BYTES },
  packs: packs.map((pack) => ({
    build: pack.build,
    wallMs: Math.round(pack.wallMs),
    treePeakMiB: MiB(pack.treePeakBytes),
    largestProcessPeakMiB: pack.largestProcessPeakBytes === null ? null : MiB(pack.largestProcessPeakBytes),
    cpuSeconds: pack.cpuSeconds,
    waitedCpuSeconds: pack.waitedCpuSeconds,
    tarballBytes: pack.tarballBytes,
    sha256: pack.sha256,
    output: pack.output,
  })),
  byteIdentical: identical,
  // Judged apart: a fresh clone's pack builds (tsc's declaration emit alone is 9-11 s of one core here),
  // a pack from the build cache does not. Only the second fails the run; the first is reported.
  withinTargets: {
    freshClone: fresh.wallMs <= TARGET_MS && fresh.treePeakBytes <= TARGET_BYTES,
    fromCache: misses.length === 0,
  },
});
if (misses.length > 0) {
  console.error(misses.join("\n"));
  process.exit(1);
}
