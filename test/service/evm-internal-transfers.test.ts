/**
 * Tagged native transfers to a solver key found in a transaction's call tree: which calls count
 * (below the transaction, to a key, the whole data a request id, value carried, took effect, not a
 * receiver's forwarding call whose event is already the deposit), who paid each, and which
 * transactions are traced at all.
 */
import { expect } from "chai";
import { getAddress, numberToHex, pad, zeroAddress } from "viem";
import { mayCallKey, taggedInternalTransfers } from "../../src/service/chains/evm-internal-transfers.ts";
import type { CallFrame } from "../../src/service/chains/evm-payers.ts";

const address = (n: number) => pad(numberToHex(n), { size: 20 });
const [BUNDLER, ACCOUNT, MULTICALL, KEY, RECEIVER, OTHER, EOA] = [1, 2, 3, 4, 5, 6, 7].map(address) as [
  string,
  string,
  string,
  string,
  string,
  string,
  string,
];
const ID = pad("0xab", { size: 32 });
const KEYS = new Set([KEY]);
const AT = { txHash: pad("0x01", { size: 32 }), block: 7, timestamp: 1_700_000_000 };
const call = (from: string, to: string, value: bigint, input: string, calls?: CallFrame[]): CallFrame => ({
  type: "CALL",
  from,
  to,
  value: numberToHex(value),
  input,
  ...(calls ? { calls } : {}),
});

describe("taggedInternalTransfers", () => {
  it("a contract account's call to a key with the request id, its transaction sent by a bundler: the account paid it", () => {
    const root = call(BUNDLER, ACCOUNT, 0n, "0x1234", [call(ACCOUNT, KEY, 5n, ID)]);
    expect(taggedInternalTransfers(root, AT, KEYS, new Set())).to.deep.equal([
      {
        kind: "deposit",
        requestId: ID,
        ...AT,
        from: getAddress(ACCOUNT),
        currency: zeroAddress,
        amount: "5",
        status: "success",
        via: "transfer",
        position: "call:0",
      },
    ]);
  });

  it("through a multicall the sender sent the value to: the sender paid it; two such calls are two deposits", () => {
    const root = call(EOA, MULTICALL, 8n, "0x1234", [
      call(MULTICALL, KEY, 5n, ID),
      call(MULTICALL, KEY, 3n, ID),
    ]);
    const found = taggedInternalTransfers(root, AT, KEYS, new Set());
    expect(found.map((d) => d.kind === "deposit" && [d.from, d.amount, d.position])).to.deep.equal([
      [getAddress(EOA), "5", "call:0"],
      [getAddress(EOA), "3", "call:1"],
    ]);
  });

  it("left out: the transaction itself, a reverted call or one under a reverted call, no value, other data, another recipient, a receiver's forwarding call", () => {
    const reverted = { ...call(ACCOUNT, KEY, 5n, ID), error: "execution reverted" };
    const underReverted = {
      ...call(ACCOUNT, OTHER, 5n, "0x", [call(OTHER, KEY, 5n, ID)]),
      error: "reverted",
    };
    const root = call(BUNDLER, ACCOUNT, 0n, "0x", [
      reverted,
      underReverted,
      call(ACCOUNT, KEY, 0n, ID),
      call(ACCOUNT, KEY, 5n, `${ID}00`),
      call(ACCOUNT, OTHER, 5n, ID),
      call(ACCOUNT, RECEIVER, 5n, "0x", [call(RECEIVER, KEY, 5n, ID)]),
    ]);
    expect(taggedInternalTransfers(root, AT, KEYS, new Set([RECEIVER]))).to.deep.equal([]);
    expect(taggedInternalTransfers(call(EOA, KEY, 5n, ID), AT, KEYS, new Set())).to.deep.equal([]);
  });
});

describe("mayCallKey: which transactions are traced", () => {
  it("one whose calldata names a key and that no key sent", () => {
    expect(
      mayCallKey({ from: BUNDLER, input: `0xb61d27f6${pad(KEY as `0x${string}`).slice(2)}` }, KEYS),
    ).to.equal(true);
    expect(mayCallKey({ from: BUNDLER, input: "0xb61d27f6" }, KEYS)).to.equal(false);
    expect(mayCallKey({ from: KEY, input: `0x${pad(KEY as `0x${string}`).slice(2)}` }, KEYS)).to.equal(false);
  });
});
