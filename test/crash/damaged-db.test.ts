/**
 * `attestkit service` refuses a damaged database file at start, before anything listens: a file
 * cut short by a crash of the disk or a copy (truncated at a page boundary, inside a page, to its
 * first page) or overwritten in the middle, with or without `--new-db`. The refusal is one line on
 * stderr naming the file and what to do, exit status 2; the file is left as it was, never reset.
 */
import { execFile } from "node:child_process";
import {
  copyFileSync,
  mkdtempSync,
  openSync,
  readFileSync,
  rmSync,
  statSync,
  truncateSync,
  writeSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect } from "chai";
import { Store } from "../../src/service/store.ts";

/** Runs `attestkit service --db <db>` with `extra` flags; resolves with its exit code and stderr. */
function serviceOn(db: string, extra: string[] = []): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve) => {
    const child = execFile(
      process.execPath,
      ["src/cli.ts", "service", "--port", "0", "--db", db, "--log-level", "silent", ...extra],
      { timeout: 20_000 },
      (_error, _stdout, stderr) => resolve({ code: child.exitCode, stderr }),
    );
  });
}

describe("crash trial: a damaged database file is refused at start", function () {
  this.timeout(60_000);
  let dir: string;
  let healthy: string;

  before(() => {
    dir = mkdtempSync(join(tmpdir(), "attestkit-damaged-db-"));
    healthy = join(dir, "healthy.sqlite");
    const store = new Store(healthy, { newDb: true });
    const insert = store.prepare("INSERT INTO indexer_cursors (chain_id, next_block) VALUES (?, ?)");
    store.transaction(() => {
      for (let i = 0; i < 2000; i++) insert.run(i, "x".repeat(200));
    });
    store.db.exec("PRAGMA wal_checkpoint(TRUNCATE)");
    store.close();
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  const size = () => statSync(healthy).size;
  const damages: [string, (path: string) => void][] = [
    ["truncated by one page", (path) => truncateSync(path, size() - 4096)],
    ["truncated inside its last page", (path) => truncateSync(path, size() - 1000)],
    ["truncated to half", (path) => truncateSync(path, Math.floor(size() / 2 / 4096) * 4096)],
    ["truncated to its first page", (path) => truncateSync(path, 4096)],
    [
      "overwritten with 4 KiB of junk in the middle",
      (path) => {
        const fd = openSync(path, "r+");
        writeSync(fd, Buffer.alloc(4096, 0x5a), 0, 4096, Math.floor(size() / 2 / 4096) * 4096);
      },
    ],
  ];
  for (const [damage, apply] of damages) {
    for (const newDb of [false, true]) {
      it(`${damage}${newDb ? ", started with --new-db" : ""}: exit 2, one line naming the file and what to do, the file untouched`, async () => {
        const db = join(dir, `${damage.replaceAll(" ", "-")}-${newDb}.sqlite`);
        copyFileSync(healthy, db);
        apply(db);
        const before = readFileSync(db);
        const { code, stderr } = await serviceOn(db, newDb ? ["--new-db"] : []);
        expect(code).to.equal(2);
        const lines = stderr.trimEnd().split("\n");
        expect(lines, stderr).to.have.length(1);
        expect(lines[0]).to.include(db);
        expect(lines[0]).to.match(/damaged .*move it away and restore a backup/);
        expect(readFileSync(db).equals(before), "the file is left as it was").to.equal(true);
      });
    }
  }
});
