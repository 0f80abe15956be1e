// The mutation test shared by the EVM catalogues: the unmutated source, built like the mutants, must pass
// (the control); every mutant must fail the property it removed; the score is printed at the end.
import { expect } from "chai";
import { network } from "hardhat";
import { custom, type Hex, type Transport } from "viem";
import type { ConformanceReport } from "../../src/testing/index.ts";
import type { EvmMutant } from "./evm-mutants.ts";

export interface MutationSuite {
  title: string;
  /** Shown before the score, e.g. "EVM order". */
  label: string;
  mutants: readonly EvmMutant[];
  /** Creation code of the reference, patched by `mutant` when given. */
  build(mutant?: EvmMutant): Hex;
  /** The catalogue against `bytecode`, on a fresh in-process network. */
  run(transport: Transport, bytecode: Hex, name: string): Promise<ConformanceReport>;
}

export function describeMutationSuite(suite: MutationSuite): void {
  async function runAgainst(bytecode: Hex, name: string): Promise<ConformanceReport> {
    const connection = await network.create();
    try {
      return await suite.run(custom(connection.provider), bytecode, name);
    } finally {
      await connection.close();
    }
  }

  describe(suite.title, function () {
    this.timeout(900_000);
    const caught: { mutant: string; property: string; failed: string[] }[] = [];

    it("control: the unmutated source built by solc-js passes", async () => {
      const report = await runAgainst(suite.build(), "control");
      expect(report.results.filter((r) => r.status === "fail")).to.deep.equal([]);
    });

    for (const mutant of suite.mutants) {
      it(`mutant "${mutant.name}" fails ${mutant.property}`, async () => {
        const report = await runAgainst(suite.build(mutant), mutant.name);
        const failed = report.results.filter((r) => r.status === "fail").map((r) => r.id);
        caught.push({ mutant: mutant.name, property: mutant.property, failed });
        expect(failed).to.include(mutant.property);
      });
    }

    after(() => {
      const killed = caught.filter((c) => c.failed.includes(c.property)).length;
      console.log(
        `\n${suite.label} mutation score: ${killed}/${suite.mutants.length} mutants caught by the named property`,
      );
      for (const c of caught)
        console.log(`  ${c.mutant.padEnd(42)} ${c.property.padEnd(34)} failed: ${c.failed.join(", ")}`);
    });
  });
}
