// `npm pack`, the demo and `npm start` compile only the shipped contracts
// (scripts/package/shipped-contracts.ts); `npm test` compiles everything. This proves both builds give
// the same artifacts: a subset build into a temporary folder, compared field by field with the full
// build's. Two fields name things of the build rather than of the contract and may differ: the build's
// id, and the AST node ids that key `immutableReferences` (the immutables' offsets must match).
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect } from "chai";
import { createHardhatRuntimeEnvironment } from "hardhat/hre";
import config from "../../hardhat.config.ts";
import { REPO, shippedArtifacts, shippedContractSources } from "../../scripts/package/shipped-contracts.ts";

/** An artifact without its build id, its immutables' offsets in order instead of keyed by AST id. */
function comparable(path: string): Record<string, unknown> {
  const { buildInfoId: _build, immutableReferences, ...artifact } = JSON.parse(readFileSync(path, "utf8"));
  const offsets = Object.values(immutableReferences as Record<string, unknown[]>)
    .flat()
    .map((reference) => JSON.stringify(reference))
    .sort();
  return { ...artifact, immutableOffsets: offsets };
}

describe("package: shipped artifacts", function () {
  this.timeout(600_000);
  let dir: string;
  before(() => {
    dir = mkdtempSync(join(tmpdir(), "attestkit-shipped-"));
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  it("the shipped list names the contracts the devnet and the testing entry load", () => {
    expect(shippedContractSources()).to.include.members([
      "contracts/AttestedReceiver.sol",
      "contracts/OrderGatedDepositor.sol",
      "contracts/depository/RelayDepository.sol",
      "contracts/mocks/MockERC20.sol",
      "contracts/devnet/Multicall3.sol",
      "contracts/devnet/FillRouterV31.sol",
      "contracts/devnet/FillRouterV32.sol",
      "contracts/devnet/CallRecorder.sol",
      "contracts/testing/ConformanceToken.sol",
    ]);
  });

  it("every artifact the devnet's EVM chains read ships", () => {
    const source = readFileSync(join(REPO, "src/devnet/evm-chain.ts"), "utf8");
    const loaded = [...source.matchAll(/"(artifacts\/contracts\/[^"]+\.json)"/g)].map((match) => match[1]);
    expect(loaded).to.include(
      "artifacts/contracts/devnet/GaslessApprovalProxy.sol/GaslessApprovalProxy.json",
    );
    expect(shippedArtifacts()).to.include.members(loaded);
  });

  it("a build of the shipped sources alone gives the full build's artifacts", async () => {
    const hre = await createHardhatRuntimeEnvironment(
      { ...config, paths: { ...config.paths, artifacts: join(dir, "artifacts"), cache: join(dir, "cache") } },
      {},
      REPO,
    );
    await hre.tasks.getTask("build").run({ noTests: true, quiet: true, files: shippedContractSources() });
    for (const file of shippedArtifacts()) {
      const subset = comparable(join(dir, file));
      expect(subset.deployedBytecode, file).to.match(/^0x[0-9a-f]{2,}$/);
      expect(subset, file).to.deep.equal(comparable(join(REPO, file)));
    }
  });
});
