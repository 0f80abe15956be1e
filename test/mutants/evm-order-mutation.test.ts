// The order conformance catalogue must fail on every mutant of the reference order-gated depositor,
// naming the property the mutant removed; the unmutated source, built the same way, must pass (the control).
import { expect } from "chai";
import { network } from "hardhat";
import { custom, type Hex } from "viem";
import {
  type ConformanceReport,
  orderGatedDepositorAdapter,
  runEvmOrderConformance,
} from "../../src/testing/index.ts";
import { compileReceiver, DEPOSITOR_TARGET, mutantSources } from "./compile-mutant.ts";
import { EVM_ORDER_MUTANTS } from "./evm-order-mutants.ts";

async function runAgainst(bytecode: Hex, name: string): Promise<ConformanceReport> {
  const connection = await network.create();
  try {
    return await runEvmOrderConformance({
      transport: custom(connection.provider),
      adapter: orderGatedDepositorAdapter({ bytecode, name }),
      print: false,
    });
  } finally {
    await connection.close();
  }
}

describe("conformance mutation test (EVM orders): the catalogue catches every weakened depositor", function () {
  this.timeout(900_000);
  const caught: { mutant: string; property: string; failed: string[] }[] = [];

  it("control: the unmutated source built by solc-js passes", async () => {
    const report = await runAgainst(
      compileReceiver(mutantSources(undefined, DEPOSITOR_TARGET), DEPOSITOR_TARGET),
      "control",
    );
    expect(report.results.filter((r) => r.status === "fail")).to.deep.equal([]);
  });

  for (const mutant of EVM_ORDER_MUTANTS) {
    it(`mutant "${mutant.name}" fails ${mutant.property}`, async () => {
      const bytecode = compileReceiver(mutantSources(mutant, DEPOSITOR_TARGET), DEPOSITOR_TARGET);
      const report = await runAgainst(bytecode, mutant.name);
      const failed = report.results.filter((r) => r.status === "fail").map((r) => r.id);
      caught.push({ mutant: mutant.name, property: mutant.property, failed });
      expect(failed).to.include(mutant.property);
    });
  }

  after(() => {
    const killed = caught.filter((c) => c.failed.includes(c.property)).length;
    console.log(
      `\nEVM order mutation score: ${killed}/${EVM_ORDER_MUTANTS.length} mutants caught by the named property`,
    );
    for (const c of caught)
      console.log(`  ${c.mutant.padEnd(42)} ${c.property.padEnd(34)} failed: ${c.failed.join(", ")}`);
  });
});
