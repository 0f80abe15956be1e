/**
 * Transactions that reach an automining devnet EVM chain ahead of their sender's nonce. Under
 * automine EDR refuses a transaction whose nonce is past the sender's next one ("Nonce too high ...
 * can't be queued when automining"), where anvil queues it until the gap fills. A client that keeps
 * several transactions in flight over several connections (fetch's connection pool) gets them here
 * out of order: the server reads the connections that are ready in one turn of the event loop in
 * their own order, not in the order they were sent. So sends go to the node one at a time, lowest
 * nonce first among those that arrived while the node was busy or in the same turn of the event
 * loop (a send overtaken `MAX_OVERTAKEN` times goes next, so one sender's stream of low nonces never
 * holds another's send back for long). A send the node still refuses for a nonce gap (its gap-filler
 * comes later) waits for the node to accept another send and queues again, up to `NONCE_GAP_WAIT_MS`;
 * a gap still open then is refused with the node's own error.
 */
import { rawTransactionNonce } from "./evm-raw-nonce.ts";
import type { Eip1193Provider } from "./json-rpc-server.ts";

/** How long a send refused for a nonce gap waits for the gap to fill. */
export const NONCE_GAP_WAIT_MS = 1000;
/** Times a queued send may be overtaken by sends of lower nonce before it goes next. */
export const MAX_OVERTAKEN = 16;

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

/** The nonce a send carries; -1 when it names none (the node assigns the next one: it never waits). */
function sendNonce(method: string, params: unknown): number {
  const [first] = Array.isArray(params) ? params : [];
  if (method === "eth_sendRawTransaction") return typeof first === "string" ? rawTransactionNonce(first) : -1;
  const nonce = (first as { nonce?: unknown } | undefined)?.nonce;
  if (typeof nonce !== "string" && typeof nonce !== "number") return -1;
  try {
    return Number(BigInt(nonce));
  } catch {
    return -1;
  }
}

/** A send waiting for its turn at the node. */
interface Queued {
  nonce: number;
  overtaken: number;
  go(): void;
}

export function evmNonceGapProvider<P extends Eip1193Provider>(provider: P): P {
  /** Sends the node accepted so far: a refusal that raced with an acceptance is tried again at once. */
  let accepted = 0;
  /** Refused sends waiting for the next acceptance. */
  const waiting = new Set<() => void>();
  /** Sends waiting for their turn, in arrival order. */
  const queue: Queued[] = [];
  /** A send is at the node. */
  let busy = false;
  /** A pick is due at the end of this turn of the event loop (when every ready connection was read). */
  let picking = false;

  function pickLater(): void {
    if (picking || busy || queue.length === 0) return;
    picking = true;
    setImmediate(pick);
  }

  function pick(): void {
    picking = false;
    if (busy || queue.length === 0) return;
    let index = queue.findIndex((entry) => entry.overtaken >= MAX_OVERTAKEN);
    if (index === -1) {
      index = 0;
      for (let i = 1; i < queue.length; i++)
        if ((queue[i] as Queued).nonce < (queue[index] as Queued).nonce) index = i;
    }
    for (let i = 0; i < index; i++) (queue[i] as Queued).overtaken++;
    const [next] = queue.splice(index, 1);
    busy = true;
    next?.go();
  }

  /** Resolves when it is this send's turn at the node. */
  const turn = (nonce: number) =>
    new Promise<void>((go) => {
      queue.push({ nonce, overtaken: 0, go });
      pickLater();
    });

  function done(): void {
    busy = false;
    pickLater();
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
    const nonce = sendNonce(args.method, args.params);
    for (;;) {
      await turn(nonce);
      const seen = accepted;
      let refusal: unknown;
      try {
        const result = await provider.request(args);
        accepted++;
        const woken = [...waiting];
        waiting.clear();
        for (const wake of woken) wake();
        return result;
      } catch (error) {
        if (gapNonce(error) === null) throw error;
        refusal = error;
      } finally {
        done();
      }
      if (accepted === seen && !(await nextAcceptance(deadline - performance.now()))) throw refusal;
    }
  }

  return {
    ...provider,
    request: (args) => (SENDS.has(args.method) ? send(args) : provider.request(args)),
  };
}
