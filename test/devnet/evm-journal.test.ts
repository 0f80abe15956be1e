/**
 * A devnet EVM chain's journal (`src/devnet/evm-state.ts`): replayed on a new node from the same
 * genesis time it rebuilds balances, nonces, code, storage and block timestamps; `evm_revert` keeps
 * anvil's semantics (the snapshot and later ones are gone) and cuts the journal back, so a replay
 * never runs reverted work.
 */
import { expect } from "chai";
import { type Hex, parseEther } from "viem";
import { evmDevAccount } from "../../src/devnet/accounts.ts";
import { createEdrProvider, type EdrProvider } from "../../src/devnet/edr-provider.ts";
import { journaledProvider, replayJournal } from "../../src/devnet/evm-state.ts";

const CHAIN_ID = 31_337;
const alice = evmDevAccount("alice").address;
const STRANGER = "0x00000000000000000000000000000000000a11ce";
const SLOT = `0x${"0".repeat(63)}7`;

async function observe(provider: EdrProvider) {
  const call = (method: string, params: unknown[]) => provider.request({ method, params });
  const latest = (await call("eth_getBlockByNumber", ["latest", false])) as { number: Hex; timestamp: Hex };
  return {
    block: latest.number,
    timestamp: latest.timestamp,
    alice: await call("eth_getBalance", [alice, "latest"]),
    aliceNonce: await call("eth_getTransactionCount", [alice, "latest"]),
    stranger: await call("eth_getBalance", [STRANGER, "latest"]),
    code: await call("eth_getCode", [STRANGER, "latest"]),
    storage: await call("eth_getStorageAt", [STRANGER, SLOT, "latest"]),
  };
}

const send = (provider: EdrProvider, value: bigint) =>
  provider.request({
    method: "eth_sendTransaction",
    params: [{ from: alice, to: STRANGER, value: `0x${value.toString(16)}` }],
  });

