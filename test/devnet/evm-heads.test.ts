/**
 * The blocks a devnet EVM chain mines, as the service and the confirmation blocks see them
 * (`watchBlocks`): told by the chain's journal in mining order, each with whether it holds a
 * transaction, without a subscription on the node.
 */
import { expect } from "chai";
import { evmDevAccount } from "../../src/devnet/accounts.ts";
import { deferNextBlockTimestamp } from "../../src/devnet/edr-deferred-stamp.ts";
import { createEdrProvider } from "../../src/devnet/edr-provider.ts";
import { type MinedBlock, watchBlocks } from "../../src/devnet/evm-heads.ts";
import { journaledProvider } from "../../src/devnet/evm-state.ts";

const CHAIN_ID = 31_337;
const alice = evmDevAccount("alice").address;
const STRANGER = "0x00000000000000000000000000000000000a11ce";

async function watchedChain() {
  const node = journaledProvider(deferNextBlockTimestamp(await createEdrProvider(CHAIN_ID)));
  const told: MinedBlock[] = [];
  watchBlocks(node).onBlock((block) => told.push(block));
  const request = (method: string, params?: unknown[]) =>
    node.request(params === undefined ? { method } : { method, params });
  const transfer = () => request("eth_sendTransaction", [{ from: alice, to: STRANGER, value: "0x1" }]);
  /** Resolves once `count` blocks were told (reports follow the request that mined them). */
  const toldAtLeast = async (count: number) => {
    for (let i = 0; i < 100 && told.length < count; i++)
      await new Promise((resolve) => setTimeout(resolve, 5));
    return told;
  };
  return { node, told, request, transfer, toldAtLeast };
}

describe("devnet EVM chain: the blocks it mines", () => {
  it("tells each block in mining order: a transaction's, evm_mine's and hardhat_mine's, with their emptiness", async () => {
    const { node, request, transfer, toldAtLeast } = await watchedChain();
    try {
      await transfer();
      await request("evm_mine");
      await request("hardhat_mine", ["0x3"]);
      await transfer();
      expect(await toldAtLeast(6)).to.deep.equal([
        { number: 1, empty: false },
        { number: 2, empty: true },
        { number: 3, empty: true },
        { number: 4, empty: true },
        { number: 5, empty: true },
        { number: 6, empty: false },
      ]);
    } finally {
      node.close();
    }
  });

  it("tells a run of blocks whose first one took the pending transactions with the first alone not empty", async () => {
    const { node, request, transfer, toldAtLeast } = await watchedChain();
    try {
      await request("evm_setAutomine", [false]);
      await transfer();
      await transfer();
      await request("hardhat_mine", ["0x3"]);
      const block1 = (await request("eth_getBlockByNumber", ["0x1", false])) as { transactions: unknown[] };
      expect(block1.transactions).to.have.length(2);
      expect(await toldAtLeast(3)).to.deep.equal([
        { number: 1, empty: false },
        { number: 2, empty: true },
        { number: 3, empty: true },
      ]);
    } finally {
      node.close();
    }
  });

  it("opens no subscription on the node: a client's first subscription gets the id it gets on a node nobody watches", async () => {
    const { node } = await watchedChain();
    const unwatched = await createEdrProvider(CHAIN_ID);
    try {
      const subscribe = { method: "eth_subscribe", params: ["newHeads"] };
      expect(await node.request(subscribe)).to.equal(await unwatched.request(subscribe));
    } finally {
      node.close();
      unwatched.close();
    }
  });
});
