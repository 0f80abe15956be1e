/** Writes a generated docs page, or with `--check` fails when the committed page differs. */
import { readFileSync, writeFileSync } from "node:fs";
import { relative, resolve } from "node:path";

const ROOT = resolve(import.meta.dirname, "..", "..");

export function writeOrCheckPage(
  path: string,
  content: string,
  argv: readonly string[] = process.argv,
): void {
  const name = relative(ROOT, path);
  if (!argv.includes("--check")) {
    writeFileSync(path, content);
    console.log(`${name} written`);
    return;
  }
  let committed = "";
  try {
    committed = readFileSync(path, "utf8");
  } catch {
    // a missing page is stale
  }
  if (committed !== content) {
    console.error(`${name} is out of date: run npm run docs:reference`);
    process.exit(1);
  }
  console.log(`${name} up to date`);
}
