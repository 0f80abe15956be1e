// Compiles the contracts the devnet deploys (the shipped ones: scripts/package/shipped-contracts.ts),
// skipped when its inputs (the contracts, the Hardhat config and the lockfile that pins the compiler
// and OpenZeppelin) hash to what the last build here recorded. Loading Hardhat only to learn that
// nothing changed costs about 1.2 s of every `npm start`.
//   node scripts/build-if-changed.ts
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";
import { buildShippedContracts, REPO } from "./package/shipped-contracts.ts";

/** Measured by bench/demo-cold.bench.ts on an idle 2-core machine. */
const FIRST_RUN = "under 30 s on a first run";
const STAMP = join(REPO, "artifacts", ".inputs-sha256");

function solidityFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith(".sol"))
    .map((entry) => join(entry.parentPath, entry.name));
}

function inputsHash(): string {
  const files = [
    ...solidityFiles(join(REPO, "contracts")),
    join(REPO, "hardhat.config.ts"),
    join(REPO, "package-lock.json"),
  ].sort();
  const hash = createHash("sha256");
  for (const file of files)
    hash
      .update(`${relative(REPO, file)}\0`)
      .update(readFileSync(file))
      .update("\0");
  return hash.digest("hex");
}

const current = inputsHash();
if (!existsSync(STAMP) || readFileSync(STAMP, "utf8") !== current) {
  console.log(`Compiling the contracts the devnet deploys with solc-js (${FIRST_RUN}; later runs skip this)`);
  await buildShippedContracts();
  writeFileSync(STAMP, current);
}
