/**
 * SQLite state of the mock service (Node's built-in `node:sqlite`). In memory by default, a file when
 * asked. A file database runs in WAL mode with `synchronous=FULL`, so every committed transaction
 * (every acknowledged write) survives a crash or restart. Ledger changes run inside `transaction()`.
 */
import { existsSync, statSync } from "node:fs";
import type { DatabaseSync, StatementSync } from "node:sqlite";
import { AttestkitError } from "../errors.ts";
import { loadSqlite } from "./sqlite.ts";

/** A `db` file the service refuses to open: its message is one line saying why and what to do. */
export class DatabaseFileError extends AttestkitError {
  constructor(message: string) {
    super("DATABASE_FILE_REFUSED", message);
  }
}

/**
 * The rule for a database file: an existing file must be a sound SQLite database (integrity
 * checked at start); an empty (0-byte) or missing file is created fresh only when `newDb` says so,
 * since either is what a file that held state looks like after an accident.
 */
function checkBeforeOpen(path: string, newDb: boolean): void {
  const fresh = `to start with an empty database deliberately, pass --new-db (option newDb: true)`;
  if (!existsSync(path)) {
    if (!newDb) throw new DatabaseFileError(`database file ${path} does not exist; ${fresh}`);
    return;
  }
  if (statSync(path).size === 0 && !newDb) {
    throw new DatabaseFileError(
      `database file ${path} is empty (0 bytes), not the service's state; ${fresh}`,
    );
  }
}

/** SQLite's report (its integrity check lists one problem a line) as one line of the refusal. */
const oneLine = (text: string) => text.replace(/\s+/g, " ").trim();

function checkIntegrity(db: DatabaseSync, path: string): void {
  let verdict: string;
  try {
    const rows = db.prepare("PRAGMA quick_check").all() as { quick_check: string }[];
    verdict = rows.map((row) => row.quick_check).join("; ");
  } catch (error) {
    verdict = (error as Error).message;
  }
  if (verdict !== "ok") {
    throw new DatabaseFileError(
      `database file ${path} is damaged (${oneLine(verdict).slice(0, 200)}); move it away and restore a backup, or start with --new-db on a new path`,
    );
  }
}

