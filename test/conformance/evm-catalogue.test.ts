// The TypeScript EVM catalogue against the reference receiver on Hardhat's in-process network.
import { existsSync, mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect } from "chai";
import { network } from "hardhat";
import { custom } from "viem";
import { attestedReceiverAdapter, EVM_PROPERTIES, runEvmConformance } from "../../src/testing/index.ts";

describe("conformance (TypeScript, EVM): the reference AttestedReceiver", function () {
  this.timeout(300_000);

  it("passes every applicable property and reports the reference's design choice as not applicable", async () => {
    const connection = await network.create();
    const reportDir = mkdtempSync(join(tmpdir(), "attestkit-conformance-"));
    const report = await runEvmConformance({
      transport: custom(connection.provider),
      adapter: attestedReceiverAdapter(),
      reportDir,
      strict: true,
    });
    const failed = report.results.filter((r) => r.status === "fail");
    expect(failed, JSON.stringify(failed, null, 2)).to.deep.equal([]);
    expect(report.results.map((r) => r.id)).to.deep.equal(EVM_PROPERTIES.map((p) => p.id));
    const na = report.results.filter((r) => r.status === "not-applicable").map((r) => r.id);
    expect(na).to.have.members(["replay.acrossReceivers", "replay.acrossChains"]);
    expect(report.passed).to.equal(EVM_PROPERTIES.length - 2);
    const written = JSON.parse(readFileSync(join(reportDir, "conformance-evm.json"), "utf8"));
    expect(written.passed).to.equal(report.passed);
    expect(existsSync(join(reportDir, "conformance-evm.junit.xml"))).to.equal(true);
  });
});
