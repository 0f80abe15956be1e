// The SVM catalogue against the reference program in LiteSVM.
import { expect } from "chai";
import { LiteSVM } from "litesvm";
import {
  attestedReceiverSvmAdapter,
  runSvmConformance,
  SVM_ATTESTED_RECEIVER_ERRORS,
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

describe("conformance (TypeScript, SVM): refusal classes", () => {
  it("a refusal whose code the adapter classifies otherwise fails the property, naming both classes", async () => {
    const adapter = attestedReceiverSvmAdapter();
    const replay = String(SVM_ATTESTED_RECEIVER_ERRORS["replay.sameSignature"]);
    const report = await runSvmConformance({
      svm: new LiteSVM(),
      adapter: { ...adapter, refusalClasses: { ...adapter.refusalClasses, [replay]: "deadline" } },
      only: ["replay.sameSignature", "signer.stranger"],
      print: false,
    });
    expect(report.results.map((r) => [r.id, r.status, r.reason])).to.deep.equal([
      ["replay.sameSignature", "fail", `refused as deadline (${replay}), expected replay`],
      ["signer.stranger", "pass", undefined],
    ]);
  });
});
