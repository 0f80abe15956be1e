// The package build's dist/ kept from the last build whose inputs hash alike: a pack of sources that did
// not change needs no tsup and no tsc, which are most of a pack's CPU time (bench/results/pack.json: 20 s of
// CPU from a fresh clone, 5.6 s from the cache, npm's own packing most of that). The cache holds dist/ byte
// for byte, so a pack from it is identical to one from a fresh clone (bench/pack.bench.ts packs both ways
// and compares the tarballs).
import { cpSync, existsSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { filesUnder, inputsHash } from "./inputs-hash.ts";

/** Under the repository, ignored by git (Hardhat keeps its compile cache beside it). */
export const BUILD_CACHE = join("cache", "package-build");
const STAMP = "inputs-sha256";
const DIST = "dist";

/**
 * What the build reads that a change can alter: the sources, the compiler options, the manifest (its module
 * type, subpath imports and dependencies steer resolution and what is bundled), the lockfile (the bundled
 * dependencies and the dependencies' types, tsup, esbuild and TypeScript themselves), tsup's configuration
 * and the build's own code.
 */
export function buildInputs(repo: string): string[] {
  return [
    ...filesUnder(join(repo, "src")),
    ...["tsconfig.json", "package.json", "package-lock.json", "tsup.config.ts"].map((file) =>
      join(repo, file),
    ),
    ...filesUnder(fileURLToPath(new URL(".", import.meta.url))),
  ];
}

/**
 * Fills `dist` (emptied first): copied from the cache when the inputs hash to its stamp, else by `build`
 * and then cached (into a fresh folder, stamped last, that replaces the old one, so a build that fails or
 * is cut short never leaves a stamp over partial files).
 */
export async function buildWithCache(
  repo: string,
  dist: string,
  build: () => Promise<void>,
): Promise<"cached" | "built"> {
  const cache = join(repo, BUILD_CACHE);
  const key = inputsHash(repo, buildInputs(repo));
  const stamp = join(cache, STAMP);
  rmSync(dist, { recursive: true, force: true });
  if (existsSync(stamp) && readFileSync(stamp, "utf8") === key) {
    cpSync(join(cache, DIST), dist, { recursive: true });
    return "cached";
  }
  await build();
  const fresh = `${cache}.${process.pid}`;
  rmSync(fresh, { recursive: true, force: true });
  cpSync(dist, join(fresh, DIST), { recursive: true });
  writeFileSync(join(fresh, STAMP), key);
  rmSync(cache, { recursive: true, force: true });
  renameSync(fresh, cache);
  return "built";
}
