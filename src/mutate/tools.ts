/**
 * The mutation tools, installed once into attestkit's cache folder at pinned versions: universalmutator
 * (PyPI) in its own Python virtual environment for Solidity, cargo-mutants (crates.io) for SVM programs.
 * Idempotent: a present tool of the pinned version is only checked.
 */
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { homedir } from "node:os";
import { join } from "node:path";
import { MutationRunError } from "./errors.ts";

export const UNIVERSALMUTATOR_VERSION = "1.14.1";
export const CARGO_MUTANTS_VERSION = "27.1.0";

/** `$ATTESTKIT_CACHE`, else `$XDG_CACHE_HOME/attestkit`, else `~/.cache/attestkit`. */
export function cacheDir(): string {
  return (
    process.env.ATTESTKIT_CACHE ?? join(process.env.XDG_CACHE_HOME ?? join(homedir(), ".cache"), "attestkit")
  );
}

function installOnce(dir: string, version: string, binary: string, install: () => void): string {
  const marker = join(dir, "installed-version");
  if (existsSync(binary) && existsSync(marker) && readFileSync(marker, "utf8") === version) return binary;
  mkdirSync(dir, { recursive: true });
  install();
  if (!existsSync(binary)) throw new MutationRunError(`installing into ${dir} did not produce ${binary}`);
  writeFileSync(marker, version);
  return binary;
}

function runInstaller(command: string, args: readonly string[], what: string): void {
  try {
    execFileSync(command, args, { stdio: ["ignore", "ignore", "pipe"] });
  } catch (error) {
    const stderr = String((error as { stderr?: Buffer }).stderr ?? "").trim();
    throw new MutationRunError(`could not install ${what} (${command} ${args.join(" ")}): ${stderr}`, {
      cause: error,
    });
  }
}

/** The `mutate` command of universalmutator, installed on first use (needs python3 with venv). */
export function universalMutator(): string {
  const dir = join(cacheDir(), `universalmutator-${UNIVERSALMUTATOR_VERSION}`);
  return installOnce(dir, UNIVERSALMUTATOR_VERSION, join(dir, "bin", "mutate"), () => {
    runInstaller("python3", ["-m", "venv", dir], "a Python virtual environment (python3 -m venv)");
    runInstaller(
      join(dir, "bin", "pip"),
      ["install", "--quiet", `universalmutator==${UNIVERSALMUTATOR_VERSION}`],
      `universalmutator ${UNIVERSALMUTATOR_VERSION} from PyPI`,
    );
  });
}

/** The `cargo-mutants` binary, installed on first use with `cargo install --locked` (takes minutes once). */
export function cargoMutants(): string {
  const dir = join(cacheDir(), `cargo-mutants-${CARGO_MUTANTS_VERSION}`);
  return installOnce(dir, CARGO_MUTANTS_VERSION, join(dir, "bin", "cargo-mutants"), () =>
    runInstaller(
      "cargo",
      ["install", "--locked", "--quiet", "--root", dir, "cargo-mutants", "--version", CARGO_MUTANTS_VERSION],
      `cargo-mutants ${CARGO_MUTANTS_VERSION} from crates.io`,
    ),
  );
}
