/**
 * The real-network path, run against a local node as if it were Base Sepolia: the `baseSepolia`
 * network entry reads its URL and deployer key from configuration variables (environment here, the
 * keystore on an operator's machine), and the Ignition module deploys with the devnet parameter file.
 * On a live network Ignition builds with Hardhat's production profile, which this project gives the
 * same compiler settings as the default one (checked here); the deployment runs on the default
 * profile, whose build the test run already holds, instead of compiling every contract again in
 * isolation with solc-js (about 3.5 minutes).
 */
import { type ChildProcess, execFile, spawn } from "node:child_process";
import { readFile, rm } from "node:fs/promises";
import { join } from "node:path";
import { promisify } from "node:util";
import { expect } from "chai";
import { createPublicClient, getAddress, http, parseAbi } from "viem";
import { mnemonicToAccount } from "viem/accounts";
import hardhatConfig from "../../../hardhat.config.ts";
import { DEVNET_MNEMONIC } from "../../../src/devnet/accounts.ts";
import { freePort } from "../free-port.ts";

const execFileAsync = promisify(execFile);
const ROOT = join(import.meta.dirname, "..", "..", "..");
const HARDHAT = join(ROOT, "node_modules", "hardhat", "dist", "src", "cli.js");
const DEPLOYMENT_ID = "docs-real-network-check";

async function waitForRpc(url: string, deadline: number): Promise<void> {
  const client = createPublicClient({ transport: http(url) });
  for (;;) {
    try {
      await client.getChainId();
      return;
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((r) => setTimeout(r, 500));
    }
  }
}

describe("real-network deploy path against a local node", function () {
  this.timeout(600_000);
  let node: ChildProcess | undefined;

  after(async () => {
    node?.kill("SIGTERM");
    await rm(join(ROOT, "ignition", "deployments", DEPLOYMENT_ID), { recursive: true, force: true });
  });

  it("builds for live networks with the compiler settings the tests build with", () => {
    const { profiles } = hardhatConfig.solidity as { profiles: Record<string, unknown> };
    expect(profiles.production).to.deep.equal(profiles.default);
  });

  it("deploys the receiver with `--network baseSepolia` and the devnet parameters", async () => {
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    node = spawn(process.execPath, [HARDHAT, "node", "--hostname", "127.0.0.1", "--port", String(port)], {
      cwd: ROOT,
      stdio: "ignore",
    });
    await waitForRpc(url, Date.now() + 120_000);

    const deployer = mnemonicToAccount(DEVNET_MNEMONIC, { addressIndex: 0 });
    const key = `0x${Buffer.from(deployer.getHdKey().privateKey as Uint8Array).toString("hex")}`;
    const { stdout } = await execFileAsync(
      process.execPath,
      [
        HARDHAT,
        "ignition",
        "deploy",
        "ignition/modules/AttestedReceiver.ts",
        "--network",
        "baseSepolia",
        "--build-profile",
        "default",
        "--parameters",
        "ignition/parameters/devnet.json",
        "--deployment-id",
        DEPLOYMENT_ID,
      ],
      { cwd: ROOT, env: { ...process.env, BASE_SEPOLIA_RPC_URL: url, DEPLOYER_PRIVATE_KEY: key } },
    );
    const address = stdout.match(/AttestedReceiver#AttestedReceiver - (0x[0-9a-fA-F]{40})/)?.[1];
    expect(address, stdout).to.be.a("string");

    const parameters = JSON.parse(
      await readFile(join(ROOT, "ignition", "parameters", "devnet.json"), "utf8"),
    ) as {
      AttestedReceiver: { solver: string; owner: string };
    };
    const client = createPublicClient({ transport: http(url) });
    const abi = parseAbi([
      "function solver() view returns (address)",
      "function owner() view returns (address)",
    ]);
    const target = getAddress(address as string);
    expect(await client.readContract({ address: target, abi, functionName: "solver" })).to.equal(
      getAddress(parameters.AttestedReceiver.solver),
    );
    expect(await client.readContract({ address: target, abi, functionName: "owner" })).to.equal(
      getAddress(parameters.AttestedReceiver.owner),
    );
    expect(getAddress(parameters.AttestedReceiver.owner)).to.equal(deployer.address);
  });
});
