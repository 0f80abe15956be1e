/**
 * The SVM ledger's history as plain data, what a devnet snapshot keeps and a saved state writes:
 * the clock, every block kept (blockhash and time), the SlotHashes entries, and every recorded
 * transaction, oldest first (the indexes by address and slot are rebuilt from them).
 */
import type { Blockhash } from "@solana/kit";
import type { LedgerTransaction } from "./ledger.ts";

export interface LedgerHistory {
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
  transactions: LedgerTransaction[];
}
