// The TypeScript order catalogue against the project's own ShopCheckout (compiled by `npx hardhat build`),
// through its adapter, on Hardhat's in-process network; strict, so every property is tested or named.
import assert from "node:assert/strict";
import { test } from "node:test";
import { assertConformance, runEvmOrderConformance } from "attestkit/testing";
import hre from "hardhat";
import { custom, type Hex } from "viem";
import { shopCheckoutAdapter } from "./shop-checkout-adapter.ts";

test("ShopCheckout passes the order conformance catalogue", async () => {
  const { abi, bytecode } = await hre.artifacts.readArtifact("ShopCheckout");
  const connection = await hre.network.create();
  const report = await runEvmOrderConformance({
    transport: custom(connection.provider),
    adapter: shopCheckoutAdapter({ abi, bytecode: bytecode as Hex }),
    reportDir: "reports",
    strict: true,
  });
  assertConformance(report);
  assert.equal(report.failed, 0);
  await connection.close();
});
