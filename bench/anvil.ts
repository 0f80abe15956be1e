/**
 * anvil from the npm registry (`@foundry-rs/anvil`'s platform package, pinned), for the suites and
 * benchmarks that run a script against anvil and the devnet side by side. The binary is installed once per machine into the
 * OS temp folder, keyed by version (an install races safely: it lands in a folder of its own, then is
 * renamed into place), and each anvil runs with a home of its own (it keeps history under
 * `~/.foundry`) on a free port.
 */
import { type ChildProcess, execFile, spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdtemp, rename, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";

export const ANVIL_VERSION = "1.7.1";
/** The platform packages `@foundry-rs/anvil` ships, by Node's platform and architecture. */
const PLATFORMS: Record<string, string> = {
  "linux-x64": "linux-amd64",
  "linux-arm64": "linux-arm64",
  "darwin-x64": "darwin-amd64",
  "darwin-arm64": "darwin-arm64",
  "win32-x64": "win32-amd64",
};

function anvilPackage(): string {
  const platform = PLATFORMS[`${process.platform}-${process.arch}`];
  if (platform === undefined)
    throw new Error(`anvil ships no binary for ${process.platform}-${process.arch}`);
  return `@foundry-rs/anvil-${platform}`;
}

const binaryIn = (folder: string) =>
  join(folder, "node_modules", anvilPackage(), "bin", process.platform === "win32" ? "anvil.exe" : "anvil");

/** The anvil binary, installed from the npm registry on first use. */
export async function installAnvil(): Promise<string> {
  const folder = join(tmpdir(), `attestkit-anvil-${ANVIL_VERSION}`);
  if (existsSync(binaryIn(folder))) return binaryIn(folder);
  const staging = await mkdtemp(join(tmpdir(), `attestkit-anvil-${ANVIL_VERSION}-`));
  try {
    await promisify(execFile)(
      "npm",
      [
        "install",
        "--prefix",
        staging,
        "--no-save",
        "--no-audit",
        "--no-fund",
        "--ignore-scripts",
        `${anvilPackage()}@${ANVIL_VERSION}`,
      ],
      { shell: process.platform === "win32" },
    );
    // Another install may have landed first: either copy is the same version.
    await rename(staging, folder).catch(() => {});
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
  if (!existsSync(binaryIn(folder))) throw new Error(`npm installed no anvil binary at ${binaryIn(folder)}`);
  return binaryIn(folder);
}

export interface AnvilNode {
  rpcUrl: string;
  /** The anvil process (for its memory and CPU time). */
  pid: number;
  close(): Promise<void>;
}

/** Starts anvil on 127.0.0.1:`port` (0: a free port) with `args`, once it listens. */
export async function startAnvil(args: readonly string[] = [], port = 0): Promise<AnvilNode> {
  const binary = await installAnvil();
  const home = await mkdtemp(join(tmpdir(), "attestkit-anvil-home-"));
  const child: ChildProcess = spawn(binary, ["--host", "127.0.0.1", "--port", String(port), ...args], {
    env: { ...process.env, HOME: home, USERPROFILE: home },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const close = async () => {
    if (child.exitCode === null) child.kill();
    await exited;
    await rm(home, { recursive: true, force: true });
  };
  try {
    const bound = await new Promise<number>((resolve, reject) => {
      let output = "";
      const timer = setTimeout(
        () => reject(new Error(`anvil did not start within 30 s:\n${output}`)),
        30_000,
      );
      child.stdout?.on("data", (chunk) => {
        output += chunk;
        const listening = /Listening on 127\.0\.0\.1:(\d+)/.exec(output);
        if (listening) {
          clearTimeout(timer);
          resolve(Number(listening[1]));
        }
      });
      child.stderr?.on("data", (chunk) => {
        output += chunk;
      });
      child.once("exit", (code) => {
        clearTimeout(timer);
        reject(new Error(`anvil exited with ${code}:\n${output}`));
      });
    });
    return { rpcUrl: `http://127.0.0.1:${bound}`, pid: child.pid as number, close };
  } catch (error) {
    await close();
    throw error;
  }
}
