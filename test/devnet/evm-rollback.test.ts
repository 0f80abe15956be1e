/**
 * `anvil_rollback` on a devnet EVM chain (checkpoints in `src/devnet/evm-state.ts`): the chain goes
 * back to any earlier block with that block's state and timestamp, blocks mined in one call
 * included; the journal is cut back with it, so a saved chain rebuilds the rolled-back chain, and a
 * loaded chain rolls back through its replayed history too.
 */
import { expect } from "chai";
import fc from "fast-check";
import type { Hex } from "viem";
import { evmDevAccount } from "../../src/devnet/accounts.ts";
import { type EvmDevChain, startEvmDevChain } from "../../src/devnet/evm-chain.ts";

const alice = evmDevAccount("alice").address;
const STRANGER = "0x00000000000000000000000000000000000a11ce";

describe("devnet EVM chain: anvil_rollback", function () {
  this.timeout(120_000);
  const chains: EvmDevChain[] = [];
  const start = async (load?: EvmDevChain) => {
    const chain = await startEvmDevChain({
      chainId: 8453,
      name: "base",
      whitelist: [],
      maxDeadlineWindow: 3600,
      funded: [],
      ...(load ? { load: load.state() } : {}),
    });
    chains.push(chain);
    return chain;
  };
  after(async () => {
    await Promise.all(chains.map((chain) => chain.close()));
  });

  const rpc = async (chain: EvmDevChain, method: string, params: unknown[] = []) => {
    const response = await fetch(chain.rpcUrl, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params }),
    });
    return (await response.json()) as { result?: unknown; error?: { code: number; message: string } };
  };
  const height = async (chain: EvmDevChain) =>
    Number(BigInt((await rpc(chain, "eth_blockNumber")).result as Hex));
  const at = async (chain: EvmDevChain, block: number | "latest") => {
    const tag = block === "latest" ? block : `0x${block.toString(16)}`;
    const header = (await rpc(chain, "eth_getBlockByNumber", [tag, false])).result as { timestamp: Hex };
    return {
      timestamp: header.timestamp,
      balance: (await rpc(chain, "eth_getBalance", [STRANGER, tag])).result,
      nonce: (await rpc(chain, "eth_getTransactionCount", [alice, tag])).result,
    };
  };

  type Step =
    | { kind: "send"; value: number }
    | { kind: "mine"; blocks: number; interval: number }
    | { kind: "automine"; on: boolean };
  const step: fc.Arbitrary<Step> = fc.oneof(
    fc.record({ kind: fc.constant("send" as const), value: fc.integer({ min: 1, max: 1_000 }) }),
    fc.record({
      kind: fc.constant("mine" as const),
      blocks: fc.integer({ min: 1, max: 4 }),
      interval: fc.integer({ min: 0, max: 90 }),
    }),
    fc.record({ kind: fc.constant("automine" as const), on: fc.boolean() }),
  );
  const run = async (chain: EvmDevChain, steps: readonly Step[]) => {
    for (const next of steps) {
      if (next.kind === "send")
        await rpc(chain, "eth_sendTransaction", [
          { from: alice, to: STRANGER, value: `0x${next.value.toString(16)}` },
        ]);
      else if (next.kind === "mine") await rpc(chain, "anvil_mine", [next.blocks, next.interval]);
      else await rpc(chain, "evm_setAutomine", [next.on]);
    }
  };

  it("property: after any steps, a rollback of any depth leaves the chain as it was at that block", async () => {
    const chain = await start();
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 6 }), fc.nat(), async (steps, pick) => {
        const base = await height(chain);
        await run(chain, steps);
        const top = await height(chain);
        const depth = pick % (top - base + 1);
        const expected = await at(chain, top - depth);
        const automine = (await rpc(chain, "anvil_getAutomine")).result;
        expect((await rpc(chain, "anvil_rollback", [depth])).result).to.equal(null);
        expect(await height(chain)).to.equal(top - depth);
        expect(await at(chain, "latest")).to.deep.equal(expected);
        expect((await rpc(chain, "anvil_getAutomine")).result, "the mining mode is kept").to.equal(automine);
        await rpc(chain, "anvil_mine", [1]); // what automine left pending is mined before the next run
        await rpc(chain, "evm_setAutomine", [true]);
      }),
      { numRuns: 15 },
    );
  });

  it("a saved chain rebuilds the rolled-back chain, and rolls back through its replayed history", async () => {
    const chain = await start();
    await run(chain, [
      { kind: "send", value: 5 },
      { kind: "mine", blocks: 3, interval: 12 },
      { kind: "send", value: 7 },
    ]);
    await rpc(chain, "anvil_rollback", [2]);
    const loaded = await start(chain);
    expect(await height(loaded)).to.equal(await height(chain));
    expect(await at(loaded, "latest")).to.deep.equal(await at(chain, "latest"));
    const expected = await at(chain, (await height(chain)) - 3);
    expect((await rpc(loaded, "anvil_rollback", [3])).result).to.equal(null);
    expect(await at(loaded, "latest")).to.deep.equal(expected);
  });

  it("a rollback to a snapshot's block keeps the snapshot and what was written at that block after it", async () => {
    const chain = await start();
    const snapshot = (await rpc(chain, "evm_snapshot")).result;
    await rpc(chain, "anvil_setBalance", [STRANGER, "0x2a"]);
    await rpc(chain, "anvil_mine", [2]);
    expect((await rpc(chain, "anvil_rollback", [2])).result).to.equal(null);
    expect((await rpc(chain, "eth_getBalance", [STRANGER, "latest"])).result).to.equal("0x2a");
    expect((await rpc(chain, "evm_revert", [snapshot])).result).to.equal(true);
    expect((await rpc(chain, "eth_getBalance", [STRANGER, "latest"])).result).to.equal("0x0");
  });

  it("a rollback deletes the snapshots taken after the block it goes back to, as a revert does", async () => {
    const chain = await start();
    const before = (await rpc(chain, "evm_snapshot")).result;
    await rpc(chain, "anvil_mine", [2]);
    const after = (await rpc(chain, "evm_snapshot")).result;
    await rpc(chain, "anvil_mine", [1]);
    await rpc(chain, "anvil_rollback", [2]);
    expect((await rpc(chain, "evm_revert", [after])).result).to.equal(false);
    expect((await rpc(chain, "evm_revert", [before])).result).to.equal(true);
  });
});
