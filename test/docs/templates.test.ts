/**
 * The copy-paste templates (docs/templates/) are the files the outsider package tests build their
 * Hardhat and Foundry projects from (scripts/package/consumer.ts, foundry-project.ts); here, what can be
 * checked without a packed tarball: they pin the versions attestkit is built and tested with, name the
 * tarball `npm pack` writes, and the solc wrapper forge compiles through answers as solc does.
 */
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { expect } from "chai";
import { repoVersion, templateTarballName } from "../../scripts/package/consumer.ts";
import { FORGE_PACKAGE } from "../../scripts/package/foundry-project.ts";

const ROOT = resolve(import.meta.dirname, "..", "..");
const TEMPLATES = join(ROOT, "docs", "templates");

describe("docs: the project templates", () => {
  const manifest = JSON.parse(readFileSync(join(TEMPLATES, "package.json"), "utf8")) as {
    type: string;
    devDependencies: Record<string, string>;
  };

  it("package.json installs the tarball npm pack writes and pins the versions attestkit is tested with", () => {
    const { version } = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as { version: string };
    expect(templateTarballName()).to.equal(`attestkit-${version}.tgz`);
    expect(manifest.type).to.equal("module");
    for (const [name, pinned] of Object.entries(manifest.devDependencies)) {
      if (name === "attestkit") continue;
      const expected = name === "@foundry-rs/forge" ? FORGE_PACKAGE : repoVersion(name);
      expect(`${name}@${pinned}`).to.equal(expected);
    }
  });

  it("foundry.toml compiles through solc.cjs offline, and hardhat.config.ts through solc-js", () => {
    const foundry = readFileSync(join(TEMPLATES, "foundry.toml"), "utf8");
    expect(foundry).to.match(/^solc = "\.\/solc\.cjs"$/m);
    expect(foundry).to.match(/^offline = true$/m);
    expect(readFileSync(join(TEMPLATES, "hardhat.config.ts"), "utf8")).to.include(
      'require.resolve("solc/soljson.js")',
    );
  });

  it("solc.cjs answers --version and compiles standard JSON with the npm solc package", () => {
    const wrapper = join(TEMPLATES, "solc.cjs");
    const solcVersion = repoVersion("solc").split("@")[1] as string;
    expect(execFileSync(process.execPath, [wrapper, "--version"], { encoding: "utf8" })).to.match(
      new RegExp(`^Version: ${solcVersion.replaceAll(".", "\\.")}\\+commit`, "m"),
    );
    const input = {
      language: "Solidity",
      sources: {
        "A.sol": {
          content:
            "pragma solidity ^0.8.24; contract A { function f() external pure returns (uint256) { return 7; } }",
        },
      },
      settings: { outputSelection: { "*": { "*": ["evm.bytecode.object"] } } },
    };
    const output = JSON.parse(
      execFileSync(process.execPath, [wrapper, "--standard-json"], {
        input: JSON.stringify(input),
        encoding: "utf8",
      }),
    ) as { contracts: Record<string, Record<string, { evm: { bytecode: { object: string } } }>> };
    expect(output.contracts["A.sol"]?.["A"]?.evm.bytecode.object).to.match(/^[0-9a-f]{40,}$/);
    expect(() => execFileSync(process.execPath, [wrapper, "--bogus"], { stdio: "pipe" })).to.throw();
  });
});