const SCHEMA = `
CREATE TABLE IF NOT EXISTS requests (
  id TEXT PRIMARY KEY,
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL,
  amount_usd REAL NOT NULL,
  status TEXT NOT NULL,
  user_addr TEXT NOT NULL,
  sender TEXT,
  recipient TEXT NOT NULL,
  deposit_address TEXT,
  depositor TEXT,
  order_id TEXT,
  parent_id TEXT,
  api_key_hash TEXT,
  request_type TEXT NOT NULL,
  origin_chain_id INTEGER NOT NULL,
  destination_chain_id INTEGER NOT NULL,
  currency_in_address TEXT NOT NULL,
  currency_in_symbol TEXT NOT NULL,
  currency_out_address TEXT NOT NULL,
  currency_out_symbol TEXT NOT NULL,
  fail_reason TEXT,
  refund_fail_reason TEXT,
  app_fees_usd REAL NOT NULL DEFAULT 0,
  fill_time REAL,
  features TEXT NOT NULL DEFAULT ',',
  private_chain TEXT,
  meta TEXT NOT NULL,
  record TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS requests_created ON requests (created_at, id);
CREATE INDEX IF NOT EXISTS requests_updated ON requests (updated_at, id);
CREATE INDEX IF NOT EXISTS requests_amount ON requests (amount_usd, id);
CREATE INDEX IF NOT EXISTS requests_sender ON requests (sender, created_at);
CREATE INDEX IF NOT EXISTS requests_depositor ON requests (depositor, created_at);
CREATE INDEX IF NOT EXISTS requests_recipient ON requests (recipient, created_at);
CREATE INDEX IF NOT EXISTS requests_deposit_address ON requests (deposit_address);
CREATE INDEX IF NOT EXISTS requests_order ON requests (order_id);
CREATE INDEX IF NOT EXISTS requests_parent ON requests (parent_id);
CREATE INDEX IF NOT EXISTS requests_status ON requests (status, created_at);
CREATE INDEX IF NOT EXISTS requests_origin ON requests (origin_chain_id, created_at);
CREATE INDEX IF NOT EXISTS requests_destination ON requests (destination_chain_id, created_at);
CREATE INDEX IF NOT EXISTS requests_api_key ON requests (api_key_hash, created_at);

-- Every searchable value of a request (id, wallets, deposit address, every tx hash), normalized.
CREATE TABLE IF NOT EXISTS request_terms (
  value TEXT NOT NULL,
  request_id TEXT NOT NULL,
  PRIMARY KEY (value, request_id)
) WITHOUT ROWID;

-- Transactions of a request: kind deposit | fill | refund | failed, with chain and block (chain entries).
CREATE TABLE IF NOT EXISTS request_txs (
  request_id TEXT NOT NULL,
  kind TEXT NOT NULL,
  hash TEXT NOT NULL,
  chain_id INTEGER NOT NULL,
  block INTEGER NOT NULL,
  PRIMARY KEY (request_id, kind, hash)
) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS request_txs_hash ON request_txs (hash, kind);
CREATE INDEX IF NOT EXISTS request_txs_block ON request_txs (block, chain_id);

-- App balance ledger, in micro-USD (the app balance currency has 6 decimals).
-- kind: credit (funding seen on chain) | debit (permanent, from an expired fast-fill hold)
--       | sponsorship (fee sponsorship deduction) | claim (withdrawal).
CREATE TABLE IF NOT EXISTS ledger_entries (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  wallet TEXT NOT NULL,
  kind TEXT NOT NULL,
  amount INTEGER NOT NULL CHECK (amount >= 0),
  request_id TEXT,
  source TEXT UNIQUE,
  created_at INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS ledger_wallet ON ledger_entries (wallet);

-- Fast-fill holds: active until released (deposit indexed) or debited (deposit never landed).
CREATE TABLE IF NOT EXISTS holds (
  request_id TEXT PRIMARY KEY,
  wallet TEXT NOT NULL,
  amount INTEGER NOT NULL CHECK (amount >= 0),
  status TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  expires_at INTEGER NOT NULL,
  settled_at INTEGER
);
CREATE INDEX IF NOT EXISTS holds_wallet ON holds (wallet, status);
CREATE INDEX IF NOT EXISTS holds_expiry ON holds (status, expires_at);

-- Fee sponsorship wallets linked to API keys (by key hash, never the key).
CREATE TABLE IF NOT EXISTS sponsorship_links (
  key_hash TEXT PRIMARY KEY,
  wallet TEXT NOT NULL,
  linked_at INTEGER NOT NULL
);

-- Every final deposit the indexer credited, once: what arrived (the balance change of a service
-- account), from whom, and what the service decided. kind: fill (the request's deposit) | settle
-- (the deposit of a fast-filled request) | refund (returned to its sender: not the request's user,
-- wrong currency or amount, or the request already closed). separate: refunded on its own, the
-- request untouched. refund_tx: that refund once sent. position: where in its transaction the
-- deposit is named (log:<i> | ix:<i> | event:<i> | tx), so two deposits of one transaction are two.
CREATE TABLE IF NOT EXISTS deposits (
  chain_id INTEGER NOT NULL,
  tx_hash TEXT NOT NULL,
  position TEXT NOT NULL DEFAULT 'tx',
  currency TEXT NOT NULL,
  request_id TEXT NOT NULL,
  sender TEXT NOT NULL,
  from_user INTEGER NOT NULL,
  amount TEXT NOT NULL,
  kind TEXT NOT NULL,
  reason TEXT,
  separate INTEGER NOT NULL,
  refund_tx TEXT,
  created_at INTEGER NOT NULL,
  PRIMARY KEY (chain_id, tx_hash, position, currency, request_id)
) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS deposits_request ON deposits (request_id, from_user);

-- The solver's outbox: every fill and refund recorded with its signed transaction BEFORE it is
-- sent, so a restart finds it on chain or sends the very same transaction, never a second one.
-- id: fill:<request> | refund:<request>:<deposit tx[@position] or "request">:<currency>. state: signed | done.
CREATE TABLE IF NOT EXISTS outbox (
  id TEXT PRIMARY KEY,
  request_id TEXT NOT NULL,
  chain_id INTEGER NOT NULL,
  tx_hash TEXT NOT NULL,
  raw TEXT NOT NULL,
  lifetime TEXT NOT NULL,
  state TEXT NOT NULL,
  block INTEGER,
  created_at INTEGER NOT NULL
) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS outbox_state ON outbox (state, created_at);

-- Transactions the indexer moved past without booking them: working one out failed (a log or
-- event of a shape nothing foresaw), so it was set aside for an operator instead of stopping its
-- chain's books. Listed by GET /_mock/health.
CREATE TABLE IF NOT EXISTS quarantined_txs (
  chain_id INTEGER NOT NULL,
  tx_hash TEXT NOT NULL,
  block INTEGER NOT NULL,
  reason TEXT NOT NULL,
  quarantined_at INTEGER NOT NULL,
  PRIMARY KEY (chain_id, tx_hash)
) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS quarantined_txs_time ON quarantined_txs (quarantined_at, chain_id);

-- Every solver key the service ran with on this database, EVM (0x hex) and SVM (base58)
-- (solver-keys.ts): its earlier keys after a rotation are still its own.
CREATE TABLE IF NOT EXISTS solver_keys (
  address TEXT PRIMARY KEY,
  first_used_at INTEGER NOT NULL
) WITHOUT ROWID;

-- Indexer progress per chain.
CREATE TABLE IF NOT EXISTS indexer_cursors (
  chain_id INTEGER PRIMARY KEY,
  next_block TEXT NOT NULL
);

-- Mock-only scenarios (scenarios/book.ts), in the order added (rowid): plan is the JSON the engine
-- follows, remaining the matches it has left.
CREATE TABLE IF NOT EXISTS scenarios (
  seq INTEGER PRIMARY KEY,
  id TEXT NOT NULL UNIQUE,
  created_at INTEGER NOT NULL,
  plan TEXT NOT NULL,
  remaining INTEGER NOT NULL
);

-- The request (lowercase id) each scenario took, with a copy of its plan (a request keeps its
-- scenario when the scenario is removed) and what the scenario did to it (events: a JSON array).
CREATE TABLE IF NOT EXISTS scenario_matches (
  request_id TEXT PRIMARY KEY,
  scenario_id TEXT NOT NULL,
  matched_at INTEGER NOT NULL,
  plan TEXT NOT NULL,
  events TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS scenario_matches_scenario ON scenario_matches (scenario_id);
`;

