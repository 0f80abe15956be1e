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
import { evmNonceGapProvider, MAX_OVERTAKEN, NONCE_GAP_WAIT_MS } from "../../src/devnet/evm-nonce-gaps.ts";
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

  it("eight transfers arriving in reverse nonce order in one turn reach the node once each, lowest nonce first", async () => {
    const { node, provider, trips, close } = await chain();
    try {
      const raws = await Promise.all(Array.from({ length: 8 }, (_, nonce) => transfer(nonce)));
      // Issued in this order, in one turn of the event loop: nonces 7 down to 0.
      await Promise.all(
        [...raws]
          .reverse()
          .map((raw) => provider.request({ method: "eth_sendRawTransaction", params: [raw] })),
      );
      expect(await nonceOf((args) => node.request(args as never))).to.equal(8);
      // None refused: taken in arrival order, 7 would be refused and tried again (15 trips).
      expect(trips.sends).to.equal(8);
    } finally {
      close();
    }
  });

  it("a transfer ahead of its nonce in a turn of its own waits at the node's refusal and is mined after the gap fills", async () => {
    const { node, provider, trips, close } = await chain();
    try {
      const [first, second] = await Promise.all([transfer(0), transfer(1)]);
      const early = provider.request({ method: "eth_sendRawTransaction", params: [second] });
      await new Promise((resolve) => setTimeout(resolve, 20));
      // The node refused it already: nonce 1 reached it alone.
      expect(trips.sends).to.equal(1);
      await provider.request({ method: "eth_sendRawTransaction", params: [first] });
      await early;
      expect(await nonceOf((args) => node.request(args as never))).to.equal(2);
      expect(trips.sends).to.equal(3);
    } finally {
      close();
    }
  });

  it(`a send overtaken ${MAX_OVERTAKEN} times by lower nonces goes next`, async () => {
    const { node, provider, close } = await chain();
    try {
      const other = privateKeyToAccount(evmMnemonicAccount(8).privateKey);
      // Another sender's transfer far ahead in nonces (its account's nonce set to match).
      await node.request({ method: "hardhat_setNonce", params: [other.address, "0x3e8"] });
      const far = await other.signTransaction({
        type: "eip1559",
        chainId: CHAIN_ID,
        nonce: 1000,
        to: "0x00000000000000000000000000000000000c0ffe",
        value: 1n,
        gas: 21_000n,
        maxFeePerGas: parseGwei("50"),
        maxPriorityFeePerGas: parseGwei("1"),
      });
      const order: string[] = [];
      const sent = (raw: Hex, label: string) =>
        provider.request({ method: "eth_sendRawTransaction", params: [raw] }).then(() => order.push(label));
      const low = await Promise.all(Array.from({ length: MAX_OVERTAKEN + 4 }, (_, nonce) => transfer(nonce)));
      // The far one arrives first, with a stream of lower nonces from the first sender, one a turn.
      const all = [sent(far, "far")];
      for (const [index, raw] of low.entries()) {
        all.push(sent(raw, `low ${index}`));
        await new Promise((resolve) => setImmediate(resolve));
      }
      await Promise.all(all);
      // Overtaken by the lower nonces at most MAX_OVERTAKEN times, then next.
      expect(order.indexOf("far")).to.be.within(1, MAX_OVERTAKEN + 1);
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
