/**
 * `eth_sendRawTransactionSync` (EIP-7966) on a devnet EVM chain's node stack (EDR, journal, clock,
 * mining modes, local-node methods): the receipt in one call under automine, a wait for the block
 * under manual mining, EIP-7966's timeout error with the hash, the node's own error for a refused
 * submission, and -32602 for malformed parameters with nothing sent.
 */
import { expect } from "chai";
import fc from "fast-check";
import { type Hex, parseGwei } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { evmMnemonicAccount } from "../../src/devnet/accounts.ts";
import { createDevnetClock } from "../../src/devnet/clock.ts";
import { createEdrProvider } from "../../src/devnet/edr-provider.ts";
import { evmClockProvider } from "../../src/devnet/evm-clock.ts";
import { evmMiningProvider } from "../../src/devnet/evm-mining.ts";
import { localNodeProvider } from "../../src/devnet/evm-node-methods.ts";
import { SEND_SYNC_TIMEOUT_CODE } from "../../src/devnet/evm-send-sync.ts";
import { journaledProvider } from "../../src/devnet/evm-state.ts";
import type { Eip1193Provider } from "../../src/devnet/json-rpc-server.ts";

const CHAIN_ID = 31_337;
const sender = privateKeyToAccount(evmMnemonicAccount(9).privateKey);
const RECIPIENT = "0x00000000000000000000000000000000000c0ffe";

const transfer = (nonce: number) =>
  sender.signTransaction({
    type: "eip1559",
    chainId: CHAIN_ID,
    nonce,
    to: RECIPIENT,
    value: 1n,
    gas: 21_000n,
    maxFeePerGas: parseGwei("50"),
    maxPriorityFeePerGas: parseGwei("1"),
  });

const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: { code?: number; message?: string; data?: unknown }) => error,
  );

async function chain() {
  const node = journaledProvider(await createEdrProvider(CHAIN_ID));
  const clocked = evmClockProvider(node, createDevnetClock());
  const mining = evmMiningProvider(clocked);
  const provider = localNodeProvider(mining);
  const call = (method: string, params?: unknown[]) =>
    provider.request(params === undefined ? { method } : { method, params });
  const height = async () => Number(BigInt((await call("eth_blockNumber")) as Hex));
  return {
    node,
    call,
    height,
    close() {
      mining.stop();
      clocked.leave();
      node.close();
    },
  };
}

describe("devnet eth_sendRawTransactionSync", () => {
  it("answers the receipt of a signed transfer in one call under automine, as eth_getTransactionReceipt reads it, and journals it", async () => {
    const { call, height, node, close } = await chain();
    try {
      const before = await height();
      const receipt = (await call("eth_sendRawTransactionSync", [await transfer(0)])) as {
        transactionHash: Hex;
        status: Hex;
        blockNumber: Hex;
      };
      expect(receipt.status).to.equal("0x1");
      expect(Number(BigInt(receipt.blockNumber))).to.equal(before + 1);
      expect(await call("eth_getTransactionReceipt", [receipt.transactionHash])).to.deep.equal(receipt);
      // A timeout in ms (viem sends a hex quantity; a JSON number is taken too).
      const second = (await call("eth_sendRawTransactionSync", [await transfer(1), "0x3e8"])) as {
        status: Hex;
      };
      const third = (await call("eth_sendRawTransactionSync", [await transfer(2), 1000])) as { status: Hex };
      expect([second.status, third.status]).to.deep.equal(["0x1", "0x1"]);
      // Saved state replays it as the plain submission it is.
      expect(node.journal().filter((entry) => entry.method === "eth_sendRawTransaction")).to.have.length(3);
    } finally {
      close();
    }
  });

  it("under manual mining waits for the block that mines it; not mined within the timeout it fails with code 4 and the hash, and stays in the mempool", async () => {
    const { call, height, close } = await chain();
    try {
      await call("evm_setAutomine", [false]);
      const waiting = call("eth_sendRawTransactionSync", [await transfer(0), 5000]);
      await new Promise((resolve) => setTimeout(resolve, 100));
      await call("evm_mine");
      const receipt = (await waiting) as { status: Hex; blockNumber: Hex };
      expect(receipt.status).to.equal("0x1");
      expect(Number(BigInt(receipt.blockNumber))).to.equal(await height());

      const started = performance.now();
      const timedOut = await failure(call("eth_sendRawTransactionSync", [await transfer(1), 150]));
      expect(performance.now() - started).to.be.within(140, 2000);
      expect(timedOut?.code).to.equal(SEND_SYNC_TIMEOUT_CODE);
      expect(timedOut?.message).to.match(/not mined within 150 ms/);
      expect(timedOut?.data).to.match(/^0x[0-9a-f]{64}$/);
      // Still pending: the next block mines it.
      expect(await call("eth_getTransactionReceipt", [timedOut?.data])).to.equal(null);
      await call("evm_mine");
      const mined = (await call("eth_getTransactionReceipt", [timedOut?.data])) as { status: Hex };
      expect(mined.status).to.equal("0x1");
    } finally {
      close();
    }
  });

  it("a submission the node refuses fails at once with the node's error, not the timeout", async () => {
    const { call, height, close } = await chain();
    try {
      const before = await height();
      const started = performance.now();
      // A nonce gap: under automine EDR refuses it rather than queueing it.
      const refused = await failure(call("eth_sendRawTransactionSync", [await transfer(5)]));
      expect(performance.now() - started).to.be.below(1000);
      expect(refused?.code).to.not.equal(SEND_SYNC_TIMEOUT_CODE);
      expect(refused?.message).to.match(/nonce/i);
      expect(await height()).to.equal(before);
    } finally {
      close();
    }
  });

  it("malformed parameters are refused with -32602 naming them, nothing sent", async () => {
    const { call, height, close } = await chain();
    try {
      const raw = await transfer(0);
      for (const params of [
        [],
        [raw, 1000, 1],
        ["0x"],
        ["0x123"],
        [raw.slice(2)],
        [7],
        [raw, "soon"],
        [raw, -1],
      ]) {
        const refused = await failure(call("eth_sendRawTransactionSync", params));
        expect(refused?.code, JSON.stringify(params)).to.equal(-32602);
      }
      expect(await height()).to.equal(0);
      expect(await call("eth_getTransactionCount", [sender.address, "pending"])).to.equal("0x0");
    } finally {
      close();
    }
  });

  it("property: any first parameter that is not 0x-prefixed hex bytes is refused with -32602 before the node sees it", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.string().filter((text) => !/^0x(?:[0-9a-fA-F]{2})+$/.test(text)),
          fc.integer(),
          fc.constant(null),
          fc.dictionary(fc.string(), fc.string()),
        ),
        async (raw) => {
          const calls: string[] = [];
          const recording: Eip1193Provider = {
            async request({ method }) {
              calls.push(method);
              return null;
            },
          };
          const refused = await failure(
            localNodeProvider(recording).request({ method: "eth_sendRawTransactionSync", params: [raw] }),
          );
          expect(refused?.code).to.equal(-32602);
          expect(calls).to.deep.equal([]);
        },
      ),
    );
  });
});
