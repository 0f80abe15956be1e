/**
 * The guides' TypeScript samples run as an integrator runs them: copied into a fresh project with
 * attestkit installed from its packed tarball and executed by Node 24 against a devnet started in
 * this process. One USDC transfer is quoted, attested, deposited through the receiver (viem
 * sample), filled, and indexed back from the chain (indexing sample).
 */
import { cpSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { expect } from "chai";
import { getAddress } from "viem";
import { NODE_24, REPO_ROOT, run, sharedLibraryConsumer } from "../../../scripts/package/consumer.ts";
import { evmDevAccount } from "../../../src/devnet/accounts.ts";
import { type Devnet, startDevnet } from "../../../src/devnet/devnet.ts";

const DRIVER = `import { decodeEvmReceiverDeposit } from "attestkit/receiver";
import { createPublicClient, http } from "viem";
import { devnetTransfer } from "./devnet-deposit.ts";
import { indexReceiverDeposits, readAppBalanceFunding } from "./index-evm-deposits.ts";
const devnet = JSON.parse(process.argv[2]);
const result = await devnetTransfer(devnet);
const client = createPublicClient({ transport: http(devnet.rpcUrl) });
const receipt = await client.getTransactionReceipt({ hash: result.depositHash });
const indexed = await indexReceiverDeposits(client, [devnet.receiver], receipt.blockNumber, receipt.blockNumber);
// The deposit's own DepositAccepted log, as if a contract other than the receiver had emitted it.
const log = receipt.logs.find((l) => decodeEvmReceiverDeposit(l, [devnet.receiver]) !== null);
const lookalike = log && decodeEvmReceiverDeposit({ ...log, address: "0x2222222222222222222222222222222222222222" }, [devnet.receiver]);
const funding = await readAppBalanceFunding(client, result.depositHash);
console.log(JSON.stringify({ result, indexed, foundLog: log !== undefined, lookalike, funding }, (_, v) => (typeof v === "bigint" ? v.toString() : v)));
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
    const [base, optimism] = [devnet.evmChain(8453), devnet.evmChain(10)];
    const usdc = (chain: typeof base) => {
      const token = chain.tokens.find((t) => t.symbol === "USDC");
      if (token === undefined) throw new Error(`no USDC on ${chain.chainId}`);
      return token.address;
    };
    const alice = evmDevAccount("alice");
    const config = {
      serviceUrl: devnet.serviceUrl,
      rpcUrl: base.rpcUrl,
      receiver: base.receiver,
      solver: devnet.solver.evm,
      userKey: alice.privateKey,
      recipient: evmDevAccount("bob").address,
      usdcOn8453: usdc(base),
      usdcOn10: usdc(optimism),
    };
    const { stdout } = await run(NODE_24, ["driver.ts", JSON.stringify(config)], { cwd: examples });
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
});
