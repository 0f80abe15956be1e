/**
 * `evm_setNextBlockTimestamp` sent to EDR with the request after it (`src/devnet/edr-deferred-stamp.ts`):
 * one trip to the node for a stamped send, a `pending` read after the stamp sees it, a refused stamp
 * fails the request that carried it (which did not run), a refused request leaves the stamp set.
 */
import { expect } from "chai";
import type { Hex } from "viem";
import { evmDevAccount } from "../../src/devnet/accounts.ts";
import { deferNextBlockTimestamp } from "../../src/devnet/edr-deferred-stamp.ts";
import { createEdrProvider, type EdrNode } from "../../src/devnet/edr-provider.ts";

const alice = evmDevAccount("alice").address;
const STRANGER = "0x00000000000000000000000000000000000a11ce";

async function stamped() {
  const raw = await createEdrProvider(31_337);
  const trips: string[] = [];
  const counted: EdrNode = {
    ...raw,
    request: (args) => {
      trips.push(args.method);
      return raw.request(args);
    },
    requestAll: (calls) => {
      trips.push(calls.map((call) => call.method).join(" + "));
      return raw.requestAll(calls);
    },
  };
  const node = deferNextBlockTimestamp(counted);
  const block = async (tag: string) =>
    (await node.request({ method: "eth_getBlockByNumber", params: [tag, false] })) as {
      number: Hex;
      timestamp: Hex;
    };
  const latest = async () => Number(BigInt((await block("latest")).timestamp));
  const send = (value: string, from = alice) =>
    node.request({ method: "eth_sendTransaction", params: [{ from, to: STRANGER, value }] });
  return { raw, node, trips, block, latest, send };
}

const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => {
      throw new Error("the node accepted a request it should refuse");
    },
    (error: Error & { code?: number }) => error,
  );

describe("devnet EVM node: the next block's timestamp rides with the next request", () => {
  it("a stamped send is one trip to the node, and its block carries the stamp", async () => {
    const { raw, node, trips, latest, send } = await stamped();
    const stamp = (await latest()) + 100;
    trips.length = 0;
    await node.request({ method: "evm_setNextBlockTimestamp", params: [stamp] });
    await send("0x1");
    expect(trips).to.deep.equal(["evm_setNextBlockTimestamp + eth_sendTransaction"]);
    expect(await latest()).to.equal(stamp);
    raw.close();
  });

  it("a pending read after the stamp sees the new time", async () => {
    const { raw, node, block, latest } = await stamped();
    const stamp = (await latest()) + 3600;
    await node.request({ method: "evm_setNextBlockTimestamp", params: [stamp] });
    expect(Number(BigInt((await block("pending")).timestamp))).to.equal(stamp);
    raw.close();
  });

  it("a refused stamp fails the request that carried it, which did not run", async () => {
    const { raw, node, block, latest, send } = await stamped();
    await send("0x1");
    const past = (await latest()) - 1;
    await node.request({ method: "evm_setNextBlockTimestamp", params: [past] });
    const error = await failure(send("0x2"));
    expect(error.message).to.match(/^Timestamp \d+ is lower than/);
    expect((await block("latest")).number).to.equal("0x1");
    raw.close();
  });

  it("a request refused after a good stamp fails with its own error and leaves the stamp set", async () => {
    const { raw, node, latest, send } = await stamped();
    const stamp = (await latest()) + 100;
    await node.request({ method: "evm_setNextBlockTimestamp", params: [stamp] });
    // A keyless sender: the node refuses the send, nothing is mined.
    const error = await failure(send("0x1", STRANGER));
    expect(error.message).to.not.match(/^Timestamp/);
    await node.request({ method: "evm_mine" });
    expect(await latest()).to.equal(stamp);
    raw.close();
  });
});
