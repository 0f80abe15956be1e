// The TypeScript catalogue against the shipped reference receiver, on Hardhat's in-process network.
import assert from "node:assert/strict";
import { test } from "node:test";
import { assertConformance, attestedReceiverAdapter, runEvmConformance } from "attestkit/testing";
import { network } from "hardhat";
import { custom } from "viem";

test("AttestedReceiver passes the conformance catalogue", async () => {
  const connection = await network.create();
  const report = await runEvmConformance({
    transport: custom(connection.provider),
    adapter: attestedReceiverAdapter(),
    reportDir: "reports",
    strict: true,
  });
  assertConformance(report);
  assert.equal(report.failed, 0);
  await connection.close();
});
