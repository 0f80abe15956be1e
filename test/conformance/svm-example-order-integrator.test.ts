// The SVM order catalogue against the example order integrator (programs/example-order-integrator), a
// program whose accounts differ from the reference depositor's, through the guide's adapter
// (docs/examples/conformance): the roles it has are substituted, the ones it lacks are not applicable.
import "./svm-attestkit-resolve.ts";
import { expect } from "chai";
import { LiteSVM } from "litesvm";
import { runSvmOrderConformance, SVM_ORDER_PROPERTIES } from "../../src/testing/svm/index.ts";

const { exampleOrderIntegratorAdapter } = await import(
  "../../docs/examples/conformance/svm-example-order-integrator-adapter.ts"
);

describe("conformance (TypeScript, SVM orders): the example order integrator program", function () {
  this.timeout(300_000);

  it("passes every applicable property, its own account roles substituted; the rest are not applicable with a reason", async () => {
    const svm = new LiteSVM();
    const adapter = await exampleOrderIntegratorAdapter(svm);
    const report = await runSvmOrderConformance({ svm, adapter, strict: true });
    expect(report.results.filter((r) => r.status === "fail")).to.deep.equal([]);
    const notApplicable = report.results.filter((r) => r.status === "not-applicable");
    expect(Object.fromEntries(notApplicable.map((r) => [r.id, r.reason]))).to.deep.equal(
      adapter.notApplicable,
    );
    const passed = report.results.filter((r) => r.status === "pass").map((r) => r.id);
    expect(passed.length).to.equal(SVM_ORDER_PROPERTIES.length - notApplicable.length);
    expect(passed).to.include.members([
      "order.account.vaultSubstitution",
      "order.account.replaySubstitution",
      "order.pda.nonCanonical",
      "order.payer.notSigner",
    ]);
  });
});
