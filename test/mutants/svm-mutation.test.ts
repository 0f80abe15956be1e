// The SVM conformance catalogue must fail on every mutant of the reference program, naming the
// property the mutant removed; the unmutated copy, built the same way, must be byte-identical to the
// shipped program and pass (the control).
import { readFileSync } from "node:fs";
import { expect } from "chai";
import { LiteSVM } from "litesvm";
import { attestedReceiverSvmAdapter, runSvmConformance } from "../../src/testing/svm/index.ts";
import { buildSvmMutant, svmMutantSources } from "./svm-build-mutant.ts";
import { SVM_MUTANTS } from "./svm-mutants.ts";

function runAgainst(elf: Uint8Array, name: string) {
  return runSvmConformance({
    svm: new LiteSVM(),
    adapter: attestedReceiverSvmAdapter({ elf, name }),
    print: false,
  });
}

describe("conformance mutation test (SVM): the catalogue catches every weakened reference program", function () {
  this.timeout(1_800_000);
  const caught: { mutant: string; property: string; failed: string[]; buildMs: number; cached: boolean }[] =
    [];

  it("control: the unmutated copy builds to the shipped program and passes", async () => {
    const { elf } = buildSvmMutant(svmMutantSources());
    expect(Buffer.from(elf).equals(readFileSync("programs/deploy/attested-receiver.so"))).to.equal(true);
    const report = await runAgainst(elf, "control");
    expect(report.results.filter((r) => r.status !== "pass")).to.deep.equal([]);
  });

  for (const mutant of SVM_MUTANTS) {
    it(`mutant "${mutant.name}" fails ${mutant.property}`, async () => {
      const t0 = performance.now();
      const { elf, cached } = buildSvmMutant(svmMutantSources(mutant));
      const buildMs = Math.round(performance.now() - t0);
      const report = await runAgainst(elf, mutant.name);
      const failed = report.results.filter((r) => r.status === "fail").map((r) => r.id);
      caught.push({ mutant: mutant.name, property: mutant.property, failed, buildMs, cached });
      expect(failed).to.include(mutant.property);
    });
  }

  after(() => {
    const killed = caught.filter((c) => c.failed.includes(c.property)).length;
    const built = caught.filter((c) => !c.cached);
    const buildSeconds = built.reduce((s, c) => s + c.buildMs, 0) / 1000;
    console.log(`\nSVM mutation score: ${killed}/${SVM_MUTANTS.length} mutants caught by the named property`);
    console.log(`  ${built.length} mutants built in ${buildSeconds.toFixed(1)} s (the rest from the cache)`);
    for (const c of caught)
      console.log(`  ${c.mutant.padEnd(46)} ${c.property.padEnd(36)} failed: ${c.failed.join(", ")}`);
  });
});
