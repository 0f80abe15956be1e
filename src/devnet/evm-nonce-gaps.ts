/**
 * Transactions that reach an automining devnet EVM chain ahead of their sender's nonce. Under
 * automine EDR refuses a transaction whose nonce is past the sender's next one ("Nonce too high ...
 * can't be queued when automining"), where anvil queues it until the gap fills. A client that keeps
 * several transactions in flight over several connections (fetch's connection pool) gets them there
 * out of order now and then; so a send the node refuses for a nonce gap waits for the node to accept
 * another send (the one that may fill the gap) and is tried again, up to `NONCE_GAP_WAIT_MS`; a gap
 * still open then is refused with the node's own error. Waiting sends are tried again lowest nonce
 * first, so a run that arrived in reverse order is mined in one more trip each, not one per gap.
 */
import type { Eip1193Provider } from "./json-rpc-server.ts";

/** How long a send refused for a nonce gap waits for the gap to fill. */
export const NONCE_GAP_WAIT_MS = 1000;

const SENDS = new Set(["eth_sendTransaction", "eth_sendRawTransaction"]);

/** The nonce a send refused for a nonce gap carries (EDR: "... but got <n>."), or null for another refusal. */
function gapNonce(error: unknown): number | null {
  const message = (error as { message?: unknown } | null)?.message;
  if (
    typeof message !== "string" ||
    !message.startsWith("Nonce too high") ||
    !message.includes("can't be queued when automining")
  )
    return null;
  const got = /but got (\d+)/.exec(message);
  return got ? Number(got[1]) : Number.POSITIVE_INFINITY;
}

export function evmNonceGapProvider<P extends Eip1193Provider>(provider: P): P {
  /** Sends the node accepted so far: a refusal that raced with an acceptance is tried again at once. */
  let accepted = 0;
  /** Sends waiting for the next acceptance, with the nonce each carries. */
  const waiting = new Map<() => void, number>();

  function acceptedOne(): void {
    accepted++;
    // Woken in nonce order, they reach the node in that order.
    const woken = [...waiting].sort(([, a], [, b]) => a - b);
    waiting.clear();
    for (const [wake] of woken) wake();
  }

  /** Resolves true at the node's next accepted send, false after `ms` without one. */
  function nextAcceptance(nonce: number, ms: number): Promise<boolean> {
    return new Promise((resolve) => {
      const wake = () => {
        clearTimeout(timer);
        resolve(true);
      };
      const timer = setTimeout(() => {
        waiting.delete(wake);
        resolve(false);
      }, ms);
      waiting.set(wake, nonce);
    });
  }

  async function send(args: { method: string; params?: unknown }): Promise<unknown> {
    const deadline = performance.now() + NONCE_GAP_WAIT_MS;
    for (;;) {
      const seen = accepted;
      try {
        const result = await provider.request(args);
        acceptedOne();
        return result;
      } catch (error) {
        const nonce = gapNonce(error);
        if (nonce === null) throw error;
        if (accepted === seen && !(await nextAcceptance(nonce, deadline - performance.now()))) throw error;
      }
    }
  }

  return {
    ...provider,
    request: (args) => (SENDS.has(args.method) ? send(args) : provider.request(args)),
  };
}
