/**
 * `attestkit service` as a child process for the crash trials: started with `args`, killing itself
 * at `crashAt` (src/service/crash-points.ts) when given; `onSpawn` gets the process at once (to kill
 * it at any moment, start-up included); resolves with the process and its URL once it listens,
 * rejects with its stderr when it exits first.
 */
import { type ChildProcess, spawn } from "node:child_process";
import type { CrashPoint } from "../../src/service/crash-points.ts";

export async function spawnService(
  args: readonly string[],
  crashAt?: CrashPoint,
  onSpawn?: (child: ChildProcess) => void,
): Promise<{ child: ChildProcess; url: string }> {
  const env = { ...process.env, ATTESTKIT_CRASH_AT: crashAt ?? "" };
  const child = spawn(process.execPath, ["src/cli.ts", "service", ...args], {
    env,
    stdio: ["ignore", "pipe", "pipe"],
  });
  onSpawn?.(child);
  let stderr = "";
  child.stderr?.on("data", (chunk) => {
    stderr += String(chunk);
  });
  const url = await new Promise<string>((resolve, reject) => {
    let out = "";
    child.stdout?.on("data", (chunk) => {
      out += String(chunk);
      const match = /mock service on (http:\/\/127\.0\.0\.1:\d+)/.exec(out);
      if (match) resolve(match[1] as string);
    });
    child.on("exit", (code, signal) => reject(new Error(`service exited (${code ?? signal}): ${stderr}`)));
  });
  return { child, url };
}
