/**
 * The guides' TypeScript samples run as an integrator runs them: copied into a fresh project with
 * attestkit installed from its packed tarball and executed by Node 24 against a devnet started in
 * this process. One USDC transfer is quoted, attested, deposited through the receiver (viem
 * sample), filled, and indexed back from the chain (indexing sample); the SVM receiver is deployed
 * over the devnet's Solana JSON-RPC with keypair files (deploy sample), as against a remote cluster.
 */
import { cpSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { address, createSolanaRpc, lamports } from "@solana/kit";
import { Keypair } from "@solana/web3.js";
import { expect } from "chai";
import { getAddress } from "viem";
import {
  createConsumer,
  NODE_24,
  REPO_ROOT,
  repoVersion,
  run,
  sharedLibraryConsumer,
} from "../../../scripts/package/consumer.ts";
import { evmDevAccount } from "../../../src/devnet/accounts.ts";
import { devnetConfig, writeDevnetConfig } from "../../../src/devnet/config-out.ts";
import { type Devnet, startDevnet } from "../../../src/devnet/devnet.ts";

const DRIVER = `import { decodeEvmReceiverDeposit } from "attestkit/receiver";
import { createPublicClient, http } from "viem";
import { devnetTransfer, devnetTransferInputs } from "./devnet-deposit.ts";
import { indexReceiverDeposits, readAppBalanceFunding } from "./index-evm-deposits.ts";
const devnet = await devnetTransferInputs(process.argv[2]);
const result = await devnetTransfer(devnet);
const client = createPublicClient({ transport: http(devnet.rpcUrl) });
const receipt = await client.getTransactionReceipt({ hash: result.depositHash });
const indexed = await indexReceiverDeposits(client, [devnet.receiver], [devnet.solver], receipt.blockNumber, receipt.blockNumber);
// The deposit's own DepositAccepted log, as if a contract other than the receiver had emitted it.
const log = receipt.logs.find((l) => decodeEvmReceiverDeposit(l, [devnet.receiver]) !== null);
const lookalike = log && decodeEvmReceiverDeposit({ ...log, address: "0x2222222222222222222222222222222222222222" }, [devnet.receiver]);
const funding = await readAppBalanceFunding(client, result.depositHash, [devnet.solver]);
console.log(JSON.stringify({ result, indexed, foundLog: log !== undefined, lookalike, funding }, (_, v) => (typeof v === "bigint" ? v.toString() : v)));
`;

const DEPLOY_DRIVER = `import { deploySvmReceiver } from "./deploy-svm-receiver.ts";
const options = JSON.parse(process.argv[2]);
const deployed = await deploySvmReceiver({ ...options, maxDeadlineWindow: BigInt(options.maxDeadlineWindow) });
console.log(JSON.stringify(deployed));
`;

describe("docs/guides samples from the installed package, on the devnet", function () {
  this.timeout(900_000);
  let devnet: Devnet;

  before(async () => {
    devnet = await startDevnet({ blockTimeMs: 200, indexerIntervalMs: 50 });
  });
  after(async () => {
    await devnet?.close();
  });

  it("a USDC transfer is deposited through the receiver, filled and indexed", async () => {
    const { dir } = await sharedLibraryConsumer();
    const examples = join(dir, "docs-guides");
    cpSync(join(REPO_ROOT, "docs/examples"), examples, { recursive: true });
    writeFileSync(join(examples, "package.json"), '{ "type": "module" }\n');
    writeFileSync(join(examples, "driver.ts"), DRIVER);
    // The file `attestkit devnet --config-out` writes, from which the sample reads every value.
    await writeDevnetConfig(join(examples, "devnet.json"), devnetConfig(devnet));
    const alice = evmDevAccount("alice");
    const { stdout } = await run(NODE_24, ["driver.ts", "devnet.json"], { cwd: examples });
    const out = JSON.parse(stdout.trim().split("\n").at(-1) ?? "");
    expect(out.result.status.status).to.equal("success");
    expect(out.result.deposit.requestId).to.equal(out.result.requestId);
    expect(out.result.deposit.payer).to.equal(getAddress(alice.address));
    expect(out.result.deposit.amount).to.equal("25000000");
    expect(out.indexed.map((d: { requestId: string }) => d.requestId)).to.deep.equal([out.result.requestId]);
    expect(out.indexed[0].transactionHash).to.equal(out.result.depositHash);
    // Attack: a look-alike DepositAccepted from another contract is not a deposit.
    expect(out.foundLog).to.equal(true);
    expect(out.lookalike).to.equal(null);
    // A receiver deposit is not app-balance funding.
    expect(out.funding).to.equal(null);
  });

  it("the SVM receiver deploys to a cluster URL with keypair files and initializes", async () => {
    // attestkit/deploy loads litesvm (an optional peer) even to deploy over RPC: install it, as the guide says.
    const { dir } = await createConsumer("guides-deploy", [
      repoVersion("@types/node"),
      repoVersion("litesvm"),
    ]);
    const examples = join(dir, "docs-guides");
    cpSync(join(REPO_ROOT, "docs/examples"), examples, { recursive: true });
    writeFileSync(join(examples, "package.json"), '{ "type": "module" }\n');
    writeFileSync(join(examples, "deploy-driver.ts"), DEPLOY_DRIVER);
    const keys = mkdtempSync(join(tmpdir(), "attestkit-guides-"));
    try {
      const [deployer, program, owner] = [Keypair.generate(), Keypair.generate(), Keypair.generate()];
      writeFileSync(join(keys, "deployer.json"), JSON.stringify([...deployer.secretKey]));
      writeFileSync(join(keys, "program.json"), JSON.stringify([...program.secretKey]));
      const rpc = createSolanaRpc(devnet.svm.rpcUrl);
      const payer = address(deployer.publicKey.toBase58());
      await rpc.requestAirdrop(payer, lamports(20_000_000_000n)).send();
      for (let i = 0; i < 100 && (await rpc.getBalance(payer).send()).value === 0n; i++)
        await new Promise((r) => setTimeout(r, 100));
      const options = {
        rpcUrl: devnet.svm.rpcUrl,
        rpcSubscriptionsUrl: devnet.svm.wsUrl,
        deployerKeypairFile: join(keys, "deployer.json"),
        programKeypairFile: join(keys, "program.json"),
        owner: owner.publicKey.toBase58(),
        solverEvm: devnet.solver.evm,
        solverSvm: devnet.solver.svm,
        maxDeadlineWindow: "900",
      };
      const { stdout } = await run(NODE_24, ["deploy-driver.ts", JSON.stringify(options)], { cwd: examples });
      const deployed = JSON.parse(stdout.trim().split("\n").at(-1) ?? "");
      expect(deployed.programId).to.equal(program.publicKey.toBase58());
      const programAccount = await rpc
        .getAccountInfo(address(deployed.programId), { encoding: "base64" })
        .send();
      expect(programAccount.value?.executable).to.equal(true);
      const config = await rpc.getAccountInfo(address(deployed.config), { encoding: "base64" }).send();
      // The config exists and belongs to the new program: initialize ran in the same deployment.
      expect(config.value?.owner).to.equal(deployed.programId);
    } finally {
      rmSync(keys, { recursive: true, force: true });
    }
  });
});
