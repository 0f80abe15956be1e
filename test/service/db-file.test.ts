/**
 * The service's database file at start: a damaged, empty or missing file is refused with one clear
 * line (`DatabaseFileError`) and the way to start fresh deliberately; `newDb` creates a fresh one.
 */
import { mkdtempSync, openSync, rmSync, statSync, writeFileSync, writeSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect } from "chai";
import { DatabaseFileError, Store } from "../../src/service/store.ts";

describe("service database file at start", () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), "attestkit-db-"));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  const refusal = (path: string, newDb = false) => {
    try {
      new Store(path, { newDb }).close();
    } catch (error) {
      expect(error).to.be.instanceOf(DatabaseFileError);
      expect((error as Error).message).to.not.include("\n");
      return (error as Error).message;
    }
    return null;
  };

  /** A file database holding rows, closed cleanly (checkpointed into the main file). */
  const populated = (path: string) => {
    const store = new Store(path, { newDb: true });
    const insert = store.prepare("INSERT INTO indexer_cursors (chain_id, next_block) VALUES (?, ?)");
    store.transaction(() => {
      for (let i = 0; i < 2000; i++) insert.run(i, "x".repeat(200));
    });
    store.db.exec("PRAGMA wal_checkpoint(TRUNCATE)");
    store.close();
  };

  it("a missing file is refused unless newDb, which creates it", () => {
    const path = join(dir, "state.sqlite");
    expect(refusal(path)).to.match(/does not exist; .*--new-db/);
    expect(refusal(path, true)).to.equal(null);
    expect(statSync(path).size).to.be.greaterThan(0);
    expect(refusal(path)).to.equal(null);
  });

  it("a file truncated to 0 bytes is refused, not started as an empty database", () => {
    const path = join(dir, "state.sqlite");
    populated(path);
    writeFileSync(path, "");
    expect(refusal(path)).to.match(/empty \(0 bytes\).*--new-db/);
  });

  it("8 KiB of random bytes in the middle of a database are found at start and refused", () => {
    const path = join(dir, "state.sqlite");
    populated(path);
    expect(refusal(path)).to.equal(null);
    const size = statSync(path).size;
    expect(size).to.be.greaterThan(64 * 1024);
    const fd = openSync(path, "r+");
    const junk = Buffer.alloc(8192);
    for (let i = 0; i < junk.length; i++) junk[i] = (i * 7919 + 13) & 0xff;
    writeSync(fd, junk, 0, junk.length, Math.floor(size / 2 / 4096) * 4096);
    expect(refusal(path)).to.match(/is damaged \(.+\); move it away/);
  });

  it("a file that is not SQLite at all is refused", () => {
    const path = join(dir, "state.sqlite");
    writeFileSync(path, Buffer.alloc(8192, 0x41));
    expect(refusal(path)).to.match(/damaged|cannot be opened/);
  });
});