/**
 * Changes to a database written by an earlier version, in order: `MIGRATIONS[n]` takes a database
 * at `PRAGMA user_version` n to n + 1. `before` runs ahead of `SCHEMA` (which creates tables and
 * indexes in their current form), `after` once they exist. A new database gets `SCHEMA` and the
 * latest version at once.
 */
const MIGRATIONS: readonly { before: string; after: string }[] = [
  // 0 -> 1: deposits keyed by their position in the transaction; earlier rows were one per transaction.
  {
    before: "ALTER TABLE deposits RENAME TO deposits_v0; DROP INDEX IF EXISTS deposits_request;",
    after: `INSERT INTO deposits (chain_id, tx_hash, position, currency, request_id, sender, from_user, amount, kind, reason, separate, refund_tx, created_at)
      SELECT chain_id, tx_hash, 'tx', currency, request_id, sender, from_user, amount, kind, reason, separate, refund_tx, created_at FROM deposits_v0;
      DROP TABLE deposits_v0;`,
  },
];

/** Brings a database to the latest schema: migrations for one that already has tables, else `SCHEMA`. */
function migrate(db: DatabaseSync): void {
  const version = (db.prepare("PRAGMA user_version").get() as { user_version: number }).user_version;
  if (version > MIGRATIONS.length) {
    throw new DatabaseFileError(
      `database schema version ${version} is newer than this attestkit (${MIGRATIONS.length}); run the attestkit that wrote it`,
    );
  }
  const fresh = db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' LIMIT 1").get() === undefined;
  const pending = fresh ? [] : MIGRATIONS.slice(version);
  db.exec("BEGIN IMMEDIATE");
  try {
    for (const step of pending) db.exec(step.before);
    db.exec(SCHEMA);
    for (const step of pending) db.exec(step.after);
    db.exec(`PRAGMA user_version = ${MIGRATIONS.length}`);
    db.exec("COMMIT");
  } catch (error) {
    db.exec("ROLLBACK");
    throw error;
  }
}

