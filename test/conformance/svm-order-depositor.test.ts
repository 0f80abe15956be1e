// The SVM order catalogue against the order-gated depositor (programs/order-depositor), deployed
// with the depository by the library's ready adapter. Each refusal must be the program's specific error.
import { expect } from "chai";
import { LiteSVM } from "litesvm";
import {
  orderDepositorSvmAdapter,
  runSvmOrderConformance,
  SVM_ORDER_PROPERTIES,
} from "../../src/testing/svm/index.ts";

describe("conformance (TypeScript, SVM orders): the order-gated depositor program", function () {
  this.timeout(300_000);

  it("passes every order property with the program's specific errors", async () => {
    const svm = new LiteSVM();
    const report = await runSvmOrderConformance({ svm, adapter: await orderDepositorSvmAdapter(svm) });
    const failed = report.results.filter((r) => r.status !== "pass");
    expect(failed, JSON.stringify(failed, null, 2)).to.deep.equal([]);
    expect(report.results.map((r) => r.id)).to.deep.equal(SVM_ORDER_PROPERTIES.map((p) => p.id));
  });
});
