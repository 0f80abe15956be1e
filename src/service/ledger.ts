/**
 * App balance ledger and fast-fill holds (service interface: Fast fill, App balance funding), in micro-USD.
 *
 * - credits come from funding transfers indexed on chain 8453 (idempotent per source transaction);
 * - a fast fill places a hold of the fill amount; the hold is released when the origin deposit is
 *   indexed, and becomes a permanent debit when the deposit never lands (after `holdTimeoutMs`);
 * - active holds reduce what is available for new fast fills and claims, but not for fee
 *   sponsorship deductions, which are checked against the balance before holds.
 *
 * Every change is one SQLite transaction; each check-then-write runs synchronously inside it, so
 * concurrent fast fills can never overdraw.
 */
import { ServiceHttpError } from "./errors.ts";
import type { Store } from "./store.ts";

/** A wallet's ledger totals, in micro-USD. */
export interface BalanceSnapshot {
  credited: bigint;
  debited: bigint;
  sponsored: bigint;
  claimed: bigint;
  /** Sum of active holds. */
  held: bigint;
  /** credited - debited - sponsored - claimed. */
  balance: bigint;
  /** balance - held: what new fast fills and claims may use. */
  available: bigint;
}

export type HoldStatus = "active" | "released" | "debited" | "cancelled";

export interface Hold {
  requestId: string;
  wallet: string;
  amount: bigint;
  status: HoldStatus;
  createdAt: number;
  expiresAt: number;
}

const normalizeWallet = (wallet: string) => wallet.toLowerCase();

/** Largest single ledger amount (10^9 USD in micro-USD): keeps every sum inside SQLite's int64. */
export const MAX_LEDGER_AMOUNT = 10n ** 15n;

export class Ledger {
  readonly store: Store;

  constructor(store: Store) {
    this.store = store;
  }

  snapshot(wallet: string): BalanceSnapshot {
    const w = normalizeWallet(wallet);
    const rows = this.store
      .prepare("SELECT kind, SUM(amount) AS total FROM ledger_entries WHERE wallet = ? GROUP BY kind")
      .all(w) as { kind: string; total: number | bigint }[];
    const sums: Record<string, bigint> = {};
    for (const row of rows) sums[row.kind] = BigInt(row.total);
    const heldRow = this.store
      .prepare("SELECT COALESCE(SUM(amount), 0) AS held FROM holds WHERE wallet = ? AND status = 'active'")
      .get(w) as { held: number | bigint };
    const credited = sums.credit ?? 0n;
    const debited = sums.debit ?? 0n;
    const sponsored = sums.sponsorship ?? 0n;
    const claimed = sums.claim ?? 0n;
    const held = BigInt(heldRow.held);
    const balance = credited - debited - sponsored - claimed;
    return { credited, debited, sponsored, claimed, held, balance, available: balance - held };
  }

  /** Credits a funding transfer; `source` (chain + tx hash + log) makes it idempotent. Returns false if seen. */
  credit(wallet: string, amount: bigint, source: string, now = Date.now()): boolean {
    if (amount <= 0n || amount > MAX_LEDGER_AMOUNT) return false;
    const result = this.store
      .prepare(
        "INSERT OR IGNORE INTO ledger_entries (wallet, kind, amount, request_id, source, created_at) VALUES (?, 'credit', ?, NULL, ?, ?)",
      )
      .run(normalizeWallet(wallet), amount, source, now);
    return Number(result.changes) > 0;
  }

  /**
   * Places a fast-fill hold of `amount` for `requestId` when the wallet's available balance covers
   * it. Throws 402 INSUFFICIENT_APP_BALANCE otherwise, 409 FAST_FILL_ALREADY_DONE when the request
   * already has a hold.
   */
  placeHold(wallet: string, requestId: string, amount: bigint, expiresAt: number, now = Date.now()): Hold {
    return this.store.transaction(() => {
      const existing = this.store.prepare("SELECT status FROM holds WHERE request_id = ?").get(requestId);
      if (existing) {
        throw new ServiceHttpError(
          409,
          "FAST_FILL_ALREADY_DONE",
          `request ${requestId} was already fast filled`,
        );
      }
      const { available } = this.snapshot(wallet);
      if (available < amount) {
        throw new ServiceHttpError(
          402,
          "INSUFFICIENT_APP_BALANCE",
          `app balance available for fast fills is ${available} micro-USD; the fill needs ${amount}`,
        );
      }
      this.store
        .prepare(
          "INSERT INTO holds (request_id, wallet, amount, status, created_at, expires_at) VALUES (?, ?, ?, 'active', ?, ?)",
        )
        .run(requestId, normalizeWallet(wallet), amount, now, expiresAt);
      return {
        requestId,
        wallet: normalizeWallet(wallet),
        amount,
        status: "active",
        createdAt: now,
        expiresAt,
      };
    });
  }

