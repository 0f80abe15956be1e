/**
 * Property: the indexer books each transaction on its own and always advances. Over random chains
 * (heads, confirmation depths, deposits in every block, transactions the scan could not work out,
 * deposits whose booking throws), every pass moves the cursor to the first block that is not final,
 * every other deposit is booked, and exactly the final transactions that failed are quarantined,
 * once each, however many passes see them.
 */
import { expect } from "chai";
import fc from "fast-check";
import { keccak256, toHex } from "viem";
import type { ChainAdapter, ChainObservation } from "../../src/service/chains/types.ts";
import { get, testService } from "./helpers.ts";

const CHAIN_ID = 31337;

interface Scripted {
  observation: ChainObservation;
  /** Its booking throws. */
  poisoned: boolean;
}

/** A chain whose blocks 1..head hold the given observations; `head` can grow (empty blocks). */
function stubChain(byBlock: readonly Scripted[][]) {
  let head = byBlock.length;
  const adapter: ChainAdapter = {
    chainId: CHAIN_ID,
    vm: "evm",
    solverAddress: "0x0000000000000000000000000000000000000001",
    head: async () => head,
    scan: async (from, to) =>
      byBlock.slice(Math.max(from, 1) - 1, to).flatMap((block) => block.map((s) => s.observation)),
    transfer: async () => {
      throw new Error("no transfers on the stub chain");
    },
    resume: async () => null,
  };
  return { adapter, mine: (blocks: number) => (head += blocks), head: () => head };
}

const blocks = fc.array(fc.array(fc.record({ kind: fc.nat(2) }), { maxLength: 3 }), {
  minLength: 1,
  maxLength: 8,
});

/** Block `b`'s scripted transactions: a deposit, a deposit whose booking throws, or a quarantine. */
function script(shape: { kind: number }[][]): Scripted[][] {
  return shape.map((txs, b) =>
    txs.map(({ kind }, i) => {
      const txHash = keccak256(toHex(`tx-${b}-${i}`));
      const block = b + 1;
      if (kind === 2)
        return {
          observation: { kind: "quarantine", txHash, block, reason: "Error: unreadable" },
          poisoned: false,
        };
      return {
        observation: {
          kind: "deposit",
          requestId: keccak256(toHex(`request-${b}-${i}`)),
          txHash,
          block,
          timestamp: 1_700_000_000 + block,
          from: "0x0000000000000000000000000000000000000002",
          currency: "0x0000000000000000000000000000000000000000",
          amount: "1",
          status: "success",
          via: "transfer",
          position: "tx",
        },
        poisoned: kind === 1,
      };
    }),
  );
}

describe("property: the indexer books each transaction on its own and always advances", function () {
  this.timeout(120_000);

  it("moves the cursor to the first non-final block on every pass and quarantines exactly the final failures, once", async () => {
    await fc.assert(
      fc.asyncProperty(blocks, fc.integer({ min: 1, max: 4 }), async (shape, confirmations) => {
        const scripted = script(shape);
        const chain = stubChain(scripted);
        const service = testService({
          chains: [chain.adapter],
          confirmations: { [CHAIN_ID]: confirmations },
          indexerIntervalMs: 0,
        });
        const poisoned = new Set(scripted.flat().flatMap((s) => (s.poisoned ? [s.observation.txHash] : [])));
        const booked = new Map<string, boolean>();
        const lifecycle = service.lifecycle;
        const observe = lifecycle.observeDeposit.bind(lifecycle);
        lifecycle.observeDeposit = (deposit) => {
          if (poisoned.has(deposit.txHash)) throw new Error(`books refused ${deposit.txHash}`);
          booked.set(deposit.txHash, deposit.final);
          return observe(deposit);
        };
        /** The failures (quarantined by the scan, or poisoned) in blocks up to `finalUpTo`. */
        const failuresUpTo = (finalUpTo: number) =>
          scripted
            .flat()
            .filter(
              (s) => s.observation.block <= finalUpTo && (s.poisoned || s.observation.kind === "quarantine"),
            )
            .map((s) => ({ txHash: s.observation.txHash, block: s.observation.block }));
        const expectPass = async () => {
          const finalUpTo = chain.head() - confirmations + 1;
          const res = await get(service, `/_mock/health?limit=100`);
          const health = res.body as {
            chains: { chainId: number; nextBlock: number }[];
            quarantined: { txHash: string; block: number }[];
          };
          expect(health.chains).to.deep.equal([
            {
              chainId: CHAIN_ID,
              nextBlock: Math.max(0, finalUpTo + 1),
              quarantined: failuresUpTo(finalUpTo).length,
            },
          ]);
          expect(health.quarantined.map(({ txHash, block }) => ({ txHash, block }))).to.have.deep.members(
            failuresUpTo(finalUpTo),
          );
          for (const s of scripted.flat()) {
            if (s.poisoned || s.observation.kind === "quarantine")
              expect(booked.has(s.observation.txHash)).to.equal(false);
            else expect(booked.get(s.observation.txHash)).to.equal(s.observation.block <= finalUpTo);
          }
        };
        try {
          await service.indexer?.tick();
          await expectPass();
          await service.indexer?.tick();
          await expectPass();
          chain.mine(confirmations);
          await service.indexer?.tick();
          await expectPass();
        } finally {
          await service.close();
        }
      }),
      { numRuns: 60 },
    );
  });
});
