// A Foundry project made of the docs' templates (docs/templates/) that installs the tarball:
// `forge build && forge test` of the same consumer contract and test as the Hardhat project, with the
// shipped remappings. Offline, forge's compiler is the template's solc.cjs, a small wrapper around the npm
// solc package (solc-js) speaking --version and --standard-json.
import { expect } from "chai";
import { createTemplateProject, run } from "../../../scripts/package/consumer.ts";
import { writeFoundryProject } from "../../../scripts/package/foundry-project.ts";
import { writeGateProject } from "../../../scripts/package/solidity-consumer.ts";

describe("package: Foundry consumer project", function () {
  this.timeout(1_800_000);

  it("forge build && forge test pass with the shipped remappings", async () => {
    const { dir } = await createTemplateProject("foundry");
    const forge = writeFoundryProject(dir);
    writeGateProject(dir);
    const built = await run(forge, ["build"], { cwd: dir });
    expect(built.stdout).to.match(/Compiler run successful/);
    const tested = await run(forge, ["test"], { cwd: dir });
    expect(tested.stdout).to.match(/\[PASS\] test_SharedVectorVerifies\(\)/);
    expect(tested.stdout).to.match(/\[PASS\] test_OtherSolverIsRefused\(\)/);
    expect(tested.stdout).to.match(/2 tests passed, 0 failed/);
  });
});
