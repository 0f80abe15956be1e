/**
 * The webhook outbox, in the service database: each status change of a request made under an API
 * key with an endpoint becomes a delivery row in the same transaction as the change, with a stable
 * id; attempts are logged beside it. A delivery stays `pending` until an endpoint answered 2xx
 * (`delivered`) or its retries ran out (`failed`), so a restart resends what was in flight, under
 * the same id, and loses nothing.
 */
import { randomUUID } from "node:crypto";
import type { RequestStatusUpdatedEvent } from "../../schemas/index.ts";
import { statusOf } from "../lifecycle.ts";
import type { StoredRequest } from "../records.ts";
import type { Store } from "../store.ts";

const SCHEMA = `
-- One webhook endpoint per API key (by key hash, never the key).
CREATE TABLE IF NOT EXISTS webhook_endpoints (
  key_hash TEXT PRIMARY KEY,
  url TEXT NOT NULL,
  updated_at INTEGER NOT NULL
);
-- Deliveries: seq orders them (per request, a later one waits for the earlier ones to settle).
-- state: pending | delivered | failed. body: the exact JSON posted (signed at each attempt).
CREATE TABLE IF NOT EXISTS webhook_deliveries (
  seq INTEGER PRIMARY KEY AUTOINCREMENT,
  id TEXT NOT NULL UNIQUE,
  key_hash TEXT NOT NULL,
  request_id TEXT NOT NULL,
  event TEXT NOT NULL,
  status TEXT NOT NULL,
  body TEXT NOT NULL,
  state TEXT NOT NULL,
  attempts INTEGER NOT NULL DEFAULT 0,
  next_attempt_at INTEGER NOT NULL,
  created_at INTEGER NOT NULL,
  settled_at INTEGER
);
CREATE INDEX IF NOT EXISTS webhook_deliveries_due ON webhook_deliveries (state, seq);
CREATE INDEX IF NOT EXISTS webhook_deliveries_request ON webhook_deliveries (request_id, state, seq);
CREATE INDEX IF NOT EXISTS webhook_deliveries_key ON webhook_deliveries (key_hash, seq);
-- Every attempt: the URL posted to, the HTTP status (null: no answer) or why it failed.
CREATE TABLE IF NOT EXISTS webhook_attempts (
  delivery_id TEXT NOT NULL,
  attempt INTEGER NOT NULL,
  url TEXT NOT NULL,
  started_at INTEGER NOT NULL,
  duration_ms INTEGER NOT NULL,
  status_code INTEGER,
  error TEXT,
  PRIMARY KEY (delivery_id, attempt)
) WITHOUT ROWID;
`;

export type DeliveryState = "pending" | "delivered" | "failed";

/** A delivery as the outbox holds it. */
export interface Delivery {
  seq: number;
  id: string;
  keyHash: string;
  requestId: string;
  event: string;
  /** The request status the event carries. */
  status: string;
  body: string;
  state: DeliveryState;
  attempts: number;
  nextAttemptAt: number;
  createdAt: number;
  settledAt: number | null;
}

/** One attempt of a delivery. */
export interface DeliveryAttempt {
  attempt: number;
  url: string;
  startedAt: number;
  durationMs: number;
  statusCode: number | null;
  error: string | null;
}

/** What one attempt came to. */
export interface AttemptOutcome {
  url: string;
  startedAt: number;
  durationMs: number;
  statusCode: number | null;
  error: string | null;
}

function toDelivery(row: Record<string, unknown>): Delivery {
  return {
    seq: Number(row.seq),
    id: String(row.id),
    keyHash: String(row.key_hash),
    requestId: String(row.request_id),
    event: String(row.event),
    status: String(row.status),
    body: String(row.body),
    state: row.state as DeliveryState,
    attempts: Number(row.attempts),
    nextAttemptAt: Number(row.next_attempt_at),
    createdAt: Number(row.created_at),
    settledAt: row.settled_at === null ? null : Number(row.settled_at),
  };
}

/**
 * The event of a request's current status (`timestamp`: when it changed). Not parsed here: a
 * status change must never fail for its webhook; the tests check every event against the schema.
 */
export function statusEvent(request: StoredRequest): RequestStatusUpdatedEvent {
  return {
    event: "request.status.updated",
    timestamp: request.meta.updatedAt,
    data: { ...statusOf(request.record), requestId: request.record.id } as RequestStatusUpdatedEvent["data"],
  };
}

export class WebhookOutbox {
  readonly #store: Store;

  constructor(store: Store) {
    this.#store = store;
    store.db.exec(SCHEMA);
  }

  /** The database, for callers that write several outcomes in one transaction. */
  get store(): Store {
    return this.#store;
  }

  endpoint(keyHash: string): string | null {
    const row = this.#store.prepare("SELECT url FROM webhook_endpoints WHERE key_hash = ?").get(keyHash) as
      | { url: string }
      | undefined;
    return row?.url ?? null;
  }

  setEndpoint(keyHash: string, url: string | null, now: number): void {
    if (url === null) {
      this.#store.prepare("DELETE FROM webhook_endpoints WHERE key_hash = ?").run(keyHash);
      return;
    }
    this.#store
      .prepare(
        `INSERT INTO webhook_endpoints (key_hash, url, updated_at) VALUES (?, ?, ?)
         ON CONFLICT(key_hash) DO UPDATE SET url = excluded.url, updated_at = excluded.updated_at`,
      )
      .run(keyHash, url, now);
  }

