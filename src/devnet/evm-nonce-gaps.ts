/**
 * Transactions that reach an automining devnet EVM chain ahead of their sender's nonce. Under
 * automine EDR refuses a transaction whose nonce is past the sender's next one ("Nonce too high ...
 * can't be queued when automining"), where anvil queues it until the gap fills. A client that keeps
 * several transactions in flight over several connections (fetch's connection pool) gets them there
 * out of order now and then; so a send the node refuses for a nonce gap waits for the node to accept
 * another send (the one that may fill the gap) and is tried again, up to `NONCE_GAP_WAIT_MS`; a gap
 * still open then is refused with the node's own error.
 */
import type { Eip1193Provider } from "./json-rpc-server.ts";

/** How long a send refused for a nonce gap waits for the gap to fill. */
export const NONCE_GAP_WAIT_MS = 1000;

const SENDS = new Set(["eth_sendTransaction", "eth_sendRawTransaction"]);

function isNonceGap(error: unknown): boolean {
  const message = (error as { message?: unknown } | null)?.message;
  return (
    typeof message === "string" &&
    message.startsWith("Nonce too high") &&
    message.includes("can't be queued when automining")
  );
}

export function evmNonceGapProvider<P extends Eip1193Provider>(provider: P): P {
  /** Sends the node accepted so far: a refusal that raced with an acceptance is tried again at once. */
  let accepted = 0;
  /** Sends waiting for the next acceptance. */
  const waiting = new Set<() => void>();

  function acceptedOne(): void {
    accepted++;
    for (const wake of waiting) wake();
    waiting.clear();
  }

  /** Resolves true at the node's next accepted send, false after `ms` without one. */
  function nextAcceptance(ms: number): Promise<boolean> {
    return new Promise((resolve) => {
      const wake = () => {
        clearTimeout(timer);
        resolve(true);
      };
      const timer = setTimeout(() => {
        waiting.delete(wake);
        resolve(false);
      }, ms);
      waiting.add(wake);
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
        if (!isNonceGap(error)) throw error;
        if (accepted === seen && !(await nextAcceptance(deadline - performance.now()))) throw error;
      }
    }
  }

  return {
    ...provider,
    request: (args) => (SENDS.has(args.method) ? send(args) : provider.request(args)),
  };
}
