// The installed tarball in plain Node, ESM and CommonJS, on the machine's Node and on Node 24:
// a shared vector verifies, and the same vector with another solver does not.
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { expect } from "chai";
import {
  NODE_24,
  NODE_SYSTEM,
  REPO_ROOT,
  run,
  sharedLibraryConsumer,
} from "../../../scripts/package/consumer.ts";

const VECTORS = join(REPO_ROOT, "test/vectors/attestation.json");

// Prints "<verified with the signer> <verified with another solver>" for the first vector.
const body = (load: string) => `${load}
const { vectors } = JSON.parse(readFileSync(${JSON.stringify(VECTORS)}, "utf8"));
const [v] = vectors;
const attestation = { requestId: v.requestId, requestData: v.requestData, signature: v.signature };
const other = "0x" + "11".repeat(20);
main();
async function main() {
  const good = await verifyAttestation({ ...attestation, solver: v.signer });
  const bad = await verifyAttestation({ ...attestation, solver: other });
  console.log(good, bad, typeof encodeAppBalanceFundingCalldata);
}
`;

const ESM = body(`import { readFileSync } from "node:fs";
import { verifyAttestation } from "attestkit";
import { encodeAppBalanceFundingCalldata } from "attestkit/funding";`);
const CJS = body(`const { readFileSync } = require("node:fs");
const { verifyAttestation } = require("attestkit");
const { encodeAppBalanceFundingCalldata } = require("attestkit/funding");`);

describe("package: plain Node ESM and CommonJS", function () {
  this.timeout(900_000);
  let dir: string;

  before(async () => {
    ({ dir } = await sharedLibraryConsumer());
    writeFileSync(join(dir, "verify.mjs"), ESM);
    writeFileSync(join(dir, "verify.cjs"), CJS);
  });

  for (const [label, node] of [
    ["machine Node", NODE_SYSTEM],
    ["Node 24", NODE_24],
  ] as const) {
    for (const file of ["verify.mjs", "verify.cjs"]) {
      it(`${file} verifies a vector on the ${label}`, async () => {
        const { stdout } = await run(node, [file], { cwd: dir });
        expect(stdout.trim()).to.equal("true false function");
      });
    }
  }

  it("the machine Node is an older major than 24 (both runtimes are really exercised)", async () => {
    const { stdout } = await run(NODE_SYSTEM, ["--version"], { cwd: dir });
    expect(Number(stdout.trim().slice(1).split(".")[0])).to.be.lessThan(24);
  });
});
