/**
 * The Solidity catalogue (or any test command) as a mutation runner: each parallel worker owns a copy
 * of the project (node_modules linked, build caches copied, so the runner recompiles only what the
 * mutant touched); the mutant is written over the file in the worker's copy and the command runs there.
 * A non-zero exit kills the mutant; the properties are read from the catalogue's test names in the output.
 */
import { spawn } from "node:child_process";
import { cpSync, existsSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import type { CatalogueRunner } from "./runner.ts";

const SKIPPED = new Set(["node_modules", ".git"]);

/** A property named in a failure reason: `[payer.binding] the attack was accepted`. */
const NAMED_PROPERTY = /\[([a-z][A-Za-z]*(?:\.[A-Za-z]+)+)\]/g;
/** A catalogue test on a line of the runner's output: `test_order_replay_later` is `order.replay.later`. */
const TEST_LINE = /^(.*?)\btest(?:Fuzz)?_(\w+)\(/;
/** Passed (Hardhat `✔`, Foundry `[PASS]`) and skipped (Hardhat `- `, Foundry `[SKIP`) markers. */
const PASSED = /✔|\[PASS\]/;
const SKIPPED_TEST = /^\s*- |\[SKIP/;

/**
 * Properties the output of a Hardhat or Foundry Solidity test run shows as failed and as passed:
 * failures by the property named in their reason or by a test line that neither passed nor was skipped.
 */
export function readCatalogueOutput(output: string): { failed: string[]; passed: string[] } {
  const failed = new Set<string>();
  const passed = new Set<string>();
  for (const line of output.split("\n")) {
    const test = TEST_LINE.exec(line);
    if (test) {
      const id = (test[2] as string).replace(/_/g, ".");
      if (PASSED.test(line)) passed.add(id);
      else if (!SKIPPED_TEST.test(line)) failed.add(id);
    }
    for (const named of line.matchAll(NAMED_PROPERTY)) failed.add(named[1] as string);
  }
  return { failed: [...failed], passed: [...passed].filter((id) => !failed.has(id)) };
}

function runShell(
  command: string,
  cwd: string,
  timeoutMs: number,
): Promise<{ code: number | null; output: string; timedOut: boolean }> {
  return new Promise((resolve) => {
    const child = spawn("sh", ["-c", command], { cwd, detached: true, stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    child.stdout.on("data", (chunk) => {
      output += chunk;
    });
    child.stderr.on("data", (chunk) => {
      output += chunk;
    });
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      // The whole process group: the shell and the runner it started.
      if (child.pid !== undefined) process.kill(-child.pid, "SIGKILL");
    }, timeoutMs);
    child.on("close", (code) => {
      clearTimeout(timer);
      resolve({ code, output, timedOut });
    });
  });
}

export interface CommandRunnerOptions {
  root: string;
  /** The mutated file, relative to `root`, and its original text. */
  file: string;
  original: string;
  command: string;
  /** Per run (default: 10 minutes). */
  timeoutMs?: number;
}

export function commandRunner(options: CommandRunnerOptions): CatalogueRunner & { workDirs: string[] } {
  const workDirs: string[] = [];
  let base: string | undefined;
  return {
    label: "sol",
    workDirs,
    async start(workers) {
      base = mkdtempSync(join(tmpdir(), "attestkit-mutate-"));
      for (let i = 0; i < workers; i++) {
        const dir = join(base, `worker-${i}`);
        cpSync(options.root, dir, {
          recursive: true,
          filter: (path) => !SKIPPED.has(relative(options.root, path)),
        });
        const modules = join(options.root, "node_modules");
        if (existsSync(modules)) symlinkSync(modules, join(dir, "node_modules"), "dir");
        workDirs.push(dir);
      }
    },
    async run(build, worker) {
      const dir = workDirs[worker] as string;
      writeFileSync(join(dir, options.file), build.change?.text ?? options.original);
      const { code, output, timedOut } = await runShell(options.command, dir, options.timeoutMs ?? 600_000);
      const { failed, passed } = readCatalogueOutput(output);
      const failures = code === 0 ? [] : failed.map((id) => `sol:${id}`);
      if (code !== 0 && failures.length === 0 && !timedOut)
        failures.push(`sol:exit ${code}: ${output.trim().split("\n").slice(-3).join(" | ")}`);
      return { failed: failures, passed: passed.map((id) => `sol:${id}`), timedOut };
    },
    async stop() {
      if (base) rmSync(base, { recursive: true, force: true });
    },
  };
}
