/**
 * Sends that reach an automining devnet EVM chain ahead of their sender's nonce (several in flight
 * over several connections): EDR refuses them, the chain's stack waits for the gap to fill and sends
 * them again; a gap that never fills is refused with the node's own error after the wait.
 */
import { expect } from "chai";
import { type Hex, parseGwei } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { evmMnemonicAccount } from "../../src/devnet/accounts.ts";
import { createDevnetClock } from "../../src/devnet/clock.ts";
import { createEdrProvider } from "../../src/devnet/edr-provider.ts";
import { evmClockProvider } from "../../src/devnet/evm-clock.ts";
import { evmNonceGapProvider, NONCE_GAP_WAIT_MS } from "../../src/devnet/evm-nonce-gaps.ts";
import { journaledProvider } from "../../src/devnet/evm-state.ts";

const CHAIN_ID = 31_337;
const sender = privateKeyToAccount(evmMnemonicAccount(9).privateKey);

const transfer = (nonce: number) =>
  sender.signTransaction({
    type: "eip1559",
    chainId: CHAIN_ID,
    nonce,
    to: "0x00000000000000000000000000000000000c0ffe",
    value: 1n,
    gas: 21_000n,
    maxFeePerGas: parseGwei("50"),
    maxPriorityFeePerGas: parseGwei("1"),
  });

type RpcError = Error & { code?: number };
const accepted = (): RpcError => {
  throw new Error("the node accepted a send it should refuse");
};

async function chain() {
  const node = journaledProvider(await createEdrProvider(CHAIN_ID));
  const clocked = evmClockProvider(node, createDevnetClock());
  const close = () => {
    clocked.leave();
    node.close();
  };
  /** Sends that reached the node, accepted or refused. */
  const trips = { sends: 0 };
  const counted = {
    ...clocked,
    request(args: { method: string; params?: unknown }) {
      if (args.method === "eth_sendRawTransaction") trips.sends++;
      return clocked.request(args);
    },
  };
  return { node, provider: evmNonceGapProvider(counted), trips, close };
}

const nonceOf = async (request: (args: { method: string; params?: unknown }) => Promise<unknown>) =>
  Number(
    BigInt((await request({ method: "eth_getTransactionCount", params: [sender.address, "latest"] })) as Hex),
  );

describe("devnet EVM chain: sends ahead of their nonce", () => {
  it("a transfer that arrives before the one filling its nonce gap is mined after it", async () => {
    const { node, provider, close } = await chain();
    try {
      const [first, second, third] = await Promise.all([transfer(0), transfer(1), transfer(2)]);
      // The node itself refuses the early one: the attack on ordering is real.
      const refused = await node
        .request({ method: "eth_sendRawTransaction", params: [third] })
        .then(accepted, (error: RpcError) => error);
      expect(refused.message).to.match(/^Nonce too high/);
      // Issued in this order, so they reach the node in this order: nonces 2, 1, 0.
      const hashes = await Promise.all(
        [third, second, first].map((raw) =>
          provider.request({ method: "eth_sendRawTransaction", params: [raw] }),
        ),
      );
      expect(await nonceOf((args) => node.request(args as never))).to.equal(3);
      const receipt = (await node.request({
        method: "eth_getTransactionReceipt",
        params: [hashes[0]],
      })) as { status: Hex };
      expect(receipt.status).to.equal("0x1");
    } finally {
      close();
    }
  });

  it("eight transfers arriving in reverse nonce order are mined in one more trip each, lowest nonce first", async () => {
    const { node, provider, trips, close } = await chain();
    try {
      const raws = await Promise.all(Array.from({ length: 8 }, (_, nonce) => transfer(nonce)));
      // Issued in this order, so they reach the node in this order: nonces 7 down to 0.
      await Promise.all(
        [...raws]
          .reverse()
          .map((raw) => provider.request({ method: "eth_sendRawTransaction", params: [raw] })),
      );
      expect(await nonceOf((args) => node.request(args as never))).to.equal(8);
      // 8 first trips (7 refused), then the 7 refused ones once each. Woken in the order they were
      // refused (7 down to 1), each acceptance would let only the lowest through: 8 + 7 + 6 + ... + 1.
      expect(trips.sends).to.equal(15);
    } finally {
      close();
    }
  });

  it("a gap that never fills is refused with the node's error after the wait", async () => {
    const { node, provider, close } = await chain();
    try {
      const started = performance.now();
      const error = await provider
        .request({ method: "eth_sendRawTransaction", params: [await transfer(5)] })
        .then(accepted, (error: RpcError) => error);
      expect(performance.now() - started).to.be.at.least(NONCE_GAP_WAIT_MS - 5);
      expect(error.code).to.equal(-32000);
      expect(error.message).to.match(/^Nonce too high\. Expected nonce to be 0 but got 5/);
      expect(await nonceOf((args) => node.request(args as never))).to.equal(0);
    } finally {
      close();
    }
  });

  it("other refusals are not held back", async () => {
    const { provider, close } = await chain();
    try {
      await provider.request({ method: "eth_sendRawTransaction", params: [await transfer(0)] });
      const started = performance.now();
      const error = await provider
        .request({ method: "eth_sendRawTransaction", params: [await transfer(0)] })
        .then(accepted, (error: RpcError) => error);
      expect(performance.now() - started).to.be.below(NONCE_GAP_WAIT_MS / 2);
      expect(error.message).to.match(/nonce too low|already/i);
    } finally {
      close();
    }
  });
});
