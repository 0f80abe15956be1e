// What a build step read, as one content hash: a step whose inputs hash to what its last run recorded skips
// its work (scripts/build-if-changed.ts for the contracts, scripts/package/declaration-cache.ts for the
// package's declarations).
import { createHash } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";

/** Every file under `dir` (recursively) whose name `accept`s, as absolute paths. */
export function filesUnder(dir: string, accept: (name: string) => boolean = () => true): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && accept(entry.name))
    .map((entry) => join(entry.parentPath, entry.name));
}

/** sha256 over each file's path relative to `root` and its bytes, in path order: a rename changes it too. */
export function inputsHash(root: string, files: readonly string[]): string {
  const hash = createHash("sha256");
  for (const file of [...files].sort())
    hash
      .update(`${relative(root, file)}\0`)
      .update(readFileSync(file))
      .update("\0");
  return hash.digest("hex");
}
