// A Hardhat 3 project made of the docs' templates (docs/templates/) that installs the tarball: its own contract imports
// attestkit/contracts/RequestAttestation.sol (resolved through the package's exports) and its own
// Solidity test verifies a shared vector onchain; it deploys AttestedReceiver with the shipped
// Ignition module and a parameters file.
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { expect } from "chai";
import { createTemplateProject, REPO_ROOT, run } from "../../../scripts/package/consumer.ts";
import { writeGateProject } from "../../../scripts/package/solidity-consumer.ts";

describe("package: Hardhat 3 consumer project", function () {
  this.timeout(1_800_000);
  let dir: string;

  before(async () => {
    ({ dir } = await createTemplateProject("hardhat"));
    writeGateProject(dir);
  });

  it("its own contract imports the shipped RequestAttestation.sol and its Solidity test verifies a vector", async () => {
    const { stdout } = await run(join(dir, "node_modules/.bin/hardhat"), ["test", "solidity"], { cwd: dir });
    expect(stdout).to.match(/test_SharedVectorVerifies/);
    expect(stdout).to.match(/test_OtherSolverIsRefused/);
    expect(stdout).to.match(/2 passing/);
  });

  it("deploys AttestedReceiver with the shipped Ignition module and a parameters file", async () => {
    const { vectors } = JSON.parse(readFileSync(join(REPO_ROOT, "test/vectors/attestation.json"), "utf8"));
    const solver: string = vectors[0].signer;
    mkdirSync(join(dir, "ignition/modules"), { recursive: true });
    writeFileSync(
      join(dir, "ignition/modules/Receiver.js"),
      `export { default } from "attestkit/ignition";\n`,
    );
    writeFileSync(
      join(dir, "ignition/parameters.json"),
      JSON.stringify({ AttestedReceiver: { solver, maxDeadlineWindow: 1800, whitelist: [] } }),
    );
    const { stdout } = await run(
      join(dir, "node_modules/.bin/hardhat"),
      ["ignition", "deploy", "ignition/modules/Receiver.js", "--parameters", "ignition/parameters.json"],
      { cwd: dir },
    );
    expect(stdout).to.match(/AttestedReceiver#AttestedReceiver - 0x[0-9a-fA-F]{40}/);
  });
});
