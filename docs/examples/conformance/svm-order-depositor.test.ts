// The SVM order catalogue against attestkit's order-gated depositor in LiteSVM, from node:test: the
// ready adapter loads the shipped program (or your build of it: `{ elf }`) with the depository.
import assert from "node:assert/strict";
import { test } from "node:test";
import { assertConformance, orderDepositorSvmAdapter, runSvmOrderConformance } from "attestkit/testing/svm";
import { LiteSVM } from "litesvm";

test("the order depositor passes the SVM order catalogue", async () => {
  const svm = new LiteSVM();
  const adapter = await orderDepositorSvmAdapter(svm);
  const report = await runSvmOrderConformance({ svm, adapter, reportDir: "reports/orders", strict: true });
  assertConformance(report);
  assert.equal(report.notApplicable, Object.keys(adapter.notApplicable ?? {}).length);
});
