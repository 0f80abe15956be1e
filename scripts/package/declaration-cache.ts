// The package's declarations (scripts/package/declarations.ts) kept from the last emit whose inputs hash
// alike: tsc's declaration emit is most of a pack's CPU time (about 9 s of its 12 on this 2-core machine),
// and a pack of sources that did not change needs none of it. The cache holds the emitted files byte for
// byte, so a pack from the cache is identical to one from a fresh clone (bench/pack.bench.ts packs both).
import { cpSync, existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { filesUnder, inputsHash } from "./inputs-hash.ts";

/** Under the repository, ignored by git (Hardhat keeps its compile cache beside it). */
export const DECLARATION_CACHE = join("cache", "package-declarations");
const STAMP = "inputs-sha256";
const FILES = "files";

/** Writes `dist`'s declaration files; returns them relative to `dist`. */
export type DeclarationEmit = (repo: string, dist: string) => string[] | Promise<string[]>;

/**
 * What the emit reads that a change can alter: the sources, the compiler options, the manifest (its module
 * type and subpath imports steer resolution), the lockfile (the dependencies' types and TypeScript itself)
 * and the emit's own code.
 */
export function declarationInputs(repo: string): string[] {
  return [
    ...filesUnder(join(repo, "src")),
    join(repo, "tsconfig.json"),
    join(repo, "package.json"),
    join(repo, "package-lock.json"),
    fileURLToPath(new URL("./declarations.ts", import.meta.url)),
    fileURLToPath(new URL("./entries.ts", import.meta.url)),
  ];
}

/** tsc's emit, loaded only when the cache misses (TypeScript alone takes a quarter second to load). */
const emitWithTsc: DeclarationEmit = async (repo, dist) =>
  (await import("./declarations.ts")).emitDeclarations(repo, dist);

/**
 * Fills `dist` with the declarations: copied from the cache when the inputs hash to its stamp, else
 * emitted and then cached (stamp written last, into a fresh folder that replaces the old one, so an
 * interrupted emit never leaves a stamp over partial files).
 */
export async function writeDeclarations(
  repo: string,
  dist: string,
  emit: DeclarationEmit = emitWithTsc,
): Promise<"cached" | "emitted"> {
  const cache = join(repo, DECLARATION_CACHE);
  const key = inputsHash(repo, declarationInputs(repo));
  const stamp = join(cache, STAMP);
  if (existsSync(stamp) && readFileSync(stamp, "utf8") === key) {
    cpSync(join(cache, FILES), dist, { recursive: true });
    return "cached";
  }
  const written = await emit(repo, dist);
  const fresh = `${cache}.${process.pid}`;
  rmSync(fresh, { recursive: true, force: true });
  for (const file of written) {
    mkdirSync(dirname(join(fresh, FILES, file)), { recursive: true });
    cpSync(join(dist, file), join(fresh, FILES, file));
  }
  writeFileSync(join(fresh, STAMP), key);
  rmSync(cache, { recursive: true, force: true });
  renameSync(fresh, cache);
  return "emitted";
}
