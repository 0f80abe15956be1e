// Derives the codama IDL of the attested receiver (programs/idl/attested_receiver.codama.json)
// from its Anchor IDL (programs/idl/attested_receiver.json) with @codama/nodes-from-anchor. Both
// are checked against the Rust interface crate by programs/receiver-interface/tests/idl.rs.
// With --check, fails when the committed codama IDL differs from a fresh derivation.
import { readFileSync, writeFileSync } from "node:fs";
import { type AnchorIdl, rootNodeFromAnchor } from "@codama/nodes-from-anchor";

const anchorPath = new URL("../../programs/idl/attested_receiver.json", import.meta.url);
const target = new URL("../../programs/idl/attested_receiver.codama.json", import.meta.url);
const NAME = "programs/idl/attested_receiver.codama.json";

const root = rootNodeFromAnchor(JSON.parse(readFileSync(anchorPath, "utf8")) as AnchorIdl);
const text = `${JSON.stringify(root, null, 2)}\n`;

if (process.argv.includes("--check")) {
  let committed = "";
  try {
    committed = readFileSync(target, "utf8");
  } catch {}
  if (committed !== text) {
    console.error(`${NAME} is stale: run npm run codama`);
    process.exit(1);
  }
  console.log("codama IDL is up to date");
} else {
  writeFileSync(target, text);
  console.log(`wrote ${NAME}`);
}
