/**
 * How the EVM adapter's scan reads a range's blocks: ahead of the block it works on, a bounded
 * number in flight, every block once; and a block that cannot be read fails the scan (the range is
 * scanned again) without leaving a read nobody awaits to fail unhandled.
 */
import { expect } from "chai";
import { numberToHex, zeroHash } from "viem";
import { createEvmChainAdapter } from "../../src/service/chains/evm.ts";
import { SOLVER_KEY } from "./helpers.ts";

const CHAIN_ID = 31337;

/** A node of empty blocks, answering block reads after a tick; the blocks `unreadable` cannot be read. */
function emptyBlocksNode(unreadable: readonly number[] = []) {
  const reads: number[] = [];
  let inFlight = 0;
  let mostInFlight = 0;
  const provider = {
    async request({ method, params }: { method: string; params?: unknown }): Promise<unknown> {
      if (method === "eth_chainId") return numberToHex(CHAIN_ID);
      if (method !== "eth_getBlockByNumber") throw new Error(`${method} not scripted`);
      const number = Number((params as unknown[])[0]);
      reads.push(number);
      inFlight++;
      mostInFlight = Math.max(mostInFlight, inFlight);
      await new Promise((resolve) => setTimeout(resolve, 1));
      inFlight--;
      if (unreadable.includes(number)) throw new Error(`block ${number} is unavailable`);
      return {
        number: numberToHex(number),
        hash: numberToHex(number, { size: 32 }),
        parentHash: zeroHash,
        timestamp: numberToHex(1_700_000_000 + number),
        transactions: [],
      };
    },
  };
  return { provider, reads, mostInFlight: () => mostInFlight };
}

describe("EVM scan: block reads", () => {
  it("reads every block of the range once, several in flight but a bounded number", async () => {
    const node = emptyBlocksNode();
    const adapter = createEvmChainAdapter({
      chainId: CHAIN_ID,
      provider: node.provider,
      solverPrivateKey: SOLVER_KEY,
    });
    expect(await adapter.scan(1, 100)).to.deep.equal([]);
    expect([...node.reads].sort((a, b) => a - b)).to.deep.equal(Array.from({ length: 100 }, (_, i) => i + 1));
    expect(node.mostInFlight()).to.be.greaterThan(1).and.at.most(16);
  });

  it("a block that cannot be read fails the scan, and a read started past it fails handled", async () => {
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => unhandled.push(reason);
    process.on("unhandledRejection", onUnhandled);
    try {
      // Block 9's read is started before block 5's fails, and nobody awaits it then.
      const node = emptyBlocksNode([5, 9]);
      const adapter = createEvmChainAdapter({
        chainId: CHAIN_ID,
        provider: node.provider,
        solverPrivateKey: SOLVER_KEY,
      });
      let failure: unknown;
      await adapter.scan(1, 100).catch((error: unknown) => {
        failure = error;
      });
      expect(String(failure)).to.contain("block 5 is unavailable");
      expect(node.reads).to.include(9);
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(unhandled).to.deep.equal([]);
    } finally {
      process.off("unhandledRejection", onUnhandled);
    }
  });
});
