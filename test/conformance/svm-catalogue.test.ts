// The SVM catalogue against the reference program in LiteSVM.
import { expect } from "chai";
import { LiteSVM } from "litesvm";
import {
  attestedReceiverSvmAdapter,
  liteSvmLedger,
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

describe("conformance (TypeScript, SVM): deadline.maxWindow on a clock that moves", () => {
  it("an attempt accepted because the clock moved while it landed (as over RPC) is made again; the retry is refused and the property passes", async () => {
    const ledger = liteSvmLedger(new LiteSVM());
    const events: string[] = [];
    let reads = 0;
    const report = await runSvmConformance({
      ledger: {
        ...ledger,
        // The property's own read of the clock (after the payment's, which sets its default deadline) is a
        // second stale, as a confirmed read can be over RPC.
        now: async () => {
          const now = await ledger.now();
          const stale = ++reads === 2;
          events.push(stale ? "stale clock" : "clock");
          return stale ? now - 1n : now;
        },
        send: async (tx) => {
          const result = await ledger.send(tx);
          if (reads > 0) events.push(result.ok ? "landed" : "refused");
          return result;
        },
      },
      adapter: attestedReceiverSvmAdapter(),
      only: ["deadline.maxWindow"],
      print: false,
    });
    expect(report.results.map((r) => [r.id, r.status])).to.deep.equal([["deadline.maxWindow", "pass"]]);
    // The first attempt really landed (its deadline was exactly the window from the true clock), then was made again.
    expect(events.slice(0, 4)).to.deep.equal(["clock", "stale clock", "landed", "clock"]);
    expect(events.at(-1)).to.equal("refused");
  });
});
