// A Foundry project that installs the tarball: `forge build && forge test` of the same consumer
// contract and test as the Hardhat project, with the shipped remappings. Offline, forge's compiler
// is a small wrapper around the npm solc package (solc-js) speaking --version and --standard-json.
import { chmodSync, copyFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { expect } from "chai";
import { createConsumer, repoVersion, run } from "../../../scripts/package/consumer.ts";
import { writeGateProject } from "../../../scripts/package/solidity-consumer.ts";

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

describe("package: Foundry consumer project", function () {
  this.timeout(1_800_000);

  it("forge build && forge test pass with the shipped remappings", async () => {
    const { dir } = await createConsumer("foundry", [repoVersion("solc"), "@foundry-rs/forge@1.7.1"]);
    writeFileSync(join(dir, "solc.cjs"), SOLC_WRAPPER);
    chmodSync(join(dir, "solc.cjs"), 0o755);
    writeFileSync(join(dir, "foundry.toml"), FOUNDRY_TOML);
    copyFileSync(join(dir, "node_modules/attestkit/remappings.txt"), join(dir, "remappings.txt"));
    writeGateProject(dir);
    const built = await run(join(dir, "node_modules/.bin/forge"), ["build"], { cwd: dir });
    expect(built.stdout).to.match(/Compiler run successful/);
    const tested = await run(join(dir, "node_modules/.bin/forge"), ["test"], { cwd: dir });
    expect(tested.stdout).to.match(/\[PASS\] test_SharedVectorVerifies\(\)/);
    expect(tested.stdout).to.match(/\[PASS\] test_OtherSolverIsRefused\(\)/);
    expect(tested.stdout).to.match(/2 tests passed, 0 failed/);
  });
});
