/**
 * The service's book of final deposits (table `deposits`): each one credited once, with what
 * arrived, its sender and the decision taken, so a rescan or a restart never acts on it twice.
 */
import { RefundHeldError } from "./chains/refund-held.ts";
import { normalizeLookup } from "./records.ts";
import type { Store } from "./store.ts";

export type DepositDecision = "fill" | "settle" | "refund";

export interface BookedDeposit {
  chainId: number;
  txHash: string;
  /** Where in its transaction it is named (`DepositPosition`): one transaction may hold several. */
  position: string;
  currency: string;
  requestId: string;
  sender: string;
  /** Whether the request's user sent it (signed it, or the receiver bound it). */
  fromUser: boolean;
  amount: bigint;
  kind: DepositDecision;
  reason: string | null;
  /**
   * Refunded on its own (a stranger's, a late one, a fast-filled request's short one), the request
   * untouched; otherwise the request's status carries the decision.
   */
  separate: boolean;
}

/** Books a final deposit; false when it was booked before (then nothing is to be done). */
export function bookDeposit(store: Store, deposit: BookedDeposit, now: number): boolean {
  const result = store
    .prepare(
      `INSERT INTO deposits (chain_id, tx_hash, position, currency, request_id, sender, from_user, amount, kind, reason, separate, created_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING`,
    )
    .run(
      deposit.chainId,
      normalizeLookup(deposit.txHash),
      deposit.position,
      deposit.currency,
      deposit.requestId.toLowerCase(),
      deposit.sender,
      deposit.fromUser ? 1 : 0,
      deposit.amount.toString(),
      deposit.kind,
      deposit.reason,
      deposit.separate ? 1 : 0,
      now,
    );
  return result.changes > 0;
}

/** Whether a deposit of the request's user was already taken for it (filled, settled or refunded). */
export function requestHasDeposit(store: Store, requestId: string): boolean {
  return (
    store
      .prepare("SELECT 1 FROM deposits WHERE request_id = ? AND from_user = 1 AND separate = 0 LIMIT 1")
      .get(requestId.toLowerCase()) !== undefined
  );
}

/** What identifies a booked deposit. */
export type DepositKey = Pick<BookedDeposit, "chainId" | "txHash" | "position" | "currency" | "requestId">;

/** The condition selecting one booked deposit, and its values (`keyValues`). */
const BY_KEY = "chain_id = ? AND tx_hash = ? AND position = ? AND currency = ? AND request_id = ?";

function keyValues(key: DepositKey): [number, string, string, string, string] {
  return [key.chainId, normalizeLookup(key.txHash), key.position, key.currency, key.requestId.toLowerCase()];
}

/** Records the refund transaction of a booked deposit. */
export function recordDepositRefund(store: Store, key: DepositKey, refundTx: string): void {
  store.prepare(`UPDATE deposits SET refund_tx = ? WHERE ${BY_KEY}`).run(refundTx, ...keyValues(key));
}

/**
 * Records that the refund of a booked deposit is left to an operator (`refund_tx` =
 * `MANUAL_REFUND_REQUIRED`), adding why to its reason when the refund was held on purpose
 * (`RefundHeldError`: sending it would have cost the solver more than what arrived).
 */
export function recordRefundHeld(store: Store, key: DepositKey, error: unknown): void {
  const held = error instanceof RefundHeldError ? error.message : null;
  store
    .prepare(
      `UPDATE deposits SET refund_tx = 'MANUAL_REFUND_REQUIRED',
       reason = CASE WHEN ? IS NULL THEN reason ELSE COALESCE(reason || '; ', '') || ? END
       WHERE ${BY_KEY}`,
    )
    .run(held, held, ...keyValues(key));
}

/** Booked deposits for a request (tests, reconciliation). */
export function depositsOf(store: Store, requestId: string): (BookedDeposit & { refundTx: string | null })[] {
  const rows = store
    .prepare("SELECT * FROM deposits WHERE request_id = ? ORDER BY created_at, tx_hash, position")
    .all(requestId.toLowerCase()) as Record<string, string | number | null>[];
  return rows.map((row) => ({
    chainId: Number(row.chain_id),
    txHash: String(row.tx_hash),
    position: String(row.position),
    currency: String(row.currency),
    requestId: String(row.request_id),
    sender: String(row.sender),
    fromUser: row.from_user === 1,
    amount: BigInt(String(row.amount)),
    kind: row.kind as DepositDecision,
    reason: row.reason === null ? null : String(row.reason),
    separate: row.separate === 1,
    refundTx: row.refund_tx === null ? null : String(row.refund_tx),
  }));
}

/** Deposits to refund on their own whose refund was not recorded (a crash between book and send). */
export function unrefundedDeposits(store: Store): (BookedDeposit & { refundTx: string | null })[] {
  const rows = store
    .prepare("SELECT DISTINCT request_id FROM deposits WHERE separate = 1 AND refund_tx IS NULL")
    .all() as { request_id: string }[];
  return rows.flatMap((row) =>
    depositsOf(store, row.request_id).filter((d) => d.separate && d.refundTx === null),
  );
}

/** The request's own deposit (its user's first final one), or null. */
export function requestDeposit(store: Store, requestId: string): BookedDeposit | null {
  return depositsOf(store, requestId).find((d) => d.fromUser && !d.separate) ?? null;
}
