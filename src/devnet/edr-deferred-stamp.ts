/**
 * The next block's timestamp sent to EDR with the request after it. The devnet clock stamps every
 * block it mines (`evm-clock.ts`: `evm_setNextBlockTimestamp` before each automined send), which
 * would cost each send a trip of its own to EDR's thread. Here `evm_setNextBlockTimestamp` is held
 * and sent first in the same EDR batch as the next request, whatever it is, so nothing reads or
 * mines the node without it: a `pending` read or an estimate made after it still sees the new time.
 * When that batch fails, the timestamp is sent alone to tell whose error it was: a refused timestamp
 * fails the request that carried it (which did not run), as it would have failed the call that
 * mined with it; a timestamp the node takes again (a request refused after it changed nothing)
 * leaves it set, and the request fails with its own error.
 */
import type { EdrNode } from "./edr-provider.ts";

const SET_NEXT = "evm_setNextBlockTimestamp";

export function deferNextBlockTimestamp(node: EdrNode): EdrNode {
  /** The `evm_setNextBlockTimestamp` call not sent yet. */
  let held: { method: string; params?: unknown } | null = null;

  async function withHeld(calls: readonly { method: string; params?: unknown }[]): Promise<unknown[]> {
    const stamp = held;
    held = null;
    if (stamp === null) {
      return calls.length === 1
        ? [await node.request(calls[0] as (typeof calls)[0])]
        : node.requestAll(calls);
    }
    try {
      return (await node.requestAll([stamp, ...calls])).slice(1);
    } catch (error) {
      await node.request(stamp);
      throw error;
    }
  }

  return {
    ...node,
    async request(args) {
      if (args.method === SET_NEXT) {
        held = args;
        return null;
      }
      return (await withHeld([args]))[0];
    },
    requestAll: withHeld,
  };
}
