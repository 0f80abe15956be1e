/**
 * The package user's pages, followed from the packed tarball in a fresh project that holds no file
 * of this repository other than the tarball and the pages' own samples, against the devnet that
 * project starts (`npx attestkit devnet --config-out devnet.json`), reached only through the
 * endpoints that file lists:
 * - real-networks.md / deploy-and-operate.md: the one-line `attestkit/ignition` module, the
 *   `hardhat.config.ts` whose URL and key are configuration variables, and a parameters file the
 *   user writes deploy the receiver over JSON-RPC; `configureReceiver` (configure sample) then
 *   whitelists a destination as the owner;
 * - the deposit sample: paying the same request twice is refused and named
 *   `RequestAlreadyAccepted`, not shown as an unrecognized custom error.
 */
import { cpSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { expect } from "chai";
import { type Address, createPublicClient, getAddress, type Hex, http } from "viem";
import {
  createConsumer,
  DEVNET_PEERS,
  NODE_24,
  REPO_ROOT,
  repoVersion,
  run,
  startProcess,
} from "../../../scripts/package/consumer.ts";
import { DevnetConfigSchema } from "../../../src/devnet/config-out.ts";
import { attestedReceiverAbi } from "../../../src/receiver/index.ts";

/** What the tests need of the devnet, from the file `attestkit devnet --config-out` writes. */
type DevnetEndpoints = {
  serviceUrl: string;
  rpcUrl: Record<8453 | 10, string>;
  receiver: Record<8453 | 10, Address>;
  usdc: Record<8453 | 10, Address>;
  solver: Address;
  accounts: Record<string, { address: Address; privateKey: Hex }>;
};

function readDevnetConfig(file: string): DevnetEndpoints {
  const config = DevnetConfigSchema.parse(JSON.parse(readFileSync(file, "utf8")));
  const chain = (chainId: 8453 | 10) => {
    const found = config.evm.find((entry) => entry.chainId === chainId);
    if (!found) throw new Error(`the devnet's config has no chain ${chainId}`);
    return found;
  };
  const usdc = (chainId: 8453 | 10) =>
    chain(chainId).tokens.find((token) => token.symbol === "USDC")?.address as Address;
  return {
    serviceUrl: config.service.url,
    rpcUrl: { 8453: chain(8453).rpcUrl, 10: chain(10).rpcUrl },
    receiver: {
      8453: chain(8453).contracts.receiver as Address,
      10: chain(10).contracts.receiver as Address,
    },
    usdc: { 8453: usdc(8453), 10: usdc(10) },
    solver: config.solver.evm as Address,
    accounts: Object.fromEntries(
      config.accounts.evm.map((account) => [
        account.role,
        { address: account.address as Address, privateKey: account.privateKey as Hex },
      ]),
    ),
  };
}

const CONFIGURE_DRIVER = `import { configureEvmReceiver } from "./configure-evm-receiver.ts";
const options = JSON.parse(process.argv[2]);
const result = await configureEvmReceiver(options);
console.log(JSON.stringify(result));
`;

const PAY_TWICE_DRIVER = `import { depositThroughEvmReceiver } from "./deposit-evm-viem.ts";
import { devnetTransfer, devnetTransferInputs } from "./devnet-deposit.ts";
import { createPublicClient, createWalletClient, defineChain, http } from "viem";
import { privateKeyToAccount } from "viem/accounts";
const devnet = await devnetTransferInputs(process.argv[2]);
const first = await devnetTransfer(devnet);
const chain = defineChain({ id: 8453, name: "devnet", nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 }, rpcUrls: { default: { http: [devnet.rpcUrl] } } });
const publicClient = createPublicClient({ chain, transport: http() });
const wallet = createWalletClient({ account: privateKeyToAccount(devnet.userKey), chain, transport: http() });
const block = await publicClient.getBlock();
let second = "paid twice";
try {
  await depositThroughEvmReceiver({ serviceUrl: devnet.serviceUrl, requestId: first.requestId, receiver: devnet.receiver, wallet, publicClient, deadline: block.timestamp + 600n });
} catch (error) {
  second = error.message;
}
console.log(JSON.stringify({ firstStatus: first.status.status, requestId: first.requestId, second }));
`;

describe("docs for a package user, from the tarball in a fresh project, on the devnet", function () {
  this.timeout(1_800_000);
  let devnet: DevnetEndpoints;
  let stopDevnet: (() => Promise<number | null>) | undefined;
  let dir: string;
  const account = (role: string) => {
    const found = devnet.accounts[role];
    if (!found) throw new Error(`the devnet's config has no ${role} account`);
    return found;
  };

  before(async () => {
    // The install order of use-from-your-project.md: the tarball, then the devnet's optional peers,
    // plus the Hardhat peers real-networks.md installs (Ignition and the keystore plugin).
    const peers = [
      ...DEVNET_PEERS,
      "hardhat",
      "@nomicfoundation/hardhat-ignition",
      "@nomicfoundation/hardhat-ignition-viem",
      "@nomicfoundation/hardhat-viem",
      "@nomicfoundation/hardhat-keystore",
      "@types/node",
    ].map(repoVersion);
    ({ dir } = await createConsumer("docs-user", peers, { type: "module" }));
    const started = startProcess(
      join(dir, "node_modules/.bin/attestkit"),
      [
        "devnet",
        ...["--port", "0", "--rpc-port", "0", "--svm-rpc-port", "0", "--block-time", "200"],
        ...["--config-out", "devnet.json"],
      ],
      dir,
    );
    stopDevnet = started.stop;
    for (let i = 0; i < 600 && !started.output().includes("Activity ("); i++) {
      if (
        (await Promise.race([started.exited, new Promise((r) => setTimeout(() => r("running"), 500))])) !==
        "running"
      )
        throw new Error(`attestkit devnet exited:\n${started.output()}`);
    }
    devnet = readDevnetConfig(join(dir, "devnet.json"));
    // The pages' samples, as a user copies them from the pages.
    cpSync(join(REPO_ROOT, "docs/examples/hardhat-project"), dir, { recursive: true });
    for (const sample of ["configure-evm-receiver.ts", "deposit-evm-viem.ts", "devnet-deposit.ts"])
      cpSync(join(REPO_ROOT, "docs/examples", sample), join(dir, sample));
  });
  after(async () => {
    await stopDevnet?.();
  });

  it("deploys the receiver with the one-line module and a user-written parameters file, then configures it", async () => {
    const deployer = account("deployer");
    const owner = account("carol");
    writeFileSync(
      join(dir, "receiver.devnet.json"),
      JSON.stringify({
        AttestedReceiver: {
          owner: owner.address,
          solver: devnet.solver,
          maxDeadlineWindow: 900,
          whitelist: [],
        },
      }),
    );
    const { stdout } = await run(
      join(dir, "node_modules/.bin/hardhat"),
      [
        "ignition",
        "deploy",
        "ignition/modules/Receiver.ts",
        "--network",
        "baseSepolia",
        "--parameters",
        "receiver.devnet.json",
      ],
      {
        cwd: dir,
        // The configuration variables of hardhat.config.ts, given as environment variables.
        // and the answer to Ignition's confirmation prompt, as real-networks.md gives it for scripts.
        env: {
          BASE_SEPOLIA_RPC_URL: devnet.rpcUrl[8453],
          DEPLOYER_PRIVATE_KEY: deployer.privateKey,
          HARDHAT_IGNITION_CONFIRM_DEPLOYMENT: "true",
        },
        timeoutMs: 600_000,
      },
    );
    const deployed = stdout.match(/AttestedReceiver#AttestedReceiver - (0x[0-9a-fA-F]{40})/)?.[1];
    expect(deployed, stdout).to.be.a("string");
    const address = getAddress(deployed as string);
    const client = createPublicClient({ transport: http(devnet.rpcUrl[8453]) });
    const read = (functionName: "solver" | "owner" | "maxDeadlineWindow") =>
      client.readContract({ address, abi: attestedReceiverAbi, functionName });
    expect(await read("solver")).to.equal(getAddress(devnet.solver));
    expect(await read("owner")).to.equal(getAddress(owner.address));
    expect(await read("maxDeadlineWindow")).to.equal(900);

    const bob = account("bob").address;
    const isWhitelisted = () =>
      client.readContract({
        address,
        abi: attestedReceiverAbi,
        functionName: "isWhitelisted",
        args: [10n, `0x${bob.slice(2).toLowerCase().padStart(64, "0")}`],
      });
    expect(await isWhitelisted()).to.equal(false);
    writeFileSync(join(dir, "configure-driver.ts"), CONFIGURE_DRIVER);
    const options = {
      rpcUrl: devnet.rpcUrl[8453],
      ownerKey: owner.privateKey,
      receiver: address,
      changes: { whitelistAdd: [{ chainId: 10, user: bob }] },
    };
    const configured = await run(NODE_24, ["configure-driver.ts", JSON.stringify(options)], { cwd: dir });
    const result = JSON.parse(configured.stdout.trim().split("\n").at(-1) ?? "");
    expect(result.hashes).to.have.length(1);
    expect(await isWhitelisted()).to.equal(true);
  });

  it("configuring as someone other than the owner is refused by the receiver", async () => {
    writeFileSync(join(dir, "configure-driver.ts"), CONFIGURE_DRIVER);
    const options = {
      rpcUrl: devnet.rpcUrl[8453],
      ownerKey: account("alice").privateKey,
      receiver: devnet.receiver[8453],
      changes: { paused: true },
    };
    const refused = await run(NODE_24, ["configure-driver.ts", JSON.stringify(options)], { cwd: dir }).then(
      () => "configured",
      (error: Error) => error.message,
    );
    expect(refused).to.match(/OwnableUnauthorizedAccount/);
    const client = createPublicClient({ transport: http(devnet.rpcUrl[8453]) });
    expect(
      await client.readContract({
        address: devnet.receiver[8453],
        abi: attestedReceiverAbi,
        functionName: "paused",
      }),
    ).to.equal(false);
  });

  it("paying the same request twice is refused and named RequestAlreadyAccepted", async () => {
    writeFileSync(join(dir, "pay-twice-driver.ts"), PAY_TWICE_DRIVER);
    // The sample reads every value from the devnet's --config-out file.
    const { stdout } = await run(NODE_24, ["pay-twice-driver.ts", "devnet.json"], { cwd: dir });
    const out = JSON.parse(stdout.trim().split("\n").at(-1) ?? "");
    // The first payment really went through: the attack is a second payment of a paid request.
    expect(out.firstStatus).to.equal("success");
    expect(out.second).to.equal(`the receiver refused the deposit: RequestAlreadyAccepted(${out.requestId})`);
  });
});
