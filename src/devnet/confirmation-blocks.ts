/**
 * Empty blocks that bring a block's transactions to their confirmations: after a block with
 * transactions, the chain mines an empty block every `blockTimeMs` until `confirmations - 1` blocks
 * have followed it (blocks mined by hand count), so a deposit becomes final without a test mining by
 * hand. A chain with nothing waiting for confirmations mines nothing, as anvil.
 */
import type { EvmDevChain } from "./evm-chain.ts";

/** Starts mining `chain`'s confirmation blocks; returns the function that stops it. */
export function mineConfirmations(
  chain: Pick<EvmDevChain, "mine" | "onBlock">,
  blockTimeMs: number,
  confirmations: number,
): () => void {
  /** Blocks still to follow the latest block with transactions. */
  let owed = 0;
  let timer: NodeJS.Timeout | null = null;
  const stop = chain.onBlock((block) => {
    owed = block.empty ? Math.max(0, owed - 1) : confirmations - 1;
    if (owed === 0 || timer !== null) return;
    timer = setTimeout(() => {
      timer = null;
      if (owed > 0) chain.mine().catch(() => {});
    }, blockTimeMs);
    timer.unref();
  });
  return () => {
    stop();
    if (timer !== null) clearTimeout(timer);
  };
}
