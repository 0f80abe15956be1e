// The TypeScript order catalogue against the shipped OrderGatedDepositor, on Hardhat's in-process network.
import assert from "node:assert/strict";
import { test } from "node:test";
import { assertConformance, orderGatedDepositorAdapter, runEvmOrderConformance } from "attestkit/testing";
import { network } from "hardhat";
import { custom } from "viem";

test("OrderGatedDepositor passes the order conformance catalogue", async () => {
  const connection = await network.create();
  const report = await runEvmOrderConformance({
    transport: custom(connection.provider),
    adapter: orderGatedDepositorAdapter(),
    reportDir: "reports",
    strict: true,
  });
  assertConformance(report);
  assert.equal(report.failed, 0);
  await connection.close();
});
