/**
 * The quarantine: transactions the indexer moved past without booking them, because working one out
 * failed (`chains/quarantine.ts`). Each is kept once, with its chain, block and the reason, in the
 * service's database (it survives restarts), so an operator can look at it and settle it by hand;
 * the cursor of its chain moves on meanwhile.
 */
import type { Store } from "./store.ts";

/** A transaction set aside by the indexer. */
export interface QuarantinedTransaction {
  chainId: number;
  txHash: string;
  block: number;
  /** Why working it out failed: the error's name and message. */
  reason: string;
  /** When it was set aside, ms since the epoch. */
  quarantinedAt: number;
}

interface Row {
  chain_id: number;
  tx_hash: string;
  block: number;
  reason: string;
  quarantined_at: number;
}

const fromRow = (row: Row): QuarantinedTransaction => ({
  chainId: Number(row.chain_id),
  txHash: row.tx_hash,
  block: Number(row.block),
  reason: row.reason,
  quarantinedAt: Number(row.quarantined_at),
});

/** Records `tx` in the quarantine; true when it is new (a transaction is recorded once). */
export function quarantineTransaction(store: Store, tx: QuarantinedTransaction): boolean {
  const result = store
    .prepare(
      "INSERT INTO quarantined_txs (chain_id, tx_hash, block, reason, quarantined_at) VALUES (?, ?, ?, ?, ?) ON CONFLICT DO NOTHING",
    )
    .run(tx.chainId, tx.txHash, tx.block, tx.reason, tx.quarantinedAt);
  return Number(result.changes) > 0;
}

/** The most recently quarantined transactions, newest first, on `chainId` when given. */
export function listQuarantined(
  store: Store,
  query: { chainId?: number | undefined; limit: number },
): QuarantinedTransaction[] {
  const rows =
    query.chainId === undefined
      ? store
          .prepare("SELECT * FROM quarantined_txs ORDER BY quarantined_at DESC, tx_hash LIMIT ?")
          .all(query.limit)
      : store
          .prepare(
            "SELECT * FROM quarantined_txs WHERE chain_id = ? ORDER BY quarantined_at DESC, tx_hash LIMIT ?",
          )
          .all(query.chainId, query.limit);
  return (rows as unknown as Row[]).map(fromRow);
}

/** How many transactions are quarantined, per chain id. */
export function quarantineCounts(store: Store): Map<number, number> {
  const rows = store
    .prepare("SELECT chain_id, COUNT(*) AS n FROM quarantined_txs GROUP BY chain_id")
    .all() as { chain_id: number; n: number }[];
  return new Map(rows.map((row) => [Number(row.chain_id), Number(row.n)]));
}
