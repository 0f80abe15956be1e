/**
 * The Solidity catalogue (or any test command) as a mutation runner: each parallel worker owns a copy
 * of the project (node_modules linked, build caches copied) and the command runs there. The contract's
 * file in each copy is its constructor shim (constructor-shim.ts): the project compiles once and each
 * mutant runs with its creation code in the environment. A mutant the shim cannot run exactly, or every
 * mutant when the control run does not prove the shim is in the tests' path (the tests do not deploy
 * the contract from Solidity tests), is written over the file instead and compiled into the project.
 * A non-zero exit kills the mutant; the properties are read from the catalogue's test names in the output.
 */
import { spawn } from "node:child_process";
import { cpSync, existsSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { type ConstructorShim, MUTANT_CREATION_CODE_ENV, shimRuns } from "./constructor-shim.ts";
import type { CatalogueRunner, CatalogueVerdict, MutantBuild } from "./runner.ts";

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
  env: NodeJS.ProcessEnv,
): Promise<{ code: number | null; output: string; timedOut: boolean }> {
  return new Promise((resolve) => {
    const child = spawn("sh", ["-c", command], {
      cwd,
      env: { ...process.env, ...env },
      detached: true,
      stdio: ["ignore", "pipe", "pipe"],
    });
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
  /** The contract's constructor shim (none: every mutant is compiled into the project). */
  shim?: ConstructorShim;
}

/** Creation code that reverts at once: the test command must fail when the shim runs it. */
const REVERTING_CREATION_CODE = "0x5f5ffd";

export function commandRunner(
  options: CommandRunnerOptions,
): CatalogueRunner & { workDirs: string[]; shimmed(): boolean } {
  const workDirs: string[] = [];
  let base: string | undefined;
  let shim = options.shim;
  const write = (worker: number, text: string) =>
    writeFileSync(join(workDirs[worker] as string, options.file), text);
  const exec = async (worker: number, env: NodeJS.ProcessEnv): Promise<CatalogueVerdict> => {
    const dir = workDirs[worker] as string;
    const { code, output, timedOut } = await runShell(
      options.command,
      dir,
      options.timeoutMs ?? 600_000,
      env,
    );
    const { failed, passed } = readCatalogueOutput(output);
    const failures = code === 0 ? [] : failed.map((id) => `sol:${id}`);
    if (code !== 0 && failures.length === 0 && !timedOut)
      failures.push(`sol:exit ${code}: ${output.trim().split("\n").slice(-3).join(" | ")}`);
    return { failed: failures, passed: passed.map((id) => `sol:${id}`), timedOut };
  };
  const throughShim = (worker: number, creationCode: MutantBuild["artifact"]) => {
    write(worker, (shim as ConstructorShim).text);
    return exec(worker, { [MUTANT_CREATION_CODE_ENV]: creationCode as string });
  };
  /** The control: through the shim, which must also fail on reverting creation code; else without it. */
  const control = async (build: MutantBuild, worker: number): Promise<CatalogueVerdict> => {
    if (shim) {
      const verdict = await throughShim(worker, build.artifact);
      const clean = !verdict.failed.length && !verdict.timedOut;
      if (clean && (await throughShim(worker, REVERTING_CREATION_CODE)).failed.length) return verdict;
      shim = undefined;
    }
    write(worker, options.original);
    return exec(worker, {});
  };
  return {
    label: "sol",
    workDirs,
    shimmed: () => shim !== undefined,
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
      if (!build.change) return control(build, worker);
      if (shim && shimRuns(shim, options.original, build.change.text))
        return throughShim(worker, build.artifact);
      write(worker, build.change.text);
      return exec(worker, {});
    },
    async stop() {
      if (base) rmSync(base, { recursive: true, force: true });
    },
  };
}
