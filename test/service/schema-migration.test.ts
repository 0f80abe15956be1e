/**
 * The service database's schema versions (`PRAGMA user_version`): a database written before
 * deposits were keyed by their position in the transaction is migrated in place at start, its
 * booked deposits kept (as `tx`, one per transaction as they were booked); a new database starts at
 * the latest version; a database from a newer attestkit is refused with one clear line.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect } from "chai";
import { bookDeposit, depositsOf } from "../../src/service/deposits.ts";
import { loadSqlite } from "../../src/service/sqlite.ts";
import { DatabaseFileError, Store } from "../../src/service/store.ts";

const { DatabaseSync } = loadSqlite();

/** The `deposits` table as version 0 wrote it: one row per (chain, transaction, currency, request). */
const VERSION_0_DEPOSITS = `CREATE TABLE deposits (
  chain_id INTEGER NOT NULL, tx_hash TEXT NOT NULL, currency TEXT NOT NULL, request_id TEXT NOT NULL,
  sender TEXT NOT NULL, from_user INTEGER NOT NULL, amount TEXT NOT NULL, kind TEXT NOT NULL, reason TEXT,
  separate INTEGER NOT NULL, refund_tx TEXT, created_at INTEGER NOT NULL,
  PRIMARY KEY (chain_id, tx_hash, currency, request_id)
) WITHOUT ROWID;
CREATE INDEX deposits_request ON deposits (request_id, from_user)`;

const TX = `0x${"aa".repeat(32)}`;
const REQUEST = `0x${"bb".repeat(32)}`;
const ETH = "0x0000000000000000000000000000000000000000";

describe("service database schema versions", () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), "attestkit-schema-"));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it("a version 0 database keeps its booked deposits, and two deposits of one transaction are booked as two", () => {
    const path = join(dir, "state.sqlite");
    const legacy = new DatabaseSync(path);
    legacy.exec(VERSION_0_DEPOSITS);
    legacy
      .prepare("INSERT INTO deposits VALUES (1, ?, ?, ?, '0xuser', 1, '5', 'fill', NULL, 0, NULL, 7)")
      .run(TX, ETH, REQUEST);
    legacy.close();

    const store = new Store(path);
    try {
      expect(store.db.prepare("PRAGMA user_version").get()).to.deep.equal({ user_version: 1 });
      const indexes = store.db
        .prepare(
          "SELECT name FROM sqlite_master WHERE tbl_name = 'deposits' AND type = 'index' AND sql IS NOT NULL",
        )
        .all();
      expect(indexes.map((row) => row.name)).to.deep.equal(["deposits_request"]);
      expect(depositsOf(store, REQUEST).map((d) => [d.position, d.kind, d.amount])).to.deep.equal([
        ["tx", "fill", 5n],
      ]);
      const second = {
        chainId: 1,
        txHash: TX,
        position: "log:3",
        currency: ETH,
        requestId: REQUEST,
        sender: "0xuser",
        fromUser: true,
        amount: 5n,
        kind: "refund" as const,
        reason: "REQUEST_CLOSED",
        separate: true,
      };
      expect(bookDeposit(store, second, 8)).to.equal(true);
      expect(bookDeposit(store, second, 9)).to.equal(false);
      expect(depositsOf(store, REQUEST).map((d) => d.position)).to.deep.equal(["tx", "log:3"]);
    } finally {
      store.close();
    }
  });

  it("a new database starts at the latest version and reopens unchanged", () => {
    const path = join(dir, "state.sqlite");
    new Store(path, { newDb: true }).close();
    const store = new Store(path);
    try {
      expect(store.db.prepare("PRAGMA user_version").get()).to.deep.equal({ user_version: 1 });
    } finally {
      store.close();
    }
  });

  it("a database from a newer attestkit is refused with one line", () => {
    const path = join(dir, "state.sqlite");
    const newer = new DatabaseSync(path);
    newer.exec("CREATE TABLE something (x INTEGER); PRAGMA user_version = 99");
    newer.close();
    expect(() => new Store(path)).to.throw(DatabaseFileError, /schema version 99 is newer/);
  });
});
