/** The demo's step reporter: each verified step printed with its detail and time, and counted. */
import type { ServiceClient } from "../client/index.ts";
import type { StatusResponse } from "../schemas/index.ts";

export class StepFailed extends Error {}

/** Throws `StepFailed` unless `condition` holds. */
export function check(condition: boolean, what: string): void {
  if (!condition) throw new StepFailed(`not verified: ${what}`);
}

let stepsRun = 0;

/** Steps completed so far. */
export const stepsCompleted = (): number => stepsRun;

/** Runs one step and prints it with `describe(value)` and its duration. */
export async function step<T>(
  label: string,
  action: () => Promise<T>,
  describe?: (value: T) => string,
): Promise<T> {
  const started = performance.now();
  const value = await action();
  stepsRun++;
  const detail = describe ? `: ${describe(value)}` : "";
  console.log(`    ✓ ${label}${detail} (${Math.round(performance.now() - started)} ms)`);
  return value;
}

/** `0x12345678…abcdef` */
export const short = (hex: string): string => `${hex.slice(0, 10)}…${hex.slice(-6)}`;

export function waitFor(client: ServiceClient, requestId: string, status: StatusResponse["status"]) {
  return client.waitForStatus(requestId, { until: [status], intervalMs: 25, timeoutMs: 30_000 });
}
