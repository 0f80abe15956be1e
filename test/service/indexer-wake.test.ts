/**
 * The indexer run on wake-ups (`indexOnWake`, the devnet's): one pass at start, one per wake-up, and a
 * wake-up that comes while a pass is reading the chain is never lost: another pass follows, so a block
 * mined after the pass read the head is still scanned. Without wake-ups it makes no pass at all.
 */
import { expect } from "chai";
import type { ChainAdapter } from "../../src/service/chains/types.ts";
import { WAKE_GAP_MS } from "../../src/service/indexer.ts";
import { EDR_ORIGIN_CHAIN_ID, testService } from "./helpers.ts";

/** A chain whose head the test moves; each `head()` read waits for `gate` when one is set. */
interface MovingChain {
  head: number;
  reads: number;
  gate: Promise<void> | null;
  adapter: ChainAdapter;
}

function movingChain(): MovingChain {
  const chain: MovingChain = {
    head: 10,
    reads: 0,
    gate: null as Promise<void> | null,
    adapter: {
      chainId: EDR_ORIGIN_CHAIN_ID,
      vm: "evm",
      solverAddress: "0x0000000000000000000000000000000000000001",
      head: async () => {
        chain.reads++;
        const read: number = chain.head;
        await chain.gate;
        return read;
      },
      scan: async () => [],
      transfer: async () => {
        throw new Error("no transfers on the stub chain");
      },
      resume: async () => null,
    },
  };
  return chain;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("service: the indexer on wake-ups", () => {
  it("passes once at start, then only when woken; a wake-up during a pass brings another pass after it", async () => {
    const chain = movingChain();
    const service = testService({ indexerIntervalMs: 0, indexOnWake: true, chains: [chain.adapter] });
    const cursor = () =>
      Number(
        (
          service.store
            .prepare("SELECT next_block FROM indexer_cursors WHERE chain_id = ?")
            .get(EDR_ORIGIN_CHAIN_ID) as { next_block: string } | undefined
        )?.next_block ?? 0,
      );
    try {
      await service.ready;
      await sleep(50);
      expect(chain.reads, "the pass at start").to.equal(1);
      expect(cursor()).to.equal(11);
      await sleep(300);
      expect(chain.reads, "no pass without a wake-up").to.equal(1);

      let open = () => {};
      chain.gate = new Promise<void>((resolve) => {
        open = resolve;
      });
      service.indexer?.wake();
      await sleep(20);
      expect(chain.reads).to.equal(2);
      // A block is mined while the pass holds the old head; its wake-up comes during the pass.
      chain.head = 12;
      service.indexer?.wake();
      chain.gate = null;
      open();
      await sleep(WAKE_GAP_MS + 50);
      expect(chain.reads, "the pass the wake-up asked for").to.equal(3);
      expect(cursor()).to.equal(13);
    } finally {
      await service.close();
    }
  });

  it("wake-ups closer than WAKE_GAP_MS after a pass share one pass at the gap's end, which still sees the last block", async () => {
    const chain = movingChain();
    const service = testService({ indexerIntervalMs: 0, indexOnWake: true, chains: [chain.adapter] });
    try {
      await service.ready;
      await sleep(50);
      const before = chain.reads;
      // A block a millisecond for the length of the gap, each waking the indexer (a chain under load).
      const burstEnds = performance.now() + WAKE_GAP_MS;
      let wakeUps = 0;
      while (performance.now() < burstEnds) {
        chain.head++;
        service.indexer?.wake();
        wakeUps++;
        await sleep(1);
      }
      await sleep(WAKE_GAP_MS * 3);
      const passes = chain.reads - before;
      expect(wakeUps, "the burst's wake-ups").to.be.greaterThan(3);
      expect(passes, "passes for the burst").to.be.within(1, 2);
      expect(
        Number(
          (
            service.store
              .prepare("SELECT next_block FROM indexer_cursors WHERE chain_id = ?")
              .get(EDR_ORIGIN_CHAIN_ID) as { next_block: string }
          ).next_block,
        ),
        "the cursor past the burst's last block",
      ).to.equal(chain.head + 1);
    } finally {
      await service.close();
    }
  });

  it("without indexOnWake and polling, wake-ups do nothing (the indexer is ticked by hand)", async () => {
    const chain = movingChain();
    const service = testService({ indexerIntervalMs: 0, chains: [chain.adapter] });
    try {
      await service.ready;
      service.indexer?.wake();
      await sleep(50);
      expect(chain.reads).to.equal(0);
      await service.indexer?.tick();
      expect(chain.reads).to.equal(1);
    } finally {
      await service.close();
    }
  });
});
