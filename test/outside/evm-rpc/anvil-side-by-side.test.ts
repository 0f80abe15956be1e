/**
 * One viem test-client script run against anvil (from the npm registry) and a devnet EVM chain side
 * by side: snapshots and their invalidation, mining modes, time, state cheatcodes, impersonation,
 * `anvil_reorg`, `anvil_rollback`, `anvil_dealERC20`, `eth_sendRawTransactionSync`, dump and load. What both do the same is asserted
 * once for both; each difference in docs/devnet.md ("Beside anvil and surfpool") is asserted explicitly on
 * each side, so a change on either shows here.
 */
import { readFileSync } from "node:fs";
import { expect } from "chai";
import {
  type Abi,
  type Address,
  createTestClient,
  defineChain,
  type Hex,
  http,
  parseAbi,
  parseEther,
  parseGwei,
  publicActions,
  walletActions,
} from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { type AnvilNode, startAnvil } from "../../../bench/anvil.ts";
import { evmMnemonicAccount } from "../../../src/devnet/accounts.ts";
import { type Devnet, startDevnet } from "../../../src/devnet/devnet.ts";

const STRANGER = "0x00000000000000000000000000000000000c0ffe" as Address;
const WHALE = "0x000000000000000000000000000000000000beef" as Address;
/** A codeless account the signed transfers pay (STRANGER gets code on the way). */
const PAYEE = "0x0000000000000000000000000000000000005eed" as Address;
/** The first account of the development mnemonic, funded and unlocked on both. */
const SENDER = "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266" as Address;
const ERC20 = parseAbi([
  "function balanceOf(address) view returns (uint256)",
  "function totalSupply() view returns (uint256)",
]);

interface Rpc {
  result?: unknown;
  error?: { code: number; message: string };
}

type Name = "anvil" | "devnet";

