// Reading gas out of an EDR opcode trace (debug_traceTransaction), for the gas benchmark and its profile.
import type { Hex } from "viem";

export type Step = { pc: number; op: string; gas: number; gasCost: number; depth: number; stack?: string[] };

type Provider = { request(args: { method: string; params?: unknown[] }): Promise<unknown> };

/** The opcode steps of a mined transaction (empty for a transfer to an account without code). */
export async function traceSteps(provider: Provider, hash: Hex): Promise<Step[]> {
  const trace = (await provider.request({ method: "debug_traceTransaction", params: [hash] })) as {
    structLogs: Step[];
  };
  return trace.structLogs;
}

/** Gas step `i` consumed in its own frame; for a call, everything the callee used is included. */
export function stepGas(steps: Step[], i: number): number {
  const step = steps[i];
  if (!step) throw new Error(`no step ${i}`);
  let j = i + 1;
  while (j < steps.length && (steps[j]?.depth ?? 0) > step.depth) j++;
  const next = steps[j];
  return next && next.depth === step.depth ? step.gas - next.gas : step.gasCost;
}

/** Execution gas of the outermost frame (0 when the transaction ran no code). */
export function executionGas(steps: Step[]): number {
  let total = 0;
  for (let i = 0; i < steps.length; i++) if (steps[i]?.depth === 1) total += stepGas(steps, i);
  return total;
}

/** Top of the stack before step `i`, as a number. */
export function stackTop(step: Step, fromTop = 0): bigint {
  const stack = step.stack ?? [];
  const word = stack[stack.length - 1 - fromTop];
  if (word === undefined) throw new Error(`${step.op} at pc ${step.pc}: stack too short`);
  return BigInt(word);
}

/** Outermost-frame steps running `op`, with the gas each consumed (callee included for calls). */
export function stepsOf(steps: Step[], op: string): { step: Step; gas: number }[] {
  const out: { step: Step; gas: number }[] = [];
  for (let i = 0; i < steps.length; i++) {
    const step = steps[i];
    if (step?.depth === 1 && step.op === op) out.push({ step, gas: stepGas(steps, i) });
  }
  return out;
}
