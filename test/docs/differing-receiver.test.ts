/**
 * The guide's worked adapter for a receiver whose API differs from the reference
 * (docs/examples/conformance/ShopCheckout.sol and shop-checkout-adapter.ts): the order catalogue passes
 * against it in strict mode with its 10-minute deadline window declared, and a copy of it with one check
 * removed fails on the property named for that check. The Solidity form of the adapter
 * (ShopCheckout.t.sol) compiles here against the shipped testing contracts; the outsider package suites
 * run it under Hardhat 3 and forge.
 */
import "../conformance/svm-attestkit-resolve.ts";
import { readFileSync } from "node:fs";
import { expect } from "chai";
import { network } from "hardhat";
import { custom } from "viem";
import { runEvmOrderConformance } from "../../src/testing/index.ts";
import { compileSoliditySource, compileSoliditySources } from "./compile-example.ts";

const { shopCheckoutAdapter } = await import("../../docs/examples/conformance/shop-checkout-adapter.ts");
const SOURCE = readFileSync(
  new URL("../../docs/examples/conformance/ShopCheckout.sol", import.meta.url),
  "utf8",
);

async function run(source: string) {
  const connection = await network.create();
  try {
    const artifact = compileSoliditySource("ShopCheckout.sol", source, "ShopCheckout");
    return await runEvmOrderConformance({
      transport: custom(connection.provider),
      adapter: shopCheckoutAdapter(artifact),
      strict: true,
    });
  } finally {
    await connection.close();
  }
}

/** The sample with `check` removed; fails the test setup when the line is not in the sample. */
function without(check: string): string {
  expect(SOURCE, `setup: ${check.trim()} is in the sample`).to.include(check);
  return SOURCE.replace(check, "");
}

describe("docs: the worked adapter for a receiver with its own API", function () {
  this.timeout(600_000);

  it("ShopCheckout passes the order catalogue in strict mode: its window declared, its errors classified", async () => {
    const report = await run(SOURCE);
    expect(report.results.filter((r) => r.status === "fail")).to.deep.equal([]);
    expect(report.results.find((r) => r.id === "order.deadline.maxWindow")?.status).to.equal("pass");
    const notApplicable = report.results.filter((r) => r.status === "not-applicable").map((r) => r.id);
    expect(notApplicable).to.have.members([
      "order.pay.token",
      "order.token.noReturn",
      "order.token.feeOnTransfer",
      "order.token.rebasing",
      "order.token.shares",
      "order.calls.ownerAllows",
      "order.replay.acrossDepositors",
      "order.replay.token",
      "order.deposit.record",
      "order.rotation.grace",
      "order.rotation.zeroGrace",
      "order.rotation.graceCap",
      "order.admin.rotateByStranger",
      "order.admin.whitelistByStranger",
      "order.admin.callsByStranger",
      "order.admin.ownershipByStranger",
    ]);
    // Its admin calls by a stranger are refused for the right reason (NotOwner, classified).
    for (const id of ["order.admin.pauseByStranger", "order.admin.invalidateByStranger"])
      expect(report.results.find((r) => r.id === id)?.status, id).to.equal("pass");
  });

  for (const [check, property, family] of [
    // Without its replay record every replay property fails, and nothing else.
    [
      "        if (settled[id]) revert AlreadySettled(id);\n",
      "order.replay.sameSignature",
      /^order\.replay\./,
    ],
    [
      "        if (order.output.deadline > block.timestamp + maxWindow) {\n            revert DeadlineTooFar(order.output.deadline, block.timestamp + maxWindow);\n        }\n",
      "order.deadline.maxWindow",
      /^order\.deadline\.maxWindow$/,
    ],
    [
      "        if (cancelled[id]) revert Cancelled(id);\n",
      "order.invalidation.refused",
      /^order\.invalidation\.refused$/,
    ],
  ] as const) {
    it(`a copy without its ${property} check fails on ${property}`, async () => {
      const report = await run(without(check));
      const failed = report.results.filter((r) => r.status === "fail").map((r) => r.id);
      expect(failed).to.include(property);
      expect(
        failed.filter((id) => !family.test(id)),
        "failures outside the check's own properties",
      ).to.deep.equal([]);
    });
  }

  it("the Solidity adapter ShopCheckout.t.sol compiles against the shipped conformance base", () => {
    const test = readFileSync(
      new URL("../../docs/examples/conformance/ShopCheckout.t.sol", import.meta.url),
      "utf8",
    );
    const { abi } = compileSoliditySources(
      { "src/ShopCheckout.sol": SOURCE, "test/ShopCheckout.t.sol": test },
      "test/ShopCheckout.t.sol",
      "ShopCheckoutConformanceTest",
    );
    const functions = abi.filter((item) => item.type === "function").map((item) => item.name);
    expect(functions).to.include.members([
      "setUp",
      "test_order_deadline_maxWindow",
      "test_order_invalidation_refused",
    ]);
  });
});
