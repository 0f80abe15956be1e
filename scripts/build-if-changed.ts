// Compiles the contracts the devnet deploys (the shipped ones: scripts/package/shipped-contracts.ts),
// skipped when its inputs (the contracts, the Hardhat config and the lockfile that pins the compiler
// and OpenZeppelin) hash to what the last build here recorded. Loading Hardhat only to learn that
// nothing changed costs about 1.2 s of every `npm start`.
//   node scripts/build-if-changed.ts
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { filesUnder, inputsHash } from "./package/inputs-hash.ts";
import { buildShippedContracts, REPO } from "./package/shipped-contracts.ts";

/** Measured by bench/demo-cold.bench.ts on an idle 2-core machine. */
const FIRST_RUN = "under 30 s on a first run";
const STAMP = join(REPO, "artifacts", ".inputs-sha256");

const current = inputsHash(REPO, [
  ...filesUnder(join(REPO, "contracts"), (name) => name.endsWith(".sol")),
  join(REPO, "hardhat.config.ts"),
  join(REPO, "package-lock.json"),
]);
if (!existsSync(STAMP) || readFileSync(STAMP, "utf8") !== current) {
  console.log(`Compiling the contracts the devnet deploys with solc-js (${FIRST_RUN}; later runs skip this)`);
  await buildShippedContracts();
  writeFileSync(STAMP, current);
}
