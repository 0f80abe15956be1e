// Builds the SVM reference program, optionally with one mutant's patches, from a copy of programs/
// in the OS temp folder with the project's SBF build script. The copy keeps one path and one cargo
// target folder for every mutant, so only the patched crates recompile; finished builds are cached by
// the hash of the patched sources, so reruns skip the compiler.
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, relative } from "node:path";
import type { SvmMutant } from "./svm-mutants.ts";

const PROGRAMS = "programs";
const ROOT = join(tmpdir(), "attestkit-svm-mutants");
const WORKSPACE = join(ROOT, "workspace");
const SKIPPED = new Set(["target", "deploy"]);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (dir === PROGRAMS && SKIPPED.has(name)) return [];
    return statSync(path).isDirectory() ? sourceFiles(path) : [path];
  });
}

/** The sources of programs/ (relative path to text) with `mutant`'s patches applied. */
export function svmMutantSources(mutant?: SvmMutant): Map<string, string> {
  const sources = new Map(
    sourceFiles(PROGRAMS).map((path) => [relative(PROGRAMS, path), readFileSync(path, "utf8")]),
  );
  for (const patch of mutant?.patches ?? []) {
    const text = sources.get(patch.file);
    if (text === undefined) throw new Error(`mutant "${mutant?.name}": no file ${patch.file}`);
    const count = text.split(patch.find).length - 1;
    if (count !== 1)
      throw new Error(`mutant "${mutant?.name}": patch text found ${count} times in ${patch.file}`);
    sources.set(patch.file, text.replace(patch.find, patch.replace));
  }
  return sources;
}

/** Writes only the files whose text differs, so cargo rebuilds only the crates a patch touched. */
function syncWorkspace(sources: Map<string, string>): void {
  for (const [path, text] of sources) {
    const target = join(WORKSPACE, path);
    if (existsSync(target) && readFileSync(target, "utf8") === text) continue;
    mkdirSync(dirname(target), { recursive: true });
    writeFileSync(target, text);
  }
}

/** The `program` `.so` (attested-receiver by default) built from `sources`, and whether it came from the cache. */
export function buildSvmMutant(
  sources: Map<string, string>,
  program = "attested-receiver",
): { elf: Uint8Array; cached: boolean } {
  const hash = createHash("sha256").update(program);
  for (const [path, text] of [...sources].sort(([a], [b]) => a.localeCompare(b)))
    hash.update(path).update(text);
  const cached = join(ROOT, "cache", `${hash.digest("hex")}.so`);
  if (existsSync(cached)) return { elf: readFileSync(cached), cached: true };
  syncWorkspace(sources);
  const out = join(ROOT, "out");
  execFileSync(
    "nice",
    [
      "-n",
      "10",
      "bash",
      "scripts/svm/build-program.sh",
      program,
      "--programs-dir",
      WORKSPACE,
      "--out-dir",
      out,
      "--target-dir",
      join(ROOT, "target"),
    ],
    { stdio: ["ignore", "ignore", "pipe"] },
  );
  mkdirSync(dirname(cached), { recursive: true });
  copyFileSync(join(out, `${program}.so`), cached);
  return { elf: readFileSync(cached), cached: false };
}
