// What the packed tarball holds: the built entries, contracts, remappings, ABI, IDL, programs and
// the artifacts the Ignition module and the devnet deploy from; no tests, benches, CI or dev scripts;
// no install scripts for a consumer.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { expect } from "chai";
import { packTarball, sharedLibraryConsumer } from "../../../scripts/package/consumer.ts";

const REQUIRED = [
  "package.json",
  "dist/index.js",
  "dist/index.cjs",
  "dist/index.d.ts",
  "dist/index.d.cts",
  "dist/index.js.map",
  "dist/cli.js",
  "contracts/RequestAttestation.sol",
  "contracts/AttestedReceiver.sol",
  "remappings.txt",
  "abi/AttestedReceiver.json",
  "artifacts/contracts/AttestedReceiver.sol/AttestedReceiver.json",
  "artifacts/contracts/mocks/MockERC20.sol/MockERC20.json",
  "programs/idl/attested_receiver.json",
  "programs/deploy/attested-receiver.so",
  "programs/deploy/route-hop.so",
  // The docs a package user reads in node_modules/attestkit: templates, troubleshooting, reference.
  "docs/templates/package.json",
  "docs/templates/hardhat.config.ts",
  "docs/templates/foundry.toml",
  "docs/templates/solc.cjs",
  "docs/troubleshooting.md",
  "docs/reference/README.md",
  "docs/reference/testing-contracts.md",
];

describe("package: tarball contents", function () {
  this.timeout(900_000);

  it("holds what consumers need", async () => {
    const { files } = await packTarball();
    expect(files).to.include.members(REQUIRED);
  });

  it("holds no tests, benches, CI, scripts, sources or mocks", async () => {
    const { files } = await packTarball();
    const leaked = files.filter((f) =>
      /^(test|bench|\.ci|scripts|src|ignition|node_modules|contracts\/mocks)\//.test(f),
    );
    expect(leaked).to.deep.equal([]);
  });

  it("declares no install scripts and every subpath with types, import and require", async () => {
    const { dir } = await sharedLibraryConsumer();
    const manifest = JSON.parse(readFileSync(join(dir, "node_modules/attestkit/package.json"), "utf8"));
    expect(Object.keys(manifest.scripts ?? {})).to.not.include.members([
      "preinstall",
      "install",
      "postinstall",
    ]);
    for (const [subpath, target] of Object.entries(manifest.exports as Record<string, unknown>)) {
      if (typeof target === "string") continue;
      const { import: esm, require: cjs } = target as Record<string, { types: string; default: string }>;
      expect([esm?.types, esm?.default, cjs?.types, cjs?.default], subpath).to.satisfy((paths: string[]) =>
        paths.every((p) => typeof p === "string" && p.startsWith("./dist/")),
      );
    }
  });
});
