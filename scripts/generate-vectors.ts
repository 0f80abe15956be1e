// Writes test/vectors/*.json from a fixed seed; with --check, fails when the
// committed files differ from what the current code generates.
import { readFileSync, writeFileSync } from "node:fs";
import { addressVectors } from "./vectors/addresses.ts";
import { attestationVectors } from "./vectors/attestation.ts";
import { depositAddressVectors } from "./vectors/deposit-addresses.ts";
import { fundingVectors } from "./vectors/funding.ts";
import { protocolOrderVectors } from "./vectors/orders.ts";
import { protocolOrderV2Vectors } from "./vectors/orders-v2.ts";
import { createSeededBytes } from "./vectors/seeded.ts";
import { svmSizeVectors } from "./vectors/svm-sizes.ts";
import { testingSignatureVectors } from "./vectors/testing-signatures.ts";

const SEED = "attestkit-vectors-v1";
const bytes = createSeededBytes(SEED);
const files: Record<string, object> = {
  "attestation.json": await attestationVectors(bytes),
  "funding.json": fundingVectors(bytes),
  "addresses.json": addressVectors(bytes),
  "svm-sizes.json": svmSizeVectors(bytes),
  "protocol-orders.json": await protocolOrderVectors(bytes),
  "protocol-orders-v2.json": await protocolOrderV2Vectors(bytes),
  "testing-signatures.json": await testingSignatureVectors(bytes),
  "deposit-addresses.json": depositAddressVectors(bytes),
};

const check = process.argv.includes("--check");
let stale = 0;
for (const [name, content] of Object.entries(files)) {
  const path = new URL(`../test/vectors/${name}`, import.meta.url);
  const text = `${JSON.stringify({ seed: SEED, ...content }, null, 2)}\n`;
  if (!check) {
    writeFileSync(path, text);
    console.log(`wrote test/vectors/${name}`);
    continue;
  }
  let committed = "";
  try {
    committed = readFileSync(path, "utf8");
  } catch {}
  if (committed !== text) {
    console.error(`test/vectors/${name} is stale: run npm run vectors`);
    stale++;
  }
}
if (stale > 0) process.exit(1);
if (check) console.log("test vectors are up to date");