describe("side by side: one viem test-client script on anvil and on a devnet EVM chain", function () {
  this.timeout(180_000);
  let anvil: AnvilNode;
  let devnet: Devnet;
  const urls = {} as Record<Name, string>;

  const client = (name: Name) =>
    createTestClient({
      mode: "anvil",
      chain: defineChain({
        id: name === "anvil" ? 31337 : 8453,
        name,
        nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 },
        rpcUrls: { default: { http: [urls[name]] } },
      }),
      transport: http(urls[name]),
    })
      .extend(publicActions)
      .extend(walletActions);
  const raw = async (name: Name, method: string, params: unknown[] = []): Promise<Rpc> => {
    const response = await fetch(urls[name], {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params }),
    });
    return (await response.json()) as Rpc;
  };
  const send = (name: Name, value: bigint, to = STRANGER) =>
    client(name).sendTransaction({ account: SENDER, to, value });
  /** The latest block number, uncached (viem caches `getBlockNumber` for its polling interval). */
  const height = async (name: Name) => BigInt((await raw(name, "eth_blockNumber")).result as Hex);
  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  before(async () => {
    [anvil, devnet] = await Promise.all([startAnvil(), startDevnet({ logger: false, blockTimeMs: 0 })]);
    urls.anvil = anvil.rpcUrl;
    urls.devnet = devnet.evmChain(8453).rpcUrl;
  });
  after(async () => {
    await Promise.all([anvil?.close(), devnet?.close()]);
  });

  for (const name of ["anvil", "devnet"] as const) {
    describe(name, () => {
      it("snapshot / revert: a revert goes back and deletes that snapshot and every later one", async () => {
        const test = client(name);
        const start = await height(name);
        const first = await test.snapshot();
        await test.mine({ blocks: 2 });
        const second = await test.snapshot();
        const third = await test.snapshot();
        // Ids are opaque: anvil counts its snapshots; the devnet's ids are EDR's, which its rollback
        // checkpoints (one before each mining request) share.
        const step = BigInt(second) - BigInt(first);
        if (name === "anvil") expect(step).to.equal(1n);
        else expect(step > 1n).to.equal(true);
        await test.mine({ blocks: 1 });
        expect(await height(name)).to.equal(start + 3n);
        await test.revert({ id: second });
        expect(await height(name)).to.equal(start + 2n);
        expect((await raw(name, "evm_revert", [third])).result, "a later snapshot is gone").to.equal(false);
        expect((await raw(name, "evm_revert", [second])).result, "the reverted one is gone").to.equal(false);
        expect((await raw(name, "evm_revert", [first])).result).to.equal(true);
        expect(await height(name)).to.equal(start);
        expect((await raw(name, "evm_revert", ["0xfffff"])).result, "an unknown id").to.equal(false);
        // anvil's own names.
        const own = (await raw(name, "anvil_snapshot")).result as Hex;
        await test.mine({ blocks: 1 });
        expect((await raw(name, "anvil_revert", [own])).result).to.equal(true);
        expect(await height(name)).to.equal(start);
      });

      it("mining modes: automine, none (setAutomine false) and interval, in seconds", async () => {
        const test = client(name);
        expect(await test.getAutomine()).to.equal(true);
        const mined = await send(name, 1n);
        expect((await test.getTransactionReceipt({ hash: mined })).status).to.equal("success");

        await test.setAutomine(false);
        expect(await test.getAutomine()).to.equal(false);
        expect((await raw(name, "anvil_getIntervalMining")).result).to.equal(null);
        const waiting = await send(name, 2n);
        expect((await raw(name, "eth_getTransactionReceipt", [waiting])).result).to.equal(null);
        await test.mine({ blocks: 1 });
        expect((await test.getTransactionReceipt({ hash: waiting })).status).to.equal("success");

        await test.setIntervalMining({ interval: 1 });
        expect(await test.getAutomine()).to.equal(false);
        expect((await raw(name, "anvil_getIntervalMining")).result).to.equal(1);
        const timed = await send(name, 3n);
        const started = await height(name);
        expect((await raw(name, "eth_getTransactionReceipt", [timed])).result).to.equal(null);
        // Mined by the interval alone (no mining call), about one block a second: polled, not slept, so a
        // loaded machine's late timers do not fail it.
        const waitedFrom = Date.now();
        const receipt = await test.waitForTransactionReceipt({
          hash: timed,
          pollingInterval: 100,
          timeout: 15_000,
        });
        expect(receipt.status).to.equal("success");
        const seconds = Math.ceil((Date.now() - waitedFrom) / 1000);
        expect(Number((await height(name)) - started)).to.be.within(1, seconds + 2);

        await test.setIntervalMining({ interval: 0 });
        expect((await raw(name, "anvil_getIntervalMining")).result).to.equal(null);
        expect(await test.getAutomine()).to.equal(false);
        const still = await height(name);
        await sleep(1_300);
        expect(await height(name), "no interval: no blocks").to.equal(still);
        await raw(name, "anvil_setAutomine", [true]);
        expect(await test.getAutomine()).to.equal(true);
      });

      it("increaseTime moves the next block's time; setNextBlockTimestamp stamps it exactly; the past is refused", async () => {
        const test = client(name);
        const before = (await test.getBlock()).timestamp;
        const offset = (await raw(name, "evm_increaseTime", [3_600])).result;
        expect(offset, "the total offset in seconds").to.be.a("number");
        await test.mine({ blocks: 1 });
        expect((await test.getBlock()).timestamp - before >= 3_600n).to.equal(true);
        const next = (await test.getBlock()).timestamp + 1_000n;
        await test.setNextBlockTimestamp({ timestamp: next });
        await test.mine({ blocks: 1 });
        expect((await test.getBlock()).timestamp).to.equal(next);
        const past = await raw(name, "evm_setNextBlockTimestamp", [Number(next) - 10]);
        expect(past.error?.code).to.equal(-32602);
        // After the latest block but before the node's time: anvil takes it; the devnet's one clock never goes back.
        await raw(name, "evm_increaseTime", [100]);
        const behind = await raw(name, "evm_setNextBlockTimestamp", [Number(next) + 1]);
        if (name === "anvil") expect(behind.result).to.equal(null);
        else expect(behind.error?.code).to.equal(-32602);
        expect((await raw(name, "anvil_increaseTime", [1])).result).to.be.a("number");
      });

      it("setBalance, setCode, setStorageAt, setNonce change what they name", async () => {
        const test = client(name);
        await test.setBalance({ address: STRANGER, value: parseEther("7") });
        expect(await test.getBalance({ address: STRANGER })).to.equal(parseEther("7"));
        await test.setCode({ address: STRANGER, bytecode: "0x6001600055" });
        expect(await test.getCode({ address: STRANGER })).to.equal("0x6001600055");
        const word = `0x${"ab".repeat(32)}` as Hex;
        expect((await raw(name, "anvil_setStorageAt", [STRANGER, "0x2", word])).result).to.equal(true);
        expect(await test.getStorageAt({ address: STRANGER, slot: "0x2" })).to.equal(word);
        await test.setNonce({ address: STRANGER, nonce: 9 });
        expect(await test.getTransactionCount({ address: STRANGER })).to.equal(9);
      });

      it("impersonateAccount lets a keyless account send; stopImpersonatingAccount takes it back", async () => {
        const test = client(name);
        await test.setBalance({ address: WHALE, value: parseEther("10") });
        await test.impersonateAccount({ address: WHALE });
        const hash = await test.sendTransaction({ account: WHALE, to: STRANGER, value: 1n });
        expect((await test.waitForTransactionReceipt({ hash })).status).to.equal("success");
        await test.stopImpersonatingAccount({ address: WHALE });
        const refused = await raw(name, "eth_sendTransaction", [{ from: WHALE, to: STRANGER, value: "0x1" }]);
        expect(refused.error, "no longer unlocked").to.not.equal(undefined);
      });

      it("anvil_reorg replaces the latest blocks by as many new ones holding the given transactions", async () => {
        const test = client(name);
        await test.mine({ blocks: 2 });
        const balance = await test.getBalance({ address: WHALE });
        const dropped = await send(name, 5n, WHALE);
        const top = await height(name);
        const head = await test.getBlock();
        expect(await raw(name, "anvil_reorg", [2, []])).to.deep.include({ result: null });
        expect(await height(name), "as many blocks").to.equal(top);
        const reorged = await test.getBlock();
        expect(reorged.hash).to.not.equal(head.hash);
        expect((await raw(name, "eth_getTransactionReceipt", [dropped])).result).to.equal(null);
        expect(await test.getBalance({ address: WHALE })).to.equal(balance);
        if (name === "anvil")
          expect(reorged.timestamp, "anvil keeps the blocks' times").to.equal(head.timestamp);
        else
          expect(reorged.timestamp >= head.timestamp, "the devnet stamps them from its clock").to.equal(true);

        const given = { from: SENDER, to: WHALE, value: "0x7" };
        expect(await raw(name, "anvil_reorg", [2, [[given, 1]]])).to.deep.include({ result: null });
        expect(await test.getBalance({ address: WHALE })).to.equal(balance + 7n);
        const latest = await test.getBlock();
        expect(latest.transactions, "the transaction at offset 1: the last new block").to.have.length(1);
        expect(await raw(name, "anvil_reorg", [100_000, []])).to.deep.include({
          error: {
            code: -32602,
            message: `Reorg depth must not exceed current chain height: current height ${top}, depth 100000`,
          },
        });
      });

      it("anvil_rollback drops the latest blocks and what they held; depth past the chain is refused", async () => {
        const test = client(name);
        await test.mine({ blocks: 2 });
        const balance = await test.getBalance({ address: WHALE });
        const hash = await send(name, 5n, WHALE);
        await test.mine({ blocks: 1 });
        const top = await height(name);
        expect(await test.getBalance({ address: WHALE })).to.equal(balance + 5n);
        expect((await raw(name, "anvil_rollback", [2])).result).to.equal(null);
        expect(await height(name)).to.equal(top - 2n);
        expect(await test.getBalance({ address: WHALE })).to.equal(balance);
        expect((await raw(name, "eth_getTransactionReceipt", [hash])).result).to.equal(null);
        expect((await raw(name, "anvil_rollback", [null])).result).to.equal(null);
        expect(await height(name), "null: one block").to.equal(top - 3n);
        // A snapshot taken after the block a rollback goes back to: anvil errs, the devnet has deleted it.
        const snapshot = (await raw(name, "evm_snapshot")).result;
        await test.mine({ blocks: 1 });
        await raw(name, "anvil_rollback", [2]);
        const stale = await raw(name, "evm_revert", [snapshot]);
        if (name === "anvil") expect(stale.error?.code).to.equal(-32001);
        else expect(stale.result).to.equal(false);
        await test.mine({ blocks: 1 });
        expect(await raw(name, "anvil_rollback", [100_000])).to.deep.include({
          error: {
            code: -32602,
            message: `Rollback depth must not exceed current chain height: current height ${await height(name)}, depth 100000`,
          },
        });
      });

      it("anvil_dealERC20 sets a token balance and nothing else; a non-token is refused", async () => {
        const test = client(name);
        const artifact = JSON.parse(
          readFileSync("artifacts/contracts/mocks/MockERC20.sol/MockERC20.json", "utf8"),
        ) as { abi: Abi; bytecode: Hex };
        const deployed = await test.deployContract({
          account: SENDER,
          abi: artifact.abi,
          bytecode: artifact.bytecode,
          args: ["Side", "SIDE", 6],
        });
        const token = (await test.waitForTransactionReceipt({ hash: deployed })).contractAddress as Address;
        expect((await raw(name, "anvil_dealERC20", [WHALE, token, "0x3e8"])).result).to.equal(null);
        const read = (functionName: "balanceOf" | "totalSupply", args: [Address] | [] = []) =>
          test.readContract({ address: token, abi: ERC20, functionName, args } as never) as Promise<bigint>;
        expect(await read("balanceOf", [WHALE])).to.equal(1_000n);
        expect(await read("totalSupply"), "the supply is left as is").to.equal(0n);
        expect(await raw(name, "anvil_dealERC20", [WHALE, STRANGER, "0x1"])).to.deep.include({
          error: { code: -32603, message: "Unable to set ERC20 balance, no slot found" },
        });
      });

      it("eth_sendRawTransactionSync answers the receipt eth_getTransactionReceipt reads; malformed transactions are refused with -32602", async () => {
        const test = client(name);
        const signer = privateKeyToAccount(evmMnemonicAccount(9).privateKey);
        const sign = async () =>
          signer.signTransaction({
            chainId: name === "anvil" ? 31337 : 8453,
            nonce: await test.getTransactionCount({ address: signer.address, blockTag: "pending" }),
            to: PAYEE,
            value: 1n,
            gas: 21_000n,
            maxFeePerGas: parseGwei("50"),
            maxPriorityFeePerGas: parseGwei("1"),
          });
        const answer = await raw(name, "eth_sendRawTransactionSync", [await sign()]);
        const receipt = answer.result as { transactionHash: Hex; status: Hex };
        expect(receipt.status).to.equal("0x1");
        expect(
          (await raw(name, "eth_getTransactionReceipt", [receipt.transactionHash])).result,
        ).to.deep.equal(receipt);
        // viem's action (no timeout given) works on both.
        const viaViem = await test.sendRawTransactionSync({ serializedTransaction: await sign() });
        expect(viaViem.status).to.equal("success");
        expect((await raw(name, "eth_sendRawTransactionSync", [])).error?.code).to.equal(-32602);
        expect((await raw(name, "eth_sendRawTransactionSync", ["zz"])).error?.code).to.equal(-32602);
        // EIP-7966's timeout parameter (ms): anvil 1.7.1 refuses any second parameter; the devnet takes it.
        const timed = await raw(name, "eth_sendRawTransactionSync", [await sign(), "0x3e8"]);
        if (name === "anvil") expect(timed.error?.code).to.equal(-32602);
        else expect((timed.result as { status: Hex }).status).to.equal("0x1");
      });
    });
  }

  describe("dump and load (a listed difference)", () => {
    it("anvil: anvil_dumpState / anvil_loadState put an account back on the running node", async () => {
      const test = client("anvil");
      await test.setBalance({ address: WHALE, value: 123n });
      const state = await test.dumpState();
      await test.setBalance({ address: WHALE, value: 456n });
      await test.loadState({ state });
      expect(await test.getBalance({ address: WHALE })).to.equal(123n);
    });

    it("devnet: eth_sendRawTransactionSync not mined within its timeout fails with EIP-7966's code 4 and the hash (anvil 1.7.1 takes no timeout and waits 30 s)", async () => {
      const test = client("devnet");
      const signer = privateKeyToAccount(evmMnemonicAccount(9).privateKey);
      await test.setAutomine(false);
      try {
        const signed = await signer.signTransaction({
          chainId: 8453,
          nonce: await test.getTransactionCount({ address: signer.address, blockTag: "pending" }),
          to: PAYEE,
          value: 1n,
          gas: 21_000n,
          maxFeePerGas: parseGwei("50"),
          maxPriorityFeePerGas: parseGwei("1"),
        });
        const answer = await raw("devnet", "eth_sendRawTransactionSync", [signed, 200]);
        expect(answer.error?.code).to.equal(4);
        const hash = (answer.error as { data?: Hex }).data as Hex;
        await test.mine({ blocks: 1 });
        expect((await test.getTransactionReceipt({ hash })).status).to.equal("success");
      } finally {
        await test.setAutomine(true);
      }
    });

    it("devnet: no per-chain dump; the whole devnet's state() starts a devnet with the same accounts", async () => {
      expect((await raw("devnet", "anvil_dumpState")).error?.code).to.equal(-32004);
      expect((await raw("devnet", "anvil_loadState", ["0x00"])).error?.code).to.equal(-32004);
      const test = client("devnet");
      await test.setBalance({ address: WHALE, value: 123n });
      const state = await devnet.state();
      await test.setBalance({ address: WHALE, value: 456n });
      const loaded = await startDevnet({ logger: false, load: state });
      try {
        const again = createTestClient({
          mode: "anvil",
          transport: http(loaded.evmChain(8453).rpcUrl),
        }).extend(publicActions);
        expect(await again.getBalance({ address: WHALE })).to.equal(123n);
      } finally {
        await loaded.close();
      }
    });
  });
});
