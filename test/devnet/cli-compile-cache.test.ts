/**
 * `attestkit` turns Node's compile cache on before it loads any other module: the second start of
 * `attestkit devnet` takes the command line's own modules (here from source: their stripped TypeScript
 * and V8's code) from the cache, in the process re-executed with the devnet's flags too.
 */
import { execFile } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { expect } from "chai";

const SRC = new URL("../../src/", import.meta.url);
const CLI = fileURLToPath(new URL("cli.ts", SRC));

describe("attestkit: the compile cache", function () {
  this.timeout(60_000);

  it("a second start takes cli-commands.ts and node-flags.ts from the cache", async () => {
    // The default cache folder is under TMPDIR: one of this test's own.
    const dir = mkdtempSync(join(tmpdir(), "cli-compile-cache-"));
    const { NODE_COMPILE_CACHE: _set, ...inherited } = process.env;
    const env = { ...inherited, TMPDIR: dir, NODE_DEBUG_NATIVE: "COMPILE_CACHE" };
    try {
      const start = () => promisify(execFile)(process.execPath, [CLI, "devnet", "--help"], { env });
      await start();
      const { stderr } = await start();
      for (const module of ["cli-commands.ts", "devnet/node-flags.ts"]) {
        expect(stderr).to.contain(
          `retrieving transpile cache for StrippedTypeScript ${new URL(module, SRC).href}...success`,
        );
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
