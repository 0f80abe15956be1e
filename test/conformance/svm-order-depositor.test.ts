// The SVM order catalogue against the order-gated depositor (programs/order-depositor), deployed
// with the depository by the library's ready adapter. Each refusal must be the program's specific error.
import { expect } from "chai";
import { LiteSVM } from "litesvm";
import { InvalidSvmArgumentError } from "../../src/errors.ts";
import { mockSolverKey } from "../../src/testing/index.ts";
import {
  type OrderDepositorSvmAdapterOptions,
  orderDepositorSvmAdapter,
  runSvmOrderConformance,
  SVM_ORDER_DEPOSITOR_ERRORS,
  SVM_ORDER_PROPERTIES,
} from "../../src/testing/svm/index.ts";

describe("conformance (TypeScript, SVM orders): the order-gated depositor program", function () {
  this.timeout(300_000);

  it("passes every order property with the program's specific errors", async () => {
    const svm = new LiteSVM();
    const report = await runSvmOrderConformance({
      svm,
      adapter: await orderDepositorSvmAdapter(svm),
      strict: true,
    });
    const failed = report.results.filter((r) => r.status === "fail");
    expect(failed, JSON.stringify(failed, null, 2)).to.deep.equal([]);
    expect(report.results.map((r) => r.id)).to.deep.equal(SVM_ORDER_PROPERTIES.map((p) => p.id));
    const na = report.results.filter((r) => r.status === "not-applicable").map((r) => r.id);
    expect(na).to.deep.equal(["order.deadline.maxWindow"]);
  });

  it("trusts the solver key and whitelists the output it is given", async () => {
    const svm = new LiteSVM();
    const options = {
      solverKey: mockSolverKey("conformance.svm.order-adapter"),
      outputChainId: "base",
      outputRecipient: `0x${"ab".repeat(32)}`,
    } as const;
    const adapter = await orderDepositorSvmAdapter(svm, options);
    expect(adapter.setup).to.deep.include(options);
    const report = await runSvmOrderConformance({ svm, adapter, print: false });
    expect(report.failed).to.equal(0);
    expect(report.passed).to.equal(SVM_ORDER_PROPERTIES.length - 1);
  });
});

describe("conformance (TypeScript, SVM orders): strict mode", () => {
  it("fails order.calls.ownerAllows when the adapter leaves out allowCallsInstructions; reports it not applicable otherwise", async () => {
    const run = async (strict: boolean) => {
      const svm = new LiteSVM();
      const { allowCallsInstructions: _left, ...adapter } = await orderDepositorSvmAdapter(svm);
      return runSvmOrderConformance({
        svm,
        adapter,
        only: ["order.calls.ownerAllows"],
        print: false,
        strict,
      });
    };
    const lenient = await run(false);
    expect(lenient.results.map((r) => [r.status, r.reason])).to.deep.equal([
      ["not-applicable", "adapter has no allowCallsInstructions"],
    ]);
    const strict = await run(true);
    expect(strict.results.map((r) => r.status)).to.deep.equal(["fail"]);
    expect(strict.results[0]?.reason).to.match(/^strict mode: .*allowCallsInstructions/);
  });
});

describe("conformance (TypeScript, SVM orders): refusal classes", () => {
  it("a refusal whose code the adapter classifies otherwise fails the property, naming both classes", async () => {
    const svm = new LiteSVM();
    const adapter = await orderDepositorSvmAdapter(svm);
    const replayCode = String(SVM_ORDER_DEPOSITOR_ERRORS["order.replay.otherPayer"]);
    const report = await runSvmOrderConformance({
      svm,
      adapter: { ...adapter, refusalClasses: { ...adapter.refusalClasses, [replayCode]: "deadline" } },
      only: ["order.replay.otherPayer"],
      print: false,
    });
    expect(report.results.map((r) => [r.status, r.reason])).to.deep.equal([
      ["fail", `refused as deadline (${replayCode}), expected replay`],
    ]);
  });
});

describe("conformance (TypeScript, SVM orders): the ready adapter's options", () => {
  const bad: [string, OrderDepositorSvmAdapterOptions][] = [
    ["a 31-byte solver key", { solverKey: `0x${"11".repeat(31)}` }],
    ["a solver key that is not hex", { solverKey: `0x${"zz".repeat(32)}` }],
    ["an empty output recipient", { outputRecipient: "0x" }],
    ["an odd-length output recipient", { outputRecipient: "0xabc" }],
    ["an empty chain id", { chainId: "" }],
    ["an empty output chain id", { outputChainId: "" }],
  ];
  for (const [what, options] of bad) {
    it(`refuses ${what} with InvalidSvmArgumentError, leaving the LiteSVM untouched`, async () => {
      const svm = new LiteSVM();
      const clock = svm.getClock().unixTimestamp;
      const error = await orderDepositorSvmAdapter(svm, options).catch((e: unknown) => e);
      expect(error).to.be.instanceOf(InvalidSvmArgumentError);
      expect(svm.getClock().unixTimestamp).to.equal(clock);
    });
  }
});