  /** Releases the active hold of a request (its deposit was indexed). Returns whether one was released. */
  releaseHold(requestId: string, now = Date.now()): boolean {
    const result = this.store
      .prepare(
        "UPDATE holds SET status = 'released', settled_at = ? WHERE request_id = ? AND status = 'active'",
      )
      .run(now, requestId);
    return Number(result.changes) > 0;
  }

  /** Whether the request has an active (unsettled) hold. */
  holdActive(requestId: string): boolean {
    return (
      this.store.prepare("SELECT 1 FROM holds WHERE request_id = ? AND status = 'active'").get(requestId) !==
      undefined
    );
  }

  /** Cancels an active hold whose fill could not be made (nothing was advanced). */
  cancelHold(requestId: string, now = Date.now()): boolean {
    const result = this.store
      .prepare(
        "UPDATE holds SET status = 'cancelled', settled_at = ? WHERE request_id = ? AND status = 'active'",
      )
      .run(now, requestId);
    return Number(result.changes) > 0;
  }

  /**
   * Turns every active hold whose deposit never landed by its expiry into a permanent debit.
   * Returns the request ids debited.
   */
  settleExpiredHolds(now = Date.now()): string[] {
    return this.store.transaction(() => {
      const expired = this.store
        .prepare("SELECT request_id, wallet, amount FROM holds WHERE status = 'active' AND expires_at <= ?")
        .all(now) as { request_id: string; wallet: string; amount: number | bigint }[];
      const mark = this.store.prepare(
        "UPDATE holds SET status = 'debited', settled_at = ? WHERE request_id = ?",
      );
      const debit = this.store.prepare(
        "INSERT INTO ledger_entries (wallet, kind, amount, request_id, source, created_at) VALUES (?, 'debit', ?, ?, ?, ?)",
      );
      for (const hold of expired) {
        mark.run(now, hold.request_id);
        debit.run(hold.wallet, hold.amount, hold.request_id, `hold-debit:${hold.request_id}`, now);
      }
      return expired.map((hold) => hold.request_id);
    });
  }

  /** Fee sponsorship deduction: checked against the balance before holds (holds do not block it). */
  deductSponsorship(wallet: string, amount: bigint, requestId: string, now = Date.now()): void {
    this.store.transaction(() => {
      const { balance } = this.snapshot(wallet);
      if (balance < amount) {
        throw new ServiceHttpError(
          402,
          "SPONSOR_BALANCE_TOO_LOW",
          `app balance is ${balance} micro-USD; sponsorship needs ${amount}`,
        );
      }
      this.store
        .prepare(
          "INSERT INTO ledger_entries (wallet, kind, amount, request_id, source, created_at) VALUES (?, 'sponsorship', ?, ?, ?, ?)",
        )
        .run(normalizeWallet(wallet), amount, requestId, `sponsorship:${requestId}`, now);
    });
  }

  /** A claim (withdrawal) from the app balance: limited by the available balance (holds count). */
  claim(wallet: string, amount: bigint, now = Date.now()): void {
    this.store.transaction(() => {
      const { available } = this.snapshot(wallet);
      if (available < amount) {
        throw new ServiceHttpError(
          402,
          "INSUFFICIENT_APP_BALANCE",
          `app balance available for claims is ${available} micro-USD; the claim needs ${amount}`,
        );
      }
      this.store
        .prepare(
          "INSERT INTO ledger_entries (wallet, kind, amount, request_id, source, created_at) VALUES (?, 'claim', ?, NULL, NULL, ?)",
        )
        .run(normalizeWallet(wallet), amount, now);
    });
  }

  getHold(requestId: string): Hold | null {
    const row = this.store.prepare("SELECT * FROM holds WHERE request_id = ?").get(requestId) as
      | {
          request_id: string;
          wallet: string;
          amount: number | bigint;
          status: HoldStatus;
          created_at: number;
          expires_at: number;
        }
      | undefined;
    if (!row) return null;
    return {
      requestId: row.request_id,
      wallet: row.wallet,
      amount: BigInt(row.amount),
      status: row.status,
      createdAt: Number(row.created_at),
      expiresAt: Number(row.expires_at),
    };
  }

  linkSponsorshipWallet(keyHash: string, wallet: string, now = Date.now()): void {
    this.store
      .prepare(
        "INSERT INTO sponsorship_links (key_hash, wallet, linked_at) VALUES (?, ?, ?) ON CONFLICT(key_hash) DO UPDATE SET wallet = excluded.wallet, linked_at = excluded.linked_at",
      )
      .run(keyHash, normalizeWallet(wallet), now);
  }

  sponsorshipWallet(keyHash: string): string | null {
    const row = this.store.prepare("SELECT wallet FROM sponsorship_links WHERE key_hash = ?").get(keyHash) as
      | { wallet: string }
      | undefined;
    return row?.wallet ?? null;
  }
}
