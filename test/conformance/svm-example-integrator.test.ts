// The SVM catalogue against the example integrator program (programs/example-integrator), through
// the guide's adapter (docs/examples/conformance): every property that applies to a native-only
// program with build-time trust passes; the others are reported not applicable with their reason.
import "./svm-attestkit-resolve.ts";
import { expect } from "chai";
import { LiteSVM } from "litesvm";
import { runSvmConformance, SVM_PROPERTIES } from "../../src/testing/svm/index.ts";

const { exampleIntegratorAdapter } = await import(
  "../../docs/examples/conformance/svm-example-integrator-adapter.ts"
);

describe("conformance (TypeScript, SVM): the example integrator program", function () {
  this.timeout(300_000);

  it("passes every applicable property; the rest are not applicable with a reason", async () => {
    const adapter = exampleIntegratorAdapter("programs/deploy/example-integrator.so");
    const report = await runSvmConformance({ svm: new LiteSVM(), adapter, strict: true });
    expect(report.results.filter((r) => r.status === "fail")).to.deep.equal([]);
    const notApplicable = report.results.filter((r) => r.status === "not-applicable");
    expect(Object.fromEntries(notApplicable.map((r) => [r.id, r.reason]))).to.deep.equal(
      adapter.notApplicable,
    );
    // The binding, replay, signature, deadline, recipient and PDA properties all ran.
    expect(report.results.filter((r) => r.status === "pass").length).to.equal(
      SVM_PROPERTIES.length - notApplicable.length,
    );
  });
});
