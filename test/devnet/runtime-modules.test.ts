/**
 * What the devnet loads at runtime: its EVM chains run on EDR directly, so starting a whole devnet
 * must not load Hardhat, its plugins or Ignition (their modules and the contract decoder Hardhat
 * builds from every build-info file were most of the devnet's memory at rest). A child process
 * records every module it resolves while a devnet starts and stops.
 */
import { execFile } from "node:child_process";
import { fileURLToPath } from "node:url";
import { expect } from "chai";

const CHILD = fileURLToPath(new URL("./runtime-modules.child.ts", import.meta.url));

function packagesOf(urls: readonly string[]): Set<string> {
  const names = new Set<string>();
  for (const url of urls) {
    const match = /\/node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(url);
    if (match?.[1]) names.add(match[1]);
  }
  return names;
}

describe("devnet runtime modules", function () {
  this.timeout(180_000);
  let loaded: Set<string>;

  before(async () => {
    const stdout = await new Promise<string>((resolve, reject) =>
      execFile(process.execPath, [CHILD], { maxBuffer: 64 * 1024 * 1024 }, (error, out, err) =>
        error ? reject(new Error(`${error.message}\n${err}`)) : resolve(out),
      ),
    );
    loaded = packagesOf(JSON.parse(stdout.trim().split("\n").at(-1) ?? "[]") as string[]);
  });

  it("runs its chains on EDR and LiteSVM (the record sees the packages the devnet does load)", () => {
    expect([...loaded]).to.include.members(["@nomicfoundation/edr", "litesvm", "viem", "@solana/kit"]);
  });

  it("loads neither Hardhat, nor its viem plugin, nor Ignition", () => {
    const hardhat = [...loaded].filter(
      (name) =>
        name === "hardhat" || name.startsWith("@nomicfoundation/hardhat") || name.includes("ignition"),
    );
    expect(hardhat).to.deep.equal([]);
  });
});
