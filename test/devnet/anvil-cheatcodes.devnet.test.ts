/**
 * anvil's cheatcodes on the devnet's EVM chains, written as an anvil user writes them: viem's test
 * client in "anvil" mode over the chain's HTTP RPC. Time calls move the whole devnet (the other EVM
 * chain, the SVM chain and the service); malformed parameters are refused with -32602 and change nothing.
 */
import { expect } from "chai";
import fc from "fast-check";
import {
  type Address,
  createPublicClient,
  createTestClient,
  createWalletClient,
  defineChain,
  type Hex,
  http,
  parseEther,
  publicActions,
  walletActions,
} from "viem";
import { type Devnet, startDevnet } from "../../src/devnet/devnet.ts";

const STRANGER = "0x00000000000000000000000000000000000c0ffe" as Address;
const WHALE = "0x000000000000000000000000000000000000beef" as Address;

async function rawRpc(url: string, method: string, params: unknown[]) {
  const response = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params }),
  });
  return (await response.json()) as { result?: unknown; error?: { code: number; message: string } };
}

describe("devnet: anvil cheatcodes over viem's test client", function () {
  this.timeout(120_000);
  let devnet: Devnet;
  let url: string;
  const chain = defineChain({
    id: 8453,
    name: "devnet 8453",
    nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 },
    rpcUrls: { default: { http: [] } },
  });
  const client = () =>
    createTestClient({ mode: "anvil", chain, transport: http(url) })
      .extend(publicActions)
      .extend(walletActions);
  const latestTimestamp = async (rpcUrl: string) =>
    (await createPublicClient({ transport: http(rpcUrl) }).getBlock()).timestamp;

  before(async () => {
    devnet = await startDevnet({ blockTimeMs: 0, logger: false, indexerIntervalMs: 50 });
    url = devnet.evmChain(8453).rpcUrl;
  });
  after(() => devnet?.close());

  it("setBalance, setCode, setStorageAt, setNonce change the state they name", async () => {
    const test = client();
    await test.setBalance({ address: STRANGER, value: parseEther("7") });
    expect(await test.getBalance({ address: STRANGER })).to.equal(parseEther("7"));
    await test.setCode({ address: STRANGER, bytecode: "0x6001600055" });
    expect(await test.getCode({ address: STRANGER })).to.equal("0x6001600055");
    const word = `0x${"ab".repeat(32)}` as Hex;
    await test.setStorageAt({ address: STRANGER, index: 2, value: word });
    expect(await test.getStorageAt({ address: STRANGER, slot: "0x2" })).to.equal(word);
    await test.setNonce({ address: STRANGER, nonce: 9 });
    expect(await test.getTransactionCount({ address: STRANGER })).to.equal(9);
  });

  it("impersonateAccount lets a keyless account send; stopImpersonatingAccount takes it back", async () => {
    const test = client();
    await test.setBalance({ address: WHALE, value: parseEther("10") });
    await test.impersonateAccount({ address: WHALE });
    const wallet = createWalletClient({ account: WHALE, chain, transport: http(url) });
    const hash = await wallet.sendTransaction({ to: STRANGER, value: parseEther("1") });
    expect((await test.waitForTransactionReceipt({ hash })).status).to.equal("success");
    await test.stopImpersonatingAccount({ address: WHALE });
    const refused = await rawRpc(url, "eth_sendTransaction", [{ from: WHALE, to: STRANGER, value: "0x1" }]);
    expect(refused.error?.message).to.match(/unknown account|not.*owned|sender/i);
  });

  it("mine({ blocks, interval }) mines that many blocks, interval seconds apart, and the devnet's clock follows", async () => {
    const test = client();
    const start = await test.getBlock();
    await test.mine({ blocks: 3, interval: 60 });
    const end = await test.getBlock();
    expect(end.number - start.number).to.equal(3n);
    const previous = await test.getBlock({ blockNumber: end.number - 1n });
    expect(end.timestamp - previous.timestamp).to.equal(60n);
    // The other chain's next block and the service are at the last block's time too.
    expect(Math.floor(devnet.time.now() / 1000) >= Number(end.timestamp)).to.equal(true);
    await createTestClient({ mode: "anvil", transport: http(devnet.evmChain(10).rpcUrl) }).mine({
      blocks: 1,
    });
    expect((await latestTimestamp(devnet.evmChain(10).rpcUrl)) >= end.timestamp).to.equal(true);
  });

  it("increaseTime on chain 8453 moves chain 10, the SVM chain's Clock and the service; setNextBlockTimestamp stamps the next block exactly", async () => {
    const test = client();
    const before = Math.floor(devnet.time.now() / 1000);
    await test.increaseTime({ seconds: 86_400 });
    const time = (await (await fetch(`${devnet.serviceUrl}/_devnet/time`)).json()) as { timestamp: number };
    expect(time.timestamp >= before + 86_400).to.equal(true);
    await createTestClient({ mode: "anvil", transport: http(devnet.evmChain(10).rpcUrl) }).mine({
      blocks: 1,
    });
    expect(Number(await latestTimestamp(devnet.evmChain(10).rpcUrl)) >= before + 86_400).to.equal(true);
    expect(Number(devnet.svm.svm.getClock().unixTimestamp) >= before + 86_400).to.equal(true);

    // A pending call (TIMESTAMP returned by init code) sees the moved time before any block is mined.
    const pending = await rawRpc(url, "eth_call", [{ data: "0x425f5260205ff3" }, "pending"]);
    expect(Number(BigInt(pending.result as Hex)) >= before + 86_400).to.equal(true);

    const next = BigInt(time.timestamp + 1000);
    await test.setNextBlockTimestamp({ timestamp: next });
    await test.mine({ blocks: 1 });
    expect((await test.getBlock()).timestamp).to.equal(next);
    const past = await rawRpc(url, "evm_setNextBlockTimestamp", [Number(next) - 500]);
    expect(past.error?.code).to.be.oneOf([-32602, -32000]);
  });

  it("evm_mine takes anvil's timestamp or { timestamp, blocks }: blocks from that time, the devnet's clock there", async () => {
    const test = client();
    const start = await test.getBlock();
    const at = Math.floor(devnet.time.now() / 1000) + 500;
    expect((await rawRpc(url, "evm_mine", [{ timestamp: at, blocks: 3 }])).result).to.equal("0x0");
    const end = await test.getBlock();
    expect(end.number - start.number).to.equal(3n);
    expect((await test.getBlock({ blockNumber: start.number + 1n })).timestamp).to.equal(BigInt(at));
    expect(Math.floor(devnet.time.now() / 1000) >= Number(end.timestamp)).to.equal(true);
    await rawRpc(url, "evm_mine", [at + 100]);
    expect((await test.getBlock()).timestamp).to.equal(BigInt(at + 100));
  });

  it("setAutomine(false) leaves a transaction pending until mine()", async () => {
    const test = client();
    await test.setAutomine(false);
    try {
      expect(await test.getAutomine()).to.equal(false);
      const [account] = await test.getAddresses();
      const hash = await test.sendTransaction({ account: account as Address, to: STRANGER, value: 1n });
      const pending = await rawRpc(url, "eth_getTransactionReceipt", [hash]);
      expect(pending.result).to.equal(null);
      await test.mine({ blocks: 1 });
      expect((await test.getTransactionReceipt({ hash })).status).to.equal("success");
    } finally {
      await test.setAutomine(true);
    }
  });

  it("property: a malformed address or quantity is refused with -32602 and changes nothing", async () => {
    const before = await client().getBalance({ address: STRANGER });
    const badAddress = fc.oneof(
      fc.string({ maxLength: 50 }).filter((s) => !/^(0x)?[0-9a-fA-F]{40}$/.test(s)),
      fc.integer(),
      fc.constant(null),
    );
    const badQuantity = fc.oneof(
      fc.integer({ max: -1 }),
      fc.double({ noInteger: true, noNaN: true }),
      fc.string({ maxLength: 10 }).filter((s) => !/^0x[0-9a-fA-F]{1,64}$/.test(s)),
      fc.constant("0x"),
    );
    await fc.assert(
      fc.asyncProperty(badAddress, async (address) => {
        const answer = await rawRpc(url, "anvil_setBalance", [address, "0x1"]);
        expect(answer.error?.code).to.equal(-32602);
      }),
      { numRuns: 30 },
    );
    await fc.assert(
      fc.asyncProperty(badQuantity, async (value) => {
        const answer = await rawRpc(url, "anvil_setBalance", [STRANGER, value]);
        expect(answer.error?.code).to.equal(-32602);
        const time = await rawRpc(url, "evm_increaseTime", [value]);
        expect(time.error?.code).to.equal(-32602);
      }),
      { numRuns: 30 },
    );
    expect(await client().getBalance({ address: STRANGER })).to.equal(before);
    const storage = await rawRpc(url, "anvil_setStorageAt", [STRANGER, "0x0", "0x01"]);
    expect(storage.error?.code).to.equal(-32602);
  });
});
