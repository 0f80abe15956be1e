// The `attestkit` bin of the installed package: --help of both commands, and the devnet booting
// from the tarball (Hardhat networks from the inline config, shipped artifacts and programs) with
// its service answering, then stopping on SIGINT.
import { join } from "node:path";
import { expect } from "chai";
import {
  createConsumer,
  DEVNET_PEERS,
  repoVersion,
  run,
  sharedLibraryConsumer,
  startProcess,
} from "../../../scripts/package/consumer.ts";

/** Booting deploys the receivers on three chains; on a loaded 2-core machine that takes minutes. */
const BOOT_LIMIT_MS = 900_000;

describe("package: attestkit bin", function () {
  this.timeout(1_500_000);

  it("attestkit devnet --help names the options and the optional peers, without the peers installed", async () => {
    const { dir } = await sharedLibraryConsumer();
    const { stdout } = await run("npx", ["--no-install", "attestkit", "devnet", "--help"], { cwd: dir });
    expect(stdout).to.contain("--rpc-port <n>").and.contain("npm install --save-dev hardhat");
  });

  it("attestkit service --help names the options", async () => {
    const { dir } = await sharedLibraryConsumer();
    const { stdout } = await run("npx", ["--no-install", "attestkit", "service", "--help"], { cwd: dir });
    expect(stdout).to.contain("attestkit mock service").and.contain("--solver-key");
  });

  it("attestkit with an unknown command exits 2 with the usage", async () => {
    const { dir } = await sharedLibraryConsumer();
    const failure = await run("npx", ["--no-install", "attestkit", "deploy"], { cwd: dir }).then(
      () => undefined,
      (error: Error) => error.message,
    );
    expect(failure).to.contain('unknown command "deploy"').and.contain("Commands:");
  });

  it("attestkit devnet boots in a fresh project, its service answers, and SIGINT stops it", async () => {
    const { dir } = await createConsumer("devnet", DEVNET_PEERS.map(repoVersion));
    // The bin itself (not through npx), so SIGINT reaches the devnet.
    const bin = join(dir, "node_modules/.bin/attestkit");
    const devnet = startProcess(bin, ["devnet", "--port", "0", "--rpc-port", "0"], dir);
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
      const response = await fetch(`${serviceUrl}/openapi.json`);
      expect(response.status).to.equal(200);
      expect(((await response.json()) as { openapi?: string }).openapi).to.match(/^3\./);
    } finally {
      const code = await devnet.stop();
      expect(code, devnet.output()).to.equal(0);
    }
  });
});
