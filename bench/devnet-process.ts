// A devnet command started as its own process, timed from spawn until it prints that it is ready
// (shared by the start and saved-state benchmarks).
import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";

export const REPO_ROOT = fileURLToPath(new URL("..", import.meta.url));
export const READY = "Ctrl-C stops.";

/**
 * Spawns a devnet command on free ports; ms until it prints that it is ready (and, with `served`,
 * until `served(banner)` resolved: its first requests answered), then stops it.
 */
export function processStart(
  command: string,
  args: string[],
  env: NodeJS.ProcessEnv = {},
  cwd = REPO_ROOT,
  served?: (banner: string) => Promise<void>,
): Promise<number> {
  return new Promise((resolve, reject) => {
    const start = performance.now();
    const child = spawn(command, args, {
      cwd,
      env: { ...process.env, ...env },
      stdio: ["ignore", "pipe", "inherit"],
      // A process group of its own: npm does not pass SIGTERM on to the devnet it started.
      detached: true,
    });
    const stop = (signal: NodeJS.Signals) => process.kill(-(child.pid as number), signal);
    let out = "";
    let ready = false;
    const timer = setTimeout(() => {
      stop("SIGKILL");
      reject(new Error(`the devnet was not ready within 120 s:\n${out}`));
    }, 120_000);
    child.stdout.on("data", (chunk: Buffer) => {
      out += chunk.toString();
      if (!out.includes(READY) || ready) return;
      ready = true;
      (served ? served(out) : Promise.resolve()).then(
        () => {
          const elapsed = performance.now() - start;
          clearTimeout(timer);
          child.once("exit", () => resolve(elapsed));
          stop("SIGTERM");
        },
        (error: unknown) => {
          stop("SIGKILL");
          reject(error);
        },
      );
    });
    child.once("error", reject);
  });
}
