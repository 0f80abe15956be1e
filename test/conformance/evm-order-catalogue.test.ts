// The TypeScript EVM order catalogue against the reference OrderGatedDepositor on Hardhat's in-process network.
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect } from "chai";
import { network } from "hardhat";
import { custom, type Hex, parseAbi } from "viem";
import {
  assertConformance,
  ConformanceFailedError,
  EVM_ORDER_PROPERTIES,
  orderGatedDepositorAdapter,
  runEvmOrderConformance,
} from "../../src/testing/index.ts";
import { compileReceiver, mutantSources, WINDOWED_DEPOSITOR_TARGET } from "../mutants/compile-mutant.ts";

const WINDOW_ERROR_ABI = parseAbi(["error DeadlineTooFar(uint32 deadline, uint256 latestAllowed)"]);

/** A depositor refusing output deadlines more than ten minutes ahead (test/conformance/WindowedOrderDepositor.sol). */
function windowedAdapter(bytecode: Hex, name: string) {
  return orderGatedDepositorAdapter({
    bytecode,
    name,
    deadlineWindow: 600,
    expectedErrors: { "order.deadline.maxWindow": "DeadlineTooFar" },
    errorAbi: WINDOW_ERROR_ABI,
    refusalClasses: { DeadlineTooFar: "deadline" },
  });
}

const OPT_IN_REASON =
  "opt-in (needs one replay record shared by every contract of the solver); name it in the adapter's optIn to run it";

async function runWindowed(bytecode: Hex, name: string) {
  const connection = await network.create();
  try {
    return await runEvmOrderConformance({
      transport: custom(connection.provider),
      adapter: windowedAdapter(bytecode, name),
      print: false,
      strict: true,
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
      strict: true,
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

  it("strict mode fails a property that is not applicable only because a hook was left out", async () => {
    const { pauseCall: _pause, invalidateCall: _invalidate, ...withoutAdmin } = orderGatedDepositorAdapter();
    const only = ["order.pause.refused", "order.invalidation.refused", "order.replay.acrossDepositors"];
    const run = async (strict: boolean) => {
      const connection = await network.create();
      try {
        return await runEvmOrderConformance({
          transport: custom(connection.provider),
          adapter: withoutAdmin,
          only,
          print: false,
          strict,
        });
      } finally {
        await connection.close();
      }
    };
    const lenient = await run(false);
    expect(lenient.results.map((r) => [r.id, r.status, r.reason])).to.deep.equal([
      ["order.replay.acrossDepositors", "not-applicable", OPT_IN_REASON],
      ["order.invalidation.refused", "not-applicable", "adapter has no invalidateCall"],
      ["order.pause.refused", "not-applicable", "adapter has no pauseCall"],
    ]);
    const strict = await run(true);
    expect(strict.results.map((r) => [r.id, r.status])).to.deep.equal([
      ["order.replay.acrossDepositors", "not-applicable"],
      ["order.invalidation.refused", "fail"],
      ["order.pause.refused", "fail"],
    ]);
    expect(strict.results[2]?.reason).to.match(
      /^strict mode: not applicable only because the adapter has no pauseCall/,
    );
    expect(() => assertConformance(strict)).to.throw(ConformanceFailedError);
  });

  it("strict mode fails the rotation, stranger and deposit-record properties when their hooks are left out", async () => {
    const {
      rotateSolverCall: _rotate,
      whitelistCall: _whitelist,
      transferOwnershipCall: _ownership,
      deposits: _deposits,
      ...withoutHooks
    } = orderGatedDepositorAdapter();
    const only = [
      "order.deposit.record",
      "order.rotation.grace",
      "order.admin.rotateByStranger",
      "order.admin.whitelistByStranger",
      "order.admin.ownershipByStranger",
    ];
    const connection = await network.create();
    try {
      const report = await runEvmOrderConformance({
        transport: custom(connection.provider),
        adapter: withoutHooks,
        only,
        print: false,
        strict: true,
      });
      expect(report.results.map((r) => [r.id, r.status])).to.deep.equal(only.map((id) => [id, "fail"]));
      expect(report.results.map((r) => r.reason?.match(/adapter has no (\w+)/)?.[1])).to.deep.equal([
        "deposits",
        "rotateSolverCall",
        "rotateSolverCall",
        "whitelistCall",
        "transferOwnershipCall",
      ]);
    } finally {
      await connection.close();
    }
  });

  it("order.replay.acrossDepositors is opt-in: named in optIn it runs, and a contract with its own replay record fails it", async () => {
    const connection = await network.create();
    const report = await runEvmOrderConformance({
      transport: custom(connection.provider),
      adapter: { ...orderGatedDepositorAdapter(), optIn: ["order.replay.acrossDepositors"] },
      only: ["order.replay.acrossDepositors"],
      print: false,
      strict: true,
    });
    await connection.close();
    expect(report.results.map((r) => [r.id, r.status, r.reason])).to.deep.equal([
      ["order.replay.acrossDepositors", "fail", "the attack was accepted"],
    ]);
  });

  it("a refusal of another class fails the property: an undeclared ten-minute window refuses attacks for its own reason", async () => {
    const connection = await network.create();
    const report = await runEvmOrderConformance({
      transport: custom(connection.provider),
      adapter: orderGatedDepositorAdapter({
        bytecode: compileReceiver(
          mutantSources(undefined, WINDOWED_DEPOSITOR_TARGET),
          WINDOWED_DEPOSITOR_TARGET,
        ),
        // The window is not declared, and exact error names are not required: only the classes judge.
        strictErrors: false,
        errorAbi: WINDOW_ERROR_ABI,
        refusalClasses: { DeadlineTooFar: "deadline" },
      }),
      only: ["order.signature.v", "order.whitelist.recipient"],
      fuzzRuns: 1,
      print: false,
    });
    await connection.close();
    expect(report.results.map((r) => [r.id, r.status, r.reason])).to.deep.equal([
      ["order.signature.v", "fail", "refused as deadline (DeadlineTooFar), expected signature"],
      ["order.whitelist.recipient", "fail", "refused as deadline (DeadlineTooFar), expected whitelist"],
    ]);
  });

  it("a property the declared window makes impossible is not applicable with the reason, even in strict mode", async () => {
    const connection = await network.create();
    const report = await runEvmOrderConformance({
      transport: custom(connection.provider),
      adapter: orderGatedDepositorAdapter({ deadlineWindow: 1 }),
      only: ["order.replay.later", "order.pay.native"],
      print: false,
      strict: true,
    });
    await connection.close();
    expect(report.results.map((r) => [r.id, r.status, r.reason])).to.deep.equal([
      ["order.pay.native", "pass", undefined],
      [
        "order.replay.later",
        "not-applicable",
        "the deadline window leaves no second between payment and deadline",
      ],
    ]);
  });
});
