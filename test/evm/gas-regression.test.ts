// Fails when the receiver's gas grows more than 2% over bench/results/evm-gas.json
// (re-record with: npx hardhat run bench/evm-gas.bench.ts).
import { expect } from "chai";
import { checkGas, findRegressions, readRecorded } from "../../bench/evm-gas.check.ts";

describe("EVM receiver gas", () => {
  it("no figure grew more than 2% over the recorded benchmark", async () => {
    const { regressions, measured } = await checkGas();
    expect(regressions, JSON.stringify(regressions)).to.deep.equal([]);
    // the recorded targets still hold: (c) <= 0.9 x (b) on both paths
    expect(measured.native.c).to.be.at.most(measured.native.b * 0.9);
    expect(measured.erc20.c).to.be.at.most(measured.erc20.b * 0.9);
  });

  it("the check itself flags a 2%+ growth", () => {
    const recorded = readRecorded();
    const grown = structuredClone(recorded);
    grown.native.c = Math.ceil(recorded.native.c * 1.021);
    expect(findRegressions(recorded, grown).map((r) => r.figure)).to.deep.equal(["native.c"]);
    expect(findRegressions(recorded, recorded)).to.deep.equal([]);
  });
});
