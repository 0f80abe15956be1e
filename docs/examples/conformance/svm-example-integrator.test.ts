// The SVM catalogue against your own program in LiteSVM, from node:test: the program's .so is all it needs.
import assert from "node:assert/strict";
import { test } from "node:test";
import { assertConformance, runSvmConformance } from "attestkit/testing/svm";
import { LiteSVM } from "litesvm";
import { exampleIntegratorAdapter } from "./svm-example-integrator-adapter.ts";

test("example-integrator passes the SVM conformance catalogue", async () => {
  const adapter = exampleIntegratorAdapter(process.env.PROGRAM_SO ?? "example_integrator.so");
  const report = await runSvmConformance({ svm: new LiteSVM(), adapter, reportDir: "reports", strict: true });
  assertConformance(report);
  assert.equal(report.failed, 0);
  assert.equal(report.notApplicable, Object.keys(adapter.notApplicable ?? {}).length);
});