  /** Records the delivery of `request`'s new status when its key has an endpoint (caller's transaction). */
  enqueue(request: StoredRequest, now: number): Delivery | null {
    const keyHash = request.meta.apiKeyHash;
    if (keyHash === null || this.endpoint(keyHash) === null) return null;
    const event = statusEvent(request);
    const row = this.#store
      .prepare(
        `INSERT INTO webhook_deliveries (id, key_hash, request_id, event, status, body, state, next_attempt_at, created_at)
         VALUES (?, ?, ?, ?, ?, ?, 'pending', ?, ?) RETURNING *`,
      )
      .get(
        `whd_${randomUUID()}`,
        keyHash,
        request.record.id.toLowerCase(),
        event.event,
        event.data.status,
        JSON.stringify(event),
        now,
        now,
      ) as Record<string, unknown>;
    return toDelivery(row);
  }

  /**
   * Pending deliveries due at `now` (of `keyHash` only, when given), oldest first, at most `limit`,
   * none of `busy` and none with an earlier pending delivery of the same request and key (order per request).
   */
  due(now: number, limit: number, busy: ReadonlySet<string>, keyHash?: string): Delivery[] {
    const rows = this.#store
      .prepare(
        `SELECT * FROM webhook_deliveries d WHERE state = 'pending' AND next_attempt_at <= ?
         AND (? IS NULL OR d.key_hash = ?)
         AND NOT EXISTS (SELECT 1 FROM webhook_deliveries e WHERE e.request_id = d.request_id
           AND e.state = 'pending' AND e.key_hash = d.key_hash AND e.seq < d.seq)
         ORDER BY seq LIMIT ?`,
      )
      .all(now, keyHash ?? null, keyHash ?? null, limit + busy.size) as Record<string, unknown>[];
    return rows
      .map(toDelivery)
      .filter((delivery) => !busy.has(delivery.id))
      .slice(0, limit);
  }

  /** The keys with a pending delivery due by `now`. */
  dueKeys(now: number): string[] {
    const rows = this.#store
      .prepare(
        "SELECT DISTINCT key_hash FROM webhook_deliveries WHERE state = 'pending' AND next_attempt_at <= ?",
      )
      .all(now) as { key_hash: string }[];
    return rows.map((row) => row.key_hash);
  }

  /** The earliest time a pending delivery is due (later than `after`, when given), or null when none is. */
  nextDue(after = Number.NEGATIVE_INFINITY): number | null {
    const row = this.#store
      .prepare(
        "SELECT MIN(next_attempt_at) AS at FROM webhook_deliveries WHERE state = 'pending' AND next_attempt_at > ?",
      )
      .get(after) as { at: number | null };
    return row.at;
  }

  /** Logs an attempt and settles the delivery: delivered, failed, or retried at `retryAt`. */
  recordAttempt(
    delivery: Delivery,
    outcome: AttemptOutcome,
    next: { state: "delivered" | "failed"; at: number } | { state: "pending"; retryAt: number },
  ): void {
    this.#store.transaction(() => {
      const attempt = delivery.attempts + 1;
      this.#store
        .prepare(
          `INSERT OR REPLACE INTO webhook_attempts (delivery_id, attempt, url, started_at, duration_ms, status_code, error)
           VALUES (?, ?, ?, ?, ?, ?, ?)`,
        )
        .run(
          delivery.id,
          attempt,
          outcome.url,
          outcome.startedAt,
          outcome.durationMs,
          outcome.statusCode,
          outcome.error,
        );
      if (next.state === "pending") {
        this.#store
          .prepare("UPDATE webhook_deliveries SET attempts = ?, next_attempt_at = ? WHERE id = ?")
          .run(attempt, next.retryAt, delivery.id);
      } else {
        this.#store
          .prepare("UPDATE webhook_deliveries SET attempts = ?, state = ?, settled_at = ? WHERE id = ?")
          .run(attempt, next.state, next.at, delivery.id);
      }
    });
  }

  /** Gives a delivery up without an attempt (its key or endpoint is gone). */
  abandon(delivery: Delivery, reason: string, now: number): void {
    this.recordAttempt(
      delivery,
      { url: "", startedAt: now, durationMs: 0, statusCode: null, error: reason },
      { state: "failed", at: now },
    );
  }

  /** The delivery log of a key, newest first. */
  list(
    keyHash: string,
    filter: { requestId?: string; state?: DeliveryState; limit?: number } = {},
  ): (Delivery & { log: DeliveryAttempt[] })[] {
    const requestId = filter.requestId?.toLowerCase() ?? null;
    const rows = this.#store
      .prepare(
        `SELECT * FROM webhook_deliveries WHERE key_hash = :key
         AND (:request IS NULL OR request_id = :request) AND (:state IS NULL OR state = :state)
         ORDER BY seq DESC LIMIT :limit`,
      )
      .all({
        key: keyHash,
        request: requestId,
        state: filter.state ?? null,
        limit: filter.limit ?? 100,
      }) as Record<string, unknown>[];
    return rows.map((row) => {
      const delivery = toDelivery(row);
      return { ...delivery, log: this.attempts(delivery.id) };
    });
  }

  attempts(deliveryId: string): DeliveryAttempt[] {
    const rows = this.#store
      .prepare("SELECT * FROM webhook_attempts WHERE delivery_id = ? ORDER BY attempt")
      .all(deliveryId) as Record<string, unknown>[];
    return rows.map((row) => ({
      attempt: Number(row.attempt),
      url: String(row.url),
      startedAt: Number(row.started_at),
      durationMs: Number(row.duration_ms),
      statusCode: row.status_code === null ? null : Number(row.status_code),
      error: row.error === null ? null : String(row.error),
    }));
  }
}
