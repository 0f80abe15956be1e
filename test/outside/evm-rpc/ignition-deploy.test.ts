/**
 * Deploys over RPC: the receiver's Ignition module deployed against the devnet's HTTP endpoint
 * exactly as against a remote network (`--network devnet8453`, URL and key from configuration
 * variables, a parameters file), then read back over JSON-RPC.
 */
import { execFile } from "node:child_process";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { expect } from "chai";
import { type Address, createPublicClient, getAddress, http } from "viem";
import { toBytes32Address } from "../../../src/address/index.ts";
import { evmDevAccount } from "../../../src/devnet/accounts.ts";
import type { EvmDevChain } from "../../../src/devnet/evm-chain.ts";
import { attestedReceiverAbi } from "../../../src/receiver/index.ts";
import { alice, startChain } from "./fixture.ts";

const ROOT = fileURLToPath(new URL("../../../", import.meta.url));
const HARDHAT = join(ROOT, "node_modules/hardhat/dist/src/cli.js");
const run = promisify(execFile);

describe("Ignition deploy of the receiver over the devnet's JSON-RPC", function () {
  this.timeout(300_000);
  const deploymentId = `devnet-rpc-test-${process.pid}`;
  let chain: EvmDevChain;
  let work: string;
  let blocks: NodeJS.Timeout;
  before(async () => {
    chain = await startChain();
    work = await mkdtemp(join(tmpdir(), "attestkit-ignition-"));
    // Ignition waits for confirmations on a remote network; the devnet mines on a timer as `npm start` does.
    blocks = setInterval(() => chain.mine().catch(() => {}), 100);
  });
  after(async () => {
    clearInterval(blocks);
    await chain.close();
    await rm(work, { recursive: true, force: true });
    await rm(join(ROOT, "ignition/deployments", deploymentId), { recursive: true, force: true });
  });

  it("deploys with the module's parameters file and the receiver answers over RPC", async () => {
    const deployer = evmDevAccount("deployer");
    const solver = evmDevAccount("solver").address;
    const owner = evmDevAccount("carol").address;
    const destination = toBytes32Address(alice.address, 10);
    const parameters = join(work, "devnet8453.json");
    await writeFile(
      parameters,
      JSON.stringify({
        AttestedReceiver: {
          owner,
          solver,
          maxDeadlineWindow: 1800,
          whitelist: [{ chainId: 10, user: destination }],
        },
      }),
    );
    const { stdout } = await run(
      process.execPath,
      [
        HARDHAT,
        // The artifacts the suite already built: Ignition's default "production" profile would
        // recompile every contract and replace the artifacts other suites are reading.
        "--build-profile",
        "default",
        "ignition",
        "deploy",
        "ignition/modules/AttestedReceiver.ts",
        "--network",
        "devnet8453",
        "--parameters",
        parameters,
        "--deployment-id",
        deploymentId,
      ],
      {
        cwd: ROOT,
        timeout: 240_000,
        env: {
          ...process.env,
          DEVNET8453_RPC_URL: chain.rpcUrl,
          DEVNET_DEPLOYER_KEY: deployer.privateKey,
          HARDHAT_IGNITION_CONFIRM_DEPLOYMENT: "1",
        },
      },
    );
    const addresses = JSON.parse(
      await readFile(join(ROOT, "ignition/deployments", deploymentId, "deployed_addresses.json"), "utf8"),
    ) as Record<string, Address>;
    const receiver = getAddress(addresses["AttestedReceiver#AttestedReceiver"] as Address);
    expect(stdout).to.include(receiver);
    expect(receiver).to.not.equal(chain.receiver);

    const client = createPublicClient({ transport: http(chain.rpcUrl) });
    const read = (functionName: string, args: readonly unknown[] = []) =>
      client.readContract({ address: receiver, abi: attestedReceiverAbi, functionName, args } as never);
    expect(await read("owner")).to.equal(owner);
    expect(await read("maxDeadlineWindow")).to.equal(1800);
    expect(await read("isAuthorizedSigner", [solver])).to.equal(true);
    expect(await read("isWhitelisted", [10n, destination])).to.equal(true);
    expect(await read("isWhitelisted", [8453n, destination])).to.equal(false);
  });
});
