// The SVM catalogue against the reference program in LiteSVM.
import { expect } from "chai";
import { LiteSVM } from "litesvm";
import {
  attestedReceiverSvmAdapter,
  runSvmConformance,
  SVM_PROPERTIES,
} from "../../src/testing/svm/index.ts";

describe("conformance (TypeScript, SVM): the reference attested-receiver program", function () {
  this.timeout(300_000);

  it("passes every property", async () => {
    const report = await runSvmConformance({
      svm: new LiteSVM(),
      adapter: attestedReceiverSvmAdapter(),
      strict: true,
    });
    const failed = report.results.filter((r) => r.status !== "pass");
    expect(failed, JSON.stringify(failed, null, 2)).to.deep.equal([]);
    expect(report.results.map((r) => r.id)).to.deep.equal(SVM_PROPERTIES.map((p) => p.id));
  });
});
