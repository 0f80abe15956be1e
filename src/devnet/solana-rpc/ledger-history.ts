/**
 * The SVM ledger's history as plain data, what a devnet snapshot keeps and a saved state writes:
 * the clock, every block kept (blockhash and time), the SlotHashes entries, and every recorded
 * transaction, oldest first (the indexes by address and slot are rebuilt from them).
 */
import type { Blockhash } from "@solana/kit";

/** `Transaction`: the ledger's record of a transaction (`LedgerTransaction`). */
export interface LedgerHistory<Transaction> {
  genesisHash: Blockhash;
  firstSlot: number;
  firstAvailable: number;
  /** Transactions recorded since the start, pruned ones included. */
  recorded: number;
  clock: {
    slot: bigint;
    epoch: bigint;
    epochStartTimestamp: bigint;
    leaderScheduleEpoch: bigint;
    unixTimestamp: bigint;
  };
  slots: [number, { blockhash: Blockhash; blockTime: number }][];
  slotHashes: { slot: bigint; hash: string }[];
  transactions: Transaction[];
}
