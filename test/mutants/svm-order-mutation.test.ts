// The SVM order catalogue must fail on every mutant of the order-gated depositor, naming the property
// the mutant removed; the unmutated copy builds byte-identical to the shipped program and passes.
import { readFileSync } from "node:fs";
import { expect } from "chai";
import { LiteSVM } from "litesvm";
import { orderDepositorSvmAdapter, runSvmOrderConformance } from "../../src/testing/svm/index.ts";
import { buildSvmMutant, svmMutantSources } from "./svm-build-mutant.ts";
import type { SvmMutant } from "./svm-mutants.ts";
import { SVM_ORDER_MUTANTS } from "./svm-order-mutants.ts";

const PROGRAM = "order-depositor";

async function runAgainst(elf: Uint8Array) {
  const svm = new LiteSVM();
  return runSvmOrderConformance({ svm, adapter: await orderDepositorSvmAdapter(svm, { elf }), print: false });
}

describe("conformance mutation test (SVM orders): the order catalogue catches every weakened gate", function () {
  this.timeout(1_800_000);
  const caught: { mutant: SvmMutant; failed: string[] }[] = [];

  it("control: the unmutated copy builds to the shipped program and passes", async () => {
    const { elf } = buildSvmMutant(svmMutantSources(), PROGRAM);
    expect(Buffer.from(elf).equals(readFileSync(`programs/deploy/${PROGRAM}.so`))).to.equal(true);
    const report = await runAgainst(elf);
    expect(report.results.filter((r) => r.status === "fail")).to.deep.equal([]);
    const na = report.results.filter((r) => r.status === "not-applicable").map((r) => r.id);
    expect(na).to.deep.equal(["order.deadline.maxWindow"]);
  });

  for (const mutant of SVM_ORDER_MUTANTS) {
    it(`mutant "${mutant.name}" fails ${mutant.property}`, async () => {
      const report = await runAgainst(buildSvmMutant(svmMutantSources(mutant), PROGRAM).elf);
      const failed = report.results.filter((r) => r.status === "fail").map((r) => r.id);
      caught.push({ mutant, failed });
      expect(failed).to.include(mutant.property);
    });
  }

  after(() => {
    const killed = caught.filter((c) => c.failed.includes(c.mutant.property)).length;
    console.log(
      `\nSVM order mutation score: ${killed}/${SVM_ORDER_MUTANTS.length} mutants caught by the named property`,
    );
    for (const c of caught)
      console.log(
        `  ${c.mutant.name.padEnd(36)} ${c.mutant.property.padEnd(20)} failed: ${c.failed.join(", ")}`,
      );
  });
});
