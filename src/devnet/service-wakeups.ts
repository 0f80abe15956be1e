/**
 * What wakes the devnet's service instead of polling: its indexer runs a pass when an EVM chain mines
 * a block, and when the embedded SVM chain closes a slot in which a transaction ran or a cheatcode set
 * accounts (the service reads the SVM chain at `confirmed`: the slot's changes are visible once it is
 * closed). An idle devnet wakes nothing. An SVM side on an external validator tells of nothing: the
 * devnet polls it (`startDevnet`).
 */
import type { EvmDevChain } from "./evm-chain.ts";
import type { SvmLedger } from "./solana-rpc/ledger.ts";

/** Wakes `indexer` on the chains' changes; returns the function that stops it. */
export function wakeOnChainChanges(
  indexer: { wake(): void },
  evm: readonly Pick<EvmDevChain, "onBlock">[],
  ledger: SvmLedger | undefined,
): () => void {
  const stops = evm.map((chain) => chain.onBlock(() => indexer.wake()));
  if (ledger !== undefined) {
    /** The latest slot with a change the indexer has not been woken for. */
    let changed: number | null = null;
    stops.push(
      ledger.subscribe({
        transaction: (tx) => {
          changed = Math.max(changed ?? tx.slot, tx.slot);
        },
        accountsSet: ({ slot }) => {
          changed = Math.max(changed ?? slot, slot);
        },
        slot: ({ closed }) => {
          if (changed === null || closed < changed) return;
          changed = null;
          indexer.wake();
        },
      }),
    );
  }
  return () => {
    for (const stop of stops) stop();
  };
}