describe("devnet EVM journal", () => {
  it("a replay from the same genesis rebuilds balances, nonces, code, storage and block times; reverted work is not replayed", async () => {
    const genesis = Math.floor(Date.now() / 1000) - 3600;
    const chain = journaledProvider(await createEdrProvider(CHAIN_ID, genesis));
    await send(chain, parseEther("1"));
    await chain.request({ method: "hardhat_setCode", params: [STRANGER, "0x602a60005260206000f3"] });
    await chain.request({
      method: "hardhat_setStorageAt",
      params: [STRANGER, SLOT, `0x${"0".repeat(62)}2a`],
    });
    await chain.request({ method: "evm_increaseTime", params: [600] });
    await chain.request({ method: "hardhat_mine", params: ["0x3"] });
    // Empty blocks mined one call after another (--block-time's timer) are one journal entry.
    const entries = chain.journal().length;
    for (let block = 0; block < 4; block++) await chain.request({ method: "hardhat_mine", params: ["0x1"] });
    expect(chain.journal()).to.have.length(entries);
    expect(chain.journal().at(-1)?.mined?.count).to.equal(7);
    const kept = chain.journal().length;

    // Reverted work: gone from the chain and from the journal.
    const id = await chain.request({ method: "evm_snapshot" });
    const later = await chain.request({ method: "evm_snapshot" });
    await send(chain, parseEther("5"));
    expect(await chain.request({ method: "evm_revert", params: [id] })).to.equal(true);
    expect(chain.journal()).to.have.length(kept);
    // anvil's semantics: the snapshot reverted to and every later one are gone.
    expect(await chain.request({ method: "evm_revert", params: [id] })).to.equal(false);
    expect(await chain.request({ method: "evm_revert", params: [later] })).to.equal(false);
    await send(chain, parseEther("2"));

    const saved = await observe(chain);
    expect(saved.stranger).to.equal(`0x${parseEther("3").toString(16)}`);
    const copy = await createEdrProvider(CHAIN_ID, genesis);
    await replayJournal(copy, chain.journal());
    expect(await observe(copy)).to.deep.equal(saved);
    chain.close();
    copy.close();
  });

  it("transactions sent at once are journaled one entry per block and replay to the same chain", async () => {
    const genesis = Math.floor(Date.now() / 1000) - 3600;
    const chain = journaledProvider(await createEdrProvider(CHAIN_ID, genesis));
    await chain.request({ method: "evm_increaseTime", params: [60] });
    const values = [1n, 2n, 3n, 4n, 5n, 6n, 7n, 8n].map((n) => parseEther(n.toString()));
    await Promise.all([
      ...values.map((value) => send(chain, value)),
      chain.request({ method: "hardhat_mine", params: ["0x2", "0x3c"] }),
      chain.request({ method: "hardhat_setBalance", params: [STRANGER, "0x1"] }).then(() => send(chain, 1n)),
    ]);
    const mined = chain.journal().reduce((sum, entry) => sum + (entry.mined?.count ?? 0), 0);
    const head = Number(BigInt((await chain.request({ method: "eth_blockNumber" })) as Hex));
    expect(mined, "every block journaled once").to.equal(head);
    const saved = await observe(chain);
    const copy = await createEdrProvider(CHAIN_ID, genesis);
    await replayJournal(copy, chain.journal());
    expect(await observe(copy)).to.deep.equal(saved);
    chain.close();
    copy.close();
  });

  it("a transaction that reverted on chain is journaled (it was mined and paid gas) and replays the same", async () => {
    const chain = journaledProvider(await createEdrProvider(CHAIN_ID));
    // Code that always reverts: calling it mines a failed transaction that still costs alice gas.
    await chain.request({ method: "hardhat_setCode", params: [STRANGER, "0x60006000fd"] });
    await send(chain, 0n);
    const receipt = (await chain.request({
      method: "eth_getTransactionReceipt",
      params: [await lastHash(chain)],
    })) as { status: Hex };
    expect(receipt.status).to.equal("0x0");
    const copy = await createEdrProvider(CHAIN_ID, Number(await genesisTime(chain)));
    await replayJournal(copy, chain.journal());
    expect(await observe(copy)).to.deep.equal(await observe(chain));
    chain.close();
    copy.close();
  });

  it("a snapshot, a revert and a send each cost the node one request; the send is journaled at the right block", async () => {
    const genesis = Math.floor(Date.now() / 1000) - 3600;
    const node = await createEdrProvider(CHAIN_ID, genesis);
    const reached: string[] = [];
    const chain = journaledProvider({
      ...node,
      request: (args) => {
        reached.push(args.method);
        return node.request(args);
      },
      requestAll: (calls) => {
        reached.push(calls.map((call) => call.method).join(" + "));
        return node.requestAll(calls);
      },
    });
    await send(chain, 1n);
    for (let round = 0; round < 3; round++) {
      reached.length = 0;
      const id = await chain.request({ method: "evm_snapshot" });
      expect(await chain.request({ method: "evm_revert", params: [id] })).to.equal(true);
      expect(reached).to.deep.equal(["evm_snapshot", "evm_revert"]);
    }
    reached.length = 0;
    await send(chain, 2n);
    // The send and the head after it in one trip to the node.
    expect(reached).to.deep.equal(["eth_sendTransaction + eth_getBlockByNumber"]);
    expect(chain.journal().map((entry) => entry.mined?.count)).to.deep.equal([1, 1]);
    const copy = await createEdrProvider(CHAIN_ID, genesis);
    await replayJournal(copy, chain.journal());
    expect(await observe(copy)).to.deep.equal(await observe(chain));
    node.close();
    copy.close();
  });

  it("a run of empty blocks is not merged across a snapshot: reverted there, a replay mines none of the reverted blocks", async () => {
    const genesis = Math.floor(Date.now() / 1000) - 3600;
    const chain = journaledProvider(await createEdrProvider(CHAIN_ID, genesis));
    await chain.request({ method: "hardhat_mine", params: ["0x1"] });
    const id = await chain.request({ method: "evm_snapshot" });
    await chain.request({ method: "hardhat_mine", params: ["0x2"] });
    expect(await chain.request({ method: "evm_revert", params: [id] })).to.equal(true);
    const replayed = await createEdrProvider(CHAIN_ID, genesis);
    await replayJournal(replayed, chain.journal());
    expect(await replayed.request({ method: "eth_blockNumber" })).to.equal(
      await chain.request({ method: "eth_blockNumber" }),
    );
    chain.close();
    replayed.close();
  });
});

async function lastHash(provider: EdrProvider): Promise<Hex> {
  const block = (await provider.request({ method: "eth_getBlockByNumber", params: ["latest", false] })) as {
    transactions: Hex[];
  };
  return block.transactions[0] as Hex;
}

async function genesisTime(provider: EdrProvider): Promise<bigint> {
  const block = (await provider.request({ method: "eth_getBlockByNumber", params: ["0x0", false] })) as {
    timestamp: Hex;
  };
  return BigInt(block.timestamp);
}
