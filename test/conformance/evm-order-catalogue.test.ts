// The TypeScript EVM order catalogue against the reference OrderGatedDepositor on Hardhat's in-process network.
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect } from "chai";
import { network } from "hardhat";
import { custom, type Hex, parseAbi } from "viem";
import {
  EVM_ORDER_PROPERTIES,
  orderGatedDepositorAdapter,
  runEvmOrderConformance,
} from "../../src/testing/index.ts";
import { compileReceiver, mutantSources, WINDOWED_DEPOSITOR_TARGET } from "../mutants/compile-mutant.ts";

/** A depositor refusing output deadlines more than ten minutes ahead (test/conformance/WindowedOrderDepositor.sol). */
function windowedAdapter(bytecode: Hex, name: string) {
  return orderGatedDepositorAdapter({
    bytecode,
    name,
    deadlineWindow: 600,
    expectedErrors: { "order.deadline.maxWindow": "DeadlineTooFar" },
    errorAbi: parseAbi(["error DeadlineTooFar(uint32 deadline, uint256 latestAllowed)"]),
  });
}

async function runWindowed(bytecode: Hex, name: string) {
  const connection = await network.create();
  try {
    return await runEvmOrderConformance({
      transport: custom(connection.provider),
      adapter: windowedAdapter(bytecode, name),
      print: false,
    });
  } finally {
    await connection.close();
  }
}

describe("conformance (TypeScript, EVM orders): the reference OrderGatedDepositor", function () {
  this.timeout(300_000);

  it("passes every applicable property and reports the reference's design choices as not applicable", async () => {
    const connection = await network.create();
    const reportDir = mkdtempSync(join(tmpdir(), "attestkit-order-conformance-"));
    const report = await runEvmOrderConformance({
      transport: custom(connection.provider),
      adapter: orderGatedDepositorAdapter(),
      reportDir,
    });
    await connection.close();
    const failed = report.results.filter((r) => r.status === "fail");
    expect(failed, JSON.stringify(failed, null, 2)).to.deep.equal([]);
    expect(report.results.map((r) => r.id)).to.deep.equal(EVM_ORDER_PROPERTIES.map((p) => p.id));
    const na = report.results.filter((r) => r.status === "not-applicable").map((r) => r.id);
    expect(na).to.have.members(["order.replay.acrossDepositors", "order.deadline.maxWindow"]);
    expect(report.passed).to.equal(EVM_ORDER_PROPERTIES.length - 2);
    const written = JSON.parse(readFileSync(join(reportDir, "conformance-evm-orders.json"), "utf8"));
    expect(written.passed).to.equal(report.passed);
    expect(existsSync(join(reportDir, "conformance-evm-orders.junit.xml"))).to.equal(true);
    rmSync(reportDir, { recursive: true, force: true });
  });

  it("a receiver without the reference's typed errors is still held to every refusal (strictErrors false)", async () => {
    const connection = await network.create();
    const report = await runEvmOrderConformance({
      transport: custom(connection.provider),
      adapter: orderGatedDepositorAdapter({ strictErrors: false }),
      only: ["order.replay.sameSignature", "order.token.feeOnTransfer"],
      print: false,
    });
    await connection.close();
    expect(report.results.map((r) => [r.id, r.status])).to.deep.equal([
      ["order.replay.sameSignature", "pass"],
      ["order.token.feeOnTransfer", "pass"],
    ]);
  });

  it("a receiver with a ten-minute deadline window passes every property, the window itself included", async () => {
    const report = await runWindowed(
      compileReceiver(mutantSources(undefined, WINDOWED_DEPOSITOR_TARGET), WINDOWED_DEPOSITOR_TARGET),
      "windowed",
    );
    const failed = report.results.filter((r) => r.status === "fail");
    expect(failed, JSON.stringify(failed, null, 2)).to.deep.equal([]);
    const na = report.results.filter((r) => r.status === "not-applicable").map((r) => r.id);
    expect(na).to.deep.equal(["order.replay.acrossDepositors"]);
  });

  it("the same receiver with its window check removed fails order.deadline.maxWindow and nothing else", async () => {
    const sources = mutantSources(
      {
        name: "no deadline window",
        property: "order.deadline.maxWindow",
        file: "test/conformance/WindowedOrderDepositor.sol",
        find: "if (order.output.deadline > block.timestamp + DEADLINE_WINDOW) {",
        replace: "if (false) {",
      },
      WINDOWED_DEPOSITOR_TARGET,
    );
    const report = await runWindowed(compileReceiver(sources, WINDOWED_DEPOSITOR_TARGET), "windowless");
    const failed = report.results.filter((r) => r.status === "fail").map((r) => r.id);
    expect(failed).to.deep.equal(["order.deadline.maxWindow"]);
  });
});
