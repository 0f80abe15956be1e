/**
 * A backlog of final blocks is worked off in bounded steps, the cursor committed after each: a
 * service that dies part way through a long catch-up keeps what it scanned, so a service restarted
 * again and again, each life too short for the whole catch-up, still reaches the head and sees the
 * deposit at its end (found by the random-moment crash trial: a restarted service rescanned its
 * whole backlog in one go each time, died before the end, and never got through it).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect } from "chai";
import type { ChainAdapter, ChainObservation } from "../../src/service/chains/types.ts";
import { getRequest } from "../../src/service/requests-repo.ts";
import { createRequest, EDR_ORIGIN_CHAIN_ID, EVM_USER, testService } from "./helpers.ts";

const HEAD = 5_000;
/** Blocks one life of the service gets through before it dies. */
const LIFE = 300;

/** A chain of `HEAD` blocks holding `deposits`, whose reads fail once `LIFE` blocks were scanned. */
function dyingChain(deposits: readonly ChainObservation[]): ChainAdapter {
  let scanned = 0;
  return {
    chainId: EDR_ORIGIN_CHAIN_ID,
    vm: "evm",
    solverAddress: "0x0000000000000000000000000000000000000001",
    head: async () => HEAD,
    scan: async (from, to) => {
      scanned += to - from + 1;
      if (scanned > LIFE) throw new Error("the process died");
      return deposits.filter((observation) => observation.block >= from && observation.block <= to);
    },
    transfer: async () => {
      throw new Error("no transfers on the stub chain");
    },
    resume: async () => null,
  };
}

describe("service: a backlog of blocks survives restarts that cut each catch-up short", () => {
  it(`lives of ${LIFE} blocks each commit what they scanned and together reach block ${HEAD}, seeing its deposit`, async () => {
    const dir = mkdtempSync(join(tmpdir(), "attestkit-backlog-"));
    const db = join(dir, "service.sqlite");
    try {
      const deposits: ChainObservation[] = [];
      const life = (newDb: boolean) =>
        testService({
          db,
          newDb,
          indexerIntervalMs: 0,
          chains: [dyingChain(deposits)],
          confirmations: { [EDR_ORIGIN_CHAIN_ID]: 2 },
        });
      const first = life(true);
      const requestId = await createRequest(first, { originChainId: EDR_ORIGIN_CHAIN_ID });
      await first.close();
      deposits.push({
        kind: "deposit",
        requestId,
        txHash: `0x${"ab".repeat(32)}`,
        block: HEAD,
        timestamp: 1_700_000_000,
        from: EVM_USER,
        currency: "0x0000000000000000000000000000000000000000",
        amount: "1",
        status: "success",
        via: "transfer",
        position: "tx",
      });
      const cursorOf = (service: ReturnType<typeof life>) =>
        Number(
          (
            service.store
              .prepare("SELECT next_block FROM indexer_cursors WHERE chain_id = ?")
              .get(EDR_ORIGIN_CHAIN_ID) as { next_block: string } | undefined
          )?.next_block ?? 0,
        );
      let cursor = 0;
      for (let lives = 1; cursor < HEAD; lives++) {
        const service = life(false);
        await service.indexer!.tick();
        const next = cursorOf(service);
        const status = getRequest(service.store, requestId)?.record.status;
        await service.close();
        expect(next, `life ${lives} moved the cursor from ${cursor}`).to.be.greaterThan(cursor);
        expect(lives).to.be.lessThan(HEAD / 50);
        cursor = next;
        if (cursor === HEAD) expect(status, "the last block's deposit, seen").to.equal("depositing");
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
