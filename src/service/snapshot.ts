/**
 * The mock service's state as one value: every table of its database, row by row (a table holding
 * an integer past 2^53 is read with bigints, so nothing rounds), and the participant the devnet's snapshot uses. Everything the service
 * remembers lives in that database: requests, quotes' orders, the app-balance ledger and its holds,
 * the solver's outbox, the webhook outbox, indexer cursors. What runs in memory (the indexer's
 * passes, fills and refunds in flight, webhook attempts) is waited for before a capture or restore.
 */
import type { Store } from "./store.ts";

/** What the participant needs of the service (`Service`). */
export interface SnapshotService {
  store: Store;
  indexer: {
    stop(): Promise<void>;
    start(intervalMs: number): void;
    readonly intervalMs: number | null;
  } | null;
  lifecycle: { idle(): Promise<void> };
  webhooks: { settled(): Promise<void>; wake(): void };
  suspendHolds(): () => void;
}

/** Rows of every table, in column order, by table name. */
export type DatabaseRows = Record<string, { columns: string[]; rows: unknown[][] }>;

/** User tables, and SQLite's AUTOINCREMENT counters when the schema has them. */
function tables(store: Store): string[] {
  const rows = store
    .prepare(
      "SELECT name FROM sqlite_master WHERE type = 'table' AND (name NOT LIKE 'sqlite_%' OR name = 'sqlite_sequence') ORDER BY name",
    )
    .all() as { name: string }[];
  return rows.map((row) => row.name);
}

const quoted = (name: string) => `"${name.replaceAll('"', '""')}"`;

export function captureDatabase(store: Store): DatabaseRows {
  const out: DatabaseRows = {};
  for (const table of tables(store)) {
    const statement = store.prepare(`SELECT * FROM ${quoted(table)}`);
    statement.setReturnArrays(true);
    const columns = statement.columns().map((column) => column.name);
    let rows: unknown[][];
    try {
      rows = statement.all() as unknown as unknown[][];
    } catch {
      // An integer past 2^53: the table is read with bigints, so nothing rounds.
      statement.setReadBigInts(true);
      rows = statement.all() as unknown as unknown[][];
      statement.setReadBigInts(false);
    }
    statement.setReturnArrays(false);
    out[table] = { columns, rows };
  }
  return out;
}

/**
 * Replaces every table's rows with `state`'s, in one transaction. A table `state` does not name is
 * emptied; a table of `state` the database lacks is refused (the state is another schema's).
 */
export function restoreDatabase(store: Store, state: DatabaseRows): void {
  const present = new Set(tables(store));
  for (const table of Object.keys(state)) {
    if (!present.has(table)) throw new Error(`the service database has no table ${table}`);
  }
  store.transaction(() => {
    for (const table of present) store.prepare(`DELETE FROM ${quoted(table)}`).run();
    for (const [table, { columns, rows }] of Object.entries(state)) {
      if (rows.length === 0) continue;
      const insert = store.prepare(
        `INSERT INTO ${quoted(table)} (${columns.map(quoted).join(", ")}) VALUES (${columns.map(() => "?").join(", ")})`,
      );
      for (const row of rows) insert.run(...(row as never[]));
    }
  });
}

let savepoints = 0;

/** Opens a savepoint: the changes after it are undone by `rollbackTo`, at the cost of the changes alone. */
function openSavepoint(store: Store): string {
  const name = `devnet_snapshot_${++savepoints}`;
  store.db.exec(`SAVEPOINT ${name}`);
  return name;
}

/** Undoes every change since savepoint `name` and closes it (and the savepoints opened after it). */
function rollbackTo(store: Store, name: string): void {
  store.db.exec(`ROLLBACK TO ${name}; RELEASE ${name}`);
}

/**
 * The service as a snapshot participant: quiescing stops the indexer and waits for its pass, suspends
 * the scenario holds in progress (never waited for: they start again afterwards from the database
 * captured or restored, with their deadlines), waits for fills and refunds in flight and for webhook
 * attempts in flight (a slow webhook endpoint delays the
 * snapshot by up to its timeout; deliveries not yet attempted stay in the captured outbox). An
 * in-memory database (the devnet's default) is captured as a SQLite savepoint, so a snapshot costs
 * nothing and a revert undoes only what changed (the database stays in one open transaction while a
 * snapshot is live). A database file is captured row by row instead, so every write stays durable.
 */
export function serviceSnapshotParticipant(service: SnapshotService) {
  return {
    name: "service",
    async quiesce() {
      const indexer = service.indexer;
      // Started again as it ran: polling, on wake-ups, or not at all (ticked by hand).
      const intervalMs = indexer?.intervalMs ?? null;
      await indexer?.stop();
      const resumeHolds = service.suspendHolds();
      await service.lifecycle.idle();
      await service.webhooks.settled();
      return () => {
        resumeHolds();
        // The outbox may be another one now (a revert): what it holds due goes out, its next retry is timed.
        service.webhooks.wake();
        if (indexer && intervalMs !== null) indexer.start(intervalMs);
      };
    },
    capture: () =>
      service.store.path === ":memory:" ? openSavepoint(service.store) : captureDatabase(service.store),
    restore: (state: string | DatabaseRows) =>
      typeof state === "string" ? rollbackTo(service.store, state) : restoreDatabase(service.store, state),
  };
}
