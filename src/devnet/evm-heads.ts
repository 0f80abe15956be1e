/**
 * The blocks an EVM chain mines, as it mines them: EDR's own `newHeads` subscription, opened on the
 * node itself (below the journal: a subscription changes no state, so a saved chain has no entry for
 * it). The devnet's service is woken by these instead of polling the chain.
 */
import type { EdrProvider } from "./edr-provider.ts";

/** Root of an empty transactions trie: a block with no transaction. */
const EMPTY_TRANSACTIONS_ROOT = "0x56e81f171bcc55a6ff8345e692c0f86e5b48e01b996cadc001622fb5e363b421";

/** A block the chain mined: its number, and whether it holds no transaction. */
export interface MinedBlock {
  number: number;
  empty: boolean;
}

export interface BlockWatch {
  /** Calls `listener` on every block mined from now on; returns the function that stops it. */
  onBlock(listener: (block: MinedBlock) => void): () => void;
}

/** Subscribes to `node`'s new blocks (the subscription ends with the node). */
export async function watchBlocks(node: EdrProvider): Promise<BlockWatch> {
  const listeners = new Set<(block: MinedBlock) => void>();
  const subscription = await node.request({ method: "eth_subscribe", params: ["newHeads"] });
  node.on("message", (message) => {
    const { data } = message as { data?: { subscription?: unknown; result?: Record<string, unknown> } };
    const head = data !== undefined && data.subscription === subscription ? data.result : undefined;
    if (head === undefined) return;
    const block = { number: Number(head.number), empty: head.transactionsRoot === EMPTY_TRANSACTIONS_ROOT };
    for (const listener of listeners) listener(block);
  });
  return {
    onBlock(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
