/**
 * After `npx attestkit install-node`, the package user's ordinary `npm install <pkg>` with the
 * machine's npm (Node 20) removes Hardhat's EDR native binary (its package needs Node >= 22); the
 * devnet then starts anyway, putting the binary back from the copy install-node kept and saying so
 * in one line.
 */
import { existsSync } from "node:fs";
import { join } from "node:path";
import { expect } from "chai";
import {
  createConsumer,
  NODE_SYSTEM,
  repoVersion,
  run,
  startProcess,
} from "../../../scripts/package/consumer.ts";

const EDR_NATIVE = "@nomicfoundation/edr-linux-x64-gnu";
const BOOT_LIMIT_MS = 120_000;

describe("package: the devnet survives an npm install with the machine's npm after install-node", function () {
  this.timeout(900_000);

  it("npm install of another package under Node 20 removes EDR's binary; attestkit devnet puts it back and starts", async () => {
    const systemPath = (process.env.PATH ?? "").split(":").filter((entry) => !entry.includes("node_modules"));
    const env = { PATH: systemPath.join(":") };
    const { dir } = await createConsumer("install-node-npm");
    await run(NODE_SYSTEM, [join(dir, "node_modules/attestkit/dist/cli.js"), "install-node"], {
      cwd: dir,
      env,
    });
    expect(existsSync(join(dir, "node_modules", EDR_NATIVE)), "install-node placed EDR's binary").to.equal(
      true,
    );

    const { stdout: npmNode } = await run("npm", ["exec", "--", "node", "--version"], { cwd: "/", env });
    expect(npmNode.trim(), "the machine's npm runs under an old Node").to.match(/^v(1\d|20|21)\./);
    await run("npm", ["install", "--no-audit", "--no-fund", "--prefer-offline", repoVersion("ms")], {
      cwd: dir,
      env,
    });
    expect(
      existsSync(join(dir, "node_modules", EDR_NATIVE)),
      "the machine's npm removed EDR's binary",
    ).to.equal(false);

    // As npx runs it: the project's node_modules/.bin (Node 24) first on PATH.
    const devnet = startProcess(
      join(dir, "node_modules/.bin/attestkit"),
      ["devnet", "--port", "0", "--rpc-port", "0", "--svm-rpc-port", "0"],
      dir,
      { PATH: [join(dir, "node_modules/.bin"), ...systemPath].join(":") },
    );
    try {
      let serviceUrl: string | undefined;
      const deadline = Date.now() + BOOT_LIMIT_MS;
      while (serviceUrl === undefined && Date.now() < deadline) {
        serviceUrl = /mock service\s+(http:\/\/127\.0\.0\.1:\d+)/.exec(devnet.output())?.[1];
        const exited = await Promise.race([
          devnet.exited,
          new Promise((r) => setTimeout(() => r("running"), 500)),
        ]);
        if (exited !== "running") throw new Error(`devnet exited (${exited}):\n${devnet.output()}`);
      }
      expect(serviceUrl, devnet.output()).to.be.a("string");
      const repairs = devnet
        .output()
        .split("\n")
        .filter((line) => line.includes("put back"));
      expect(repairs, devnet.output()).to.have.length(1);
      expect(repairs[0]).to.contain(EDR_NATIVE).and.contain("node_modules/.attestkit");
      expect(existsSync(join(dir, "node_modules", EDR_NATIVE))).to.equal(true);
    } finally {
      const code = await devnet.stop();
      expect(code, devnet.output()).to.equal(0);
    }
  });
});
