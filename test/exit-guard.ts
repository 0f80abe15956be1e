/**
 * The test process's exit guard, run by Hardhat's mocha after every test (`rootHooks.afterAll` in
 * hardhat.config.ts). Hardhat lets the process end on its own once the suite is done, so anything a
 * test leaked (a child process, a listening server, an interval) keeps it alive, and CI then hangs
 * after printing a green summary. If the process is still alive `graceMs` after the last test, this
 * names what keeps it alive, kills any leaked child processes and exits 1.
 */
import type { ChildProcess } from "node:child_process";

/** The handles Node reports as keeping the loop alive (an internal API; empty where it is absent). */
function activeHandles(): unknown[] {
  const getter = (process as unknown as { _getActiveHandles?: () => unknown[] })._getActiveHandles;
  return getter === undefined ? [] : getter.call(process);
}

function isChildProcess(handle: unknown): handle is ChildProcess {
  return typeof handle === "object" && handle !== null && "spawnargs" in handle && "pid" in handle;
}

/** Describes what keeps the process alive: each child process with its command, then the resource counts. */
export function describeLeaks(): string[] {
  const children = activeHandles()
    .filter(isChildProcess)
    .map((child) => `child process ${child.pid}: ${child.spawnargs.join(" ").slice(0, 300)}`);
  const counts = new Map<string, number>();
  for (const type of process.getActiveResourcesInfo()) counts.set(type, (counts.get(type) ?? 0) + 1);
  return [...children, ...[...counts].map(([type, n]) => `${n} x ${type}`)];
}

/** Arms the guard; the default grace (3 min) leaves room for what finished tests close on its own within a minute. */
export function armExitGuard(graceMs = 180_000): void {
  setTimeout(() => {
    const leaks = describeLeaks();
    console.error(
      `\nThe test process was still alive ${graceMs / 1000} s after the last test; a test left running:\n  ${leaks.join("\n  ")}`,
    );
    for (const handle of activeHandles()) if (isChildProcess(handle)) handle.kill("SIGKILL");
    process.exit(1);
  }, graceMs).unref();
}
