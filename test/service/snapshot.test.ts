/**
 * The service database in a devnet snapshot (`src/service/snapshot.ts`): an in-memory database is
 * captured as a savepoint, a file row by row; either way a restore gives back exactly the captured
 * rows (AUTOINCREMENT counters included) and the service's own transactions keep their
 * all-or-nothing rule inside a live snapshot.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect } from "chai";
import fc from "fast-check";
import { captureDatabase, restoreDatabase, serviceSnapshotParticipant } from "../../src/service/snapshot.ts";
import { Store } from "../../src/service/store.ts";

const quiet = {
  indexer: null,
  lifecycle: { idle: async () => {} },
  webhooks: { settled: async () => {}, wake: () => {} },
  suspendHolds: () => () => {},
};

/** A ledger entry, as the app-balance ledger writes them (AUTOINCREMENT id). */
function credit(store: Store, wallet: string, amount: number): void {
  store
    .prepare("INSERT INTO ledger_entries (wallet, kind, amount, created_at) VALUES (?, 'credit', ?, 0)")
    .run(wallet, amount);
}

const rows = (store: Store) => store.prepare("SELECT * FROM ledger_entries ORDER BY id").all();

describe("service database snapshot", () => {
  let dir: string;
  before(() => {
    dir = mkdtempSync(join(tmpdir(), "attestkit-service-snapshot-"));
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  for (const kind of ["in memory (savepoint)", "file (rows)"] as const) {
    it(`${kind}: a revert gives back exactly the captured rows, whatever ran after the snapshot`, async () => {
      let files = 0;
      await fc.assert(
        fc.asyncProperty(
          fc.array(fc.tuple(fc.constantFrom("a", "b", "c"), fc.nat(1000)), { maxLength: 8 }),
          fc.array(
            fc.oneof(fc.tuple(fc.constant("credit"), fc.nat(1000)), fc.constant(["delete", 0] as const)),
            {
              maxLength: 8,
            },
          ),
          async (before, after) => {
            const path = kind === "file (rows)" ? join(dir, `db-${files++}.sqlite`) : ":memory:";
            const store = new Store(path, { newDb: true });
            try {
              const participant = serviceSnapshotParticipant({ ...quiet, store });
              for (const [wallet, amount] of before) credit(store, wallet, amount);
              const expected = rows(store);
              const state = participant.capture();
              for (const [action, amount] of after) {
                if (action === "credit") store.transaction(() => credit(store, "z", amount));
                else store.prepare("DELETE FROM ledger_entries").run();
              }
              participant.restore(state);
              expect(rows(store)).to.deep.equal(expected);
              // The AUTOINCREMENT counter is back too: the next id follows the captured rows.
              credit(store, "next", 1);
              const last = rows(store).at(-1) as { id: number };
              expect(last.id).to.equal(before.length + 1);
            } finally {
              store.close();
            }
          },
        ),
        { numRuns: 25 },
      );
    });
  }

  it("a service transaction that fails inside a live snapshot undoes only itself", () => {
    const store = new Store();
    const participant = serviceSnapshotParticipant({ ...quiet, store });
    const state = participant.capture();
    credit(store, "kept", 5);
    expect(() =>
      store.transaction(() => {
        credit(store, "undone", 7);
        throw new Error("refused half way");
      }),
    ).to.throw("refused half way");
    expect(rows(store).map((row) => (row as { wallet: string }).wallet)).to.deep.equal(["kept"]);
    participant.restore(state);
    expect(rows(store)).to.deep.equal([]);
    store.close();
  });

  it("an integer past 2^53 is captured and restored exactly", () => {
    const store = new Store();
    const huge = 2n ** 60n + 1n;
    store
      .prepare("INSERT INTO ledger_entries (wallet, kind, amount, created_at) VALUES ('w', 'credit', ?, 0)")
      .run(huge);
    const saved = captureDatabase(store);
    store.prepare("DELETE FROM ledger_entries").run();
    restoreDatabase(store, saved);
    const read = store.prepare("SELECT amount FROM ledger_entries");
    read.setReadBigInts(true);
    expect(read.all()).to.deep.equal([{ amount: huge }]);
    read.setReadBigInts(false);
    store.close();
  });

  it("a saved state from another schema is refused: a table the database lacks", () => {
    const store = new Store();
    const saved = captureDatabase(store);
    expect(() => restoreDatabase(store, { ...saved, orders_v9: { columns: ["id"], rows: [[1n]] } })).to.throw(
      "the service database has no table orders_v9",
    );
    store.close();
  });
});
