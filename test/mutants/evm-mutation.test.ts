// The conformance catalogue must fail on every mutant of the EVM reference receiver, naming the
// property the mutant removed; the unmutated source, built the same way, must pass (the control).
import { expect } from "chai";
import { network } from "hardhat";
import { custom } from "viem";
import {
  attestedReceiverAdapter,
  type ConformanceReport,
  runEvmConformance,
} from "../../src/testing/index.ts";
import { compileReceiver, mutantSources } from "./compile-mutant.ts";
import { EVM_MUTANTS } from "./evm-mutants.ts";

async function runAgainst(bytecode: `0x${string}`, name: string): Promise<ConformanceReport> {
  const connection = await network.create();
  try {
    return await runEvmConformance({
      transport: custom(connection.provider),
      adapter: attestedReceiverAdapter({ bytecode, name }),
      print: false,
    });
  } finally {
    await connection.close();
  }
}

describe("conformance mutation test (EVM): the catalogue catches every weakened reference", function () {
  this.timeout(900_000);
  const caught: { mutant: string; property: string; failed: string[] }[] = [];

  it("control: the unmutated source built by solc-js passes", async () => {
    const report = await runAgainst(compileReceiver(mutantSources()), "control");
    expect(report.results.filter((r) => r.status === "fail")).to.deep.equal([]);
  });

  for (const mutant of EVM_MUTANTS) {
    it(`mutant "${mutant.name}" fails ${mutant.property}`, async () => {
      const report = await runAgainst(compileReceiver(mutantSources(mutant)), mutant.name);
      const failed = report.results.filter((r) => r.status === "fail").map((r) => r.id);
      caught.push({ mutant: mutant.name, property: mutant.property, failed });
      expect(failed).to.include(mutant.property);
    });
  }

  after(() => {
    const killed = caught.filter((c) => c.failed.includes(c.property)).length;
    console.log(`\nEVM mutation score: ${killed}/${EVM_MUTANTS.length} mutants caught by the named property`);
    for (const c of caught)
      console.log(`  ${c.mutant.padEnd(40)} ${c.property.padEnd(28)} failed: ${c.failed.join(", ")}`);
  });
});
