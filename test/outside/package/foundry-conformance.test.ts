// A fresh Foundry project made of the docs' templates (docs/templates/) that installs the tarball and runs the conformance catalogues as the guide
// (docs/guides/test-your-receiver.md) shows: its own receivers (TipJarReceiver for attestations,
// OrderTipJar for orders) through the Solidity catalogues with `forge test`, and the same suite failing,
// by name, on a copy of the order receiver that forgot its replay check.
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { expect } from "chai";
import { createTemplateProject, REPO_ROOT, run } from "../../../scripts/package/consumer.ts";
import { writeFoundryProject } from "../../../scripts/package/foundry-project.ts";

const EXAMPLES = join(REPO_ROOT, "docs/examples/conformance");
const SAMPLES = {
  src: ["TipJarReceiver.sol", "OrderTipJar.sol", "ShopCheckout.sol"],
  test: ["TipJarReceiver.t.sol", "OrderTipJar.t.sol", "ShopCheckout.t.sol"],
};

describe("package: the conformance catalogues in a fresh Foundry project", function () {
  this.timeout(1_800_000);
  let dir: string;
  let forge: string;

  before(async () => {
    ({ dir } = await createTemplateProject("foundry-conformance"));
    forge = writeFoundryProject(dir);
    for (const folder of ["src", "test"] as const) {
      mkdirSync(join(dir, folder));
      for (const file of SAMPLES[folder]) copyFileSync(join(EXAMPLES, file), join(dir, folder, file));
    }
  });

  it("forge test: the three receivers pass (ShopCheckout through its own API), the properties they lack are skipped with their reasons", async () => {
    const { stdout } = await run(forge, ["test"], { cwd: dir });
    expect(stdout).to.match(/\[PASS\] test_replay_compactForm\(\)/);
    expect(stdout).to.match(/\[PASS\] testFuzz_payer_binding\(address\) \(runs: 256/);
    expect(stdout).to.match(/\[PASS\] test_order_replay_sameSignature\(\)/);
    expect(stdout).to.match(/\[PASS\] testFuzz_order_binding_anyField\(uint8,uint256\) \(runs: 256/);
    expect(stdout).to.match(/\[SKIP: rotation\.grace not applicable: hook rotateSolver not implemented\]/);
    expect(stdout).to.match(/\[SKIP: order\.replay\.acrossDepositors not applicable: opt-in \(/);
    // TipJarReceiver: 16 skipped (declared, and the admin and rotation hooks it lacks); OrderTipJar: 18;
    // ShopCheckout (strict, API of its own): 16, each named with its reason.
    expect(stdout).to.match(/33 passed; 0 failed; 16 skipped/);
    expect(stdout).to.match(/34 passed; 0 failed; 18 skipped/);
    expect(stdout).to.match(/36 passed; 0 failed; 16 skipped/);
    expect(stdout).to.match(/\[PASS\] test_order_admin_pauseByStranger\(\)/);
    expect(stdout).to.match(/\[SKIP: order\.token\.shares not applicable: native payments only\]/);
    expect(stdout).to.not.match(/\[FAIL/);
  });

  it("forge test fails on an order receiver without its replay check, naming the property", async () => {
    const path = join(dir, "src/OrderTipJar.sol");
    const source = readFileSync(path, "utf8");
    const mutated = source.replace('        if (paid[id]) revert Refused("replay");\n', "");
    expect(mutated, "setup: the replay check was removed").to.not.equal(source);
    writeFileSync(path, mutated);
    try {
      const failure = await run(forge, ["test", "--match-contract", "OrderTipJar"], { cwd: dir }).then(
        () => undefined,
        (error: Error) => error.message,
      );
      expect(failure, "forge test passed on the broken receiver").to.be.a("string");
      expect(failure).to.match(/\[FAIL: \[order\.replay\.sameSignature\] the attack was accepted\]/);
    } finally {
      writeFileSync(path, source);
    }
  });
});
