// A Foundry project around an installed attestkit tarball, for the package suites and the conformance
// benchmark: forge from npm (@foundry-rs/forge), offline, compiling with a small wrapper around the npm
// solc package (solc-js) speaking --version and --standard-json, and the remappings attestkit ships.
import { chmodSync, copyFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

/** forge as npm installs it: the wrapper package and its linux-x64 binary. */
export const FORGE_PACKAGE = "@foundry-rs/forge@1.7.1";

const SOLC_WRAPPER = `#!/usr/bin/env node
// solc's command line as forge uses it, over solc-js.
const solc = require("solc");
if (process.argv.includes("--version")) {
  console.log("solc, the solidity compiler commandline interface");
  console.log("Version: " + solc.version());
} else if (process.argv.includes("--standard-json")) {
  const chunks = [];
  process.stdin.on("data", (chunk) => chunks.push(chunk));
  process.stdin.on("end", () => process.stdout.write(solc.compile(Buffer.concat(chunks).toString("utf8"))));
} else {
  console.error("solc wrapper: only --version and --standard-json");
  process.exit(2);
}
`;

const FOUNDRY_TOML = `[profile.default]
src = "src"
test = "test"
out = "out"
libs = ["node_modules"]
solc = "./solc.cjs"
offline = true
`;

/**
 * Writes foundry.toml, the solc wrapper and the shipped remappings into `dir` (where the tarball, solc
 * and forge are installed); returns the path of its forge binary.
 * The platform package's binary, not `node_modules/.bin/forge`: the npm wrapper of @foundry-rs/forge
 * 1.7.1 exits 0 even when tests fail.
 */
export function writeFoundryProject(dir: string): string {
  writeFileSync(join(dir, "solc.cjs"), SOLC_WRAPPER);
  chmodSync(join(dir, "solc.cjs"), 0o755);
  writeFileSync(join(dir, "foundry.toml"), FOUNDRY_TOML);
  copyFileSync(join(dir, "node_modules/attestkit/remappings.txt"), join(dir, "remappings.txt"));
  const arch = process.arch === "x64" ? "amd64" : process.arch;
  return join(dir, `node_modules/@foundry-rs/forge-${process.platform}-${arch}/bin/forge`);
}
