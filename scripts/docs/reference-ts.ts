/**
 * TypeScript API reference: TypeDoc with typedoc-plugin-markdown (settings in typedoc.json) renders
 * the package's entry points to docs/reference/ts/. `--check` renders to a temporary directory and
 * fails when any page differs from the committed one, so the reference cannot go stale.
 */
import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative, resolve } from "node:path";

const ROOT = resolve(import.meta.dirname, "..", "..");
const OUT = join(ROOT, "docs", "reference", "ts");
const TYPEDOC = join(ROOT, "node_modules", "typedoc", "bin", "typedoc");

function render(out: string): void {
  execFileSync(process.execPath, [TYPEDOC, "--out", out], { cwd: ROOT, stdio: "inherit" });
}

/** Every file under `dir`, as paths relative to it. */
function files(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? files(path).map((inner) => join(name, inner)) : [name];
  });
}

/** Paths that differ between two rendered trees (added, removed or changed). */
export function diffTrees(expected: string, actual: string): string[] {
  const names = new Set([...files(expected), ...files(actual)]);
  return [...names]
    .filter((name) => {
      const a = join(expected, name);
      const b = join(actual, name);
      return !existsSync(a) || !existsSync(b) || !readFileSync(a).equals(readFileSync(b));
    })
    .sort();
}

function main(): void {
  if (!process.argv.includes("--check")) {
    rmSync(OUT, { recursive: true, force: true });
    render(OUT);
    console.log(`reference/ts: ${files(OUT).length} pages written`);
    return;
  }
  const scratch = mkdtempSync(join(tmpdir(), "attestkit-typedoc-"));
  try {
    render(scratch);
    const stale = diffTrees(scratch, OUT);
    if (stale.length > 0) {
      for (const name of stale) console.error(`stale: ${relative(ROOT, join(OUT, name))}`);
      console.error("docs/reference/ts is out of date: run npm run docs:reference");
      process.exit(1);
    }
    console.log(`reference/ts: ${files(OUT).length} pages up to date`);
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

if (import.meta.main) main();
