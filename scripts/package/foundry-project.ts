// A Foundry project around an installed attestkit tarball, for the package suites and the conformance
// benchmark: forge from npm (@foundry-rs/forge), offline, with the docs' templates as written
// (docs/templates/foundry.toml and solc.cjs, a wrapper around the npm solc package speaking --version and
// --standard-json) and the remappings attestkit ships.
import { chmodSync, copyFileSync } from "node:fs";
import { join } from "node:path";
import { TEMPLATES } from "./consumer.ts";

/** forge as npm installs it: the wrapper package and its linux-x64 binary. */
export const FORGE_PACKAGE = "@foundry-rs/forge@1.7.1";

/**
 * Copies foundry.toml and solc.cjs from docs/templates and the shipped remappings into `dir` (where the
 * tarball, solc and forge are installed); returns the path of its forge binary.
 * The platform package's binary, not `node_modules/.bin/forge`: the npm wrapper of @foundry-rs/forge
 * 1.7.1 exits 0 even when tests fail.
 */
export function writeFoundryProject(dir: string): string {
  copyFileSync(join(TEMPLATES, "solc.cjs"), join(dir, "solc.cjs"));
  chmodSync(join(dir, "solc.cjs"), 0o755);
  copyFileSync(join(TEMPLATES, "foundry.toml"), join(dir, "foundry.toml"));
  copyFileSync(join(dir, "node_modules/attestkit/remappings.txt"), join(dir, "remappings.txt"));
  const arch = process.arch === "x64" ? "amd64" : process.arch;
  return join(dir, `node_modules/@foundry-rs/forge-${process.platform}-${arch}/bin/forge`);
}