/** The service database: a `DatabaseSync` plus a statement cache and a transaction helper. */
export class Store {
  readonly db: DatabaseSync;
  readonly path: string;
  #statements = new Map<string, StatementSync>();
  #depth = 0;
  #afterCommit: Array<() => void> = [];

  /** Opens `path` (":memory:" by default); a file is checked first (`DatabaseFileError`). */
  constructor(path = ":memory:", { newDb = false }: { newDb?: boolean } = {}) {
    this.path = path;
    if (path !== ":memory:") checkBeforeOpen(path, newDb);
    try {
      this.db = new (loadSqlite().DatabaseSync)(path);
    } catch (error) {
      throw new DatabaseFileError(
        `database file ${path} cannot be opened: ${oneLine((error as Error).message)}`,
      );
    }
    if (path !== ":memory:") {
      checkIntegrity(this.db, path);
      this.db.exec("PRAGMA journal_mode = WAL");
      this.db.exec("PRAGMA synchronous = FULL");
    }
    this.db.exec("PRAGMA foreign_keys = ON");
    this.db.exec("PRAGMA busy_timeout = 5000");
    migrate(this.db);
  }

  /** A cached prepared statement. */
  prepare(sql: string): StatementSync {
    let statement = this.#statements.get(sql);
    if (statement === undefined) {
      statement = this.db.prepare(sql);
      this.#statements.set(sql, statement);
      if (this.#statements.size > 500) {
        const first = this.#statements.keys().next().value;
        if (first !== undefined) this.#statements.delete(first);
      }
    }
    return statement;
  }

  /**
   * Runs `fn` in one `BEGIN IMMEDIATE` transaction (nested calls join the outer one). `fn` must be
   * synchronous: nothing else runs on the Node thread until it returns, and the write lock keeps
   * other processes out, so check-then-write inside it is atomic.
   */
  transaction<T>(fn: () => T): T {
    if (this.#depth > 0) return fn();
    // Inside a devnet snapshot's savepoint (`snapshot.ts`) the transaction is a savepoint of its own.
    const nested = this.db.isTransaction;
    this.db.exec(nested ? "SAVEPOINT store_transaction" : "BEGIN IMMEDIATE");
    this.#depth++;
    let committed: Array<() => void> = [];
    try {
      const result = fn();
      this.db.exec(nested ? "RELEASE store_transaction" : "COMMIT");
      committed = this.#afterCommit;
      return result;
    } catch (error) {
      this.db.exec(nested ? "ROLLBACK TO store_transaction; RELEASE store_transaction" : "ROLLBACK");
      throw error;
    } finally {
      this.#depth--;
      this.#afterCommit = [];
      for (const task of committed) task();
    }
  }

  /**
   * Runs `task` once what is being written is committed: after the enclosing `transaction()`
   * commits (never when it rolls back), or at once outside one (the write already autocommitted).
   * For effects that must not be seen before the data is durable, such as a status pushed to a
   * client. `task` must not throw.
   */
  afterCommit(task: () => void): void {
    if (this.#depth > 0) this.#afterCommit.push(task);
    else task();
  }

  close(): void {
    this.#statements.clear();
    if (this.db.isOpen) this.db.close();
  }
}
