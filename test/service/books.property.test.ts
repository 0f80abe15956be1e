/**
 * Property: the service's books balance whatever deposits arrive for a request (its user's and
 * strangers', in the quoted currency or another, short or full, several per request, each seen
 * non-final then final, and final more than once). For every request: at most one fill, and only
 * for a final deposit of its user in the quoted currency that covers the quote; refunds to each
 * sender never exceed what arrived from that sender; every final deposit is either the filled one
 * or refunded (none kept); the solver's inventory pays for nothing that did not arrive.
 */
import { expect } from "chai";
import fc from "fast-check";
import type { RefundableDeposit, Solver, SolverTx } from "../../src/service/lifecycle.ts";
import type { StoredRequest } from "../../src/service/records.ts";
import { createRequest, ETH, EVM_USER, testService } from "./helpers.ts";

const STRANGER = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";
const OTHER_TOKEN = "0x00000000000000000000000000000000000C0FFE";
const QUOTED = 100_000_000_000_000_000n; // the helpers' quote: 0.1 ETH on chain 1

/** A solver that records what it is asked to pay. */
class RecordingSolver implements Solver {
  fills: { requestId: string; amount: bigint }[] = [];
  refunds: { requestId: string; to: string; currency: string; amount: bigint; depositTx?: string }[] = [];
  async fill(request: StoredRequest, amount: bigint): Promise<SolverTx> {
    this.fills.push({ requestId: request.record.id, amount });
    return {
      txHash: `0xf${this.fills.length}`,
      chainId: request.meta.destinationChainId,
      block: 1,
      final: true,
    };
  }
  async refund(request: StoredRequest, deposit: RefundableDeposit): Promise<SolverTx> {
    this.refunds.push({
      requestId: request.record.id,
      to: deposit.to ?? request.record.user,
      currency: deposit.currency,
      amount: deposit.amount,
      ...(deposit.depositTx ? { depositTx: deposit.depositTx } : {}),
    });
    return {
      txHash: `0xr${this.refunds.length}`,
      chainId: request.meta.originChainId,
      block: 1,
      final: true,
    };
  }
}

const depositArbitrary = fc.record({
  from: fc.constantFrom(EVM_USER, STRANGER),
  currency: fc.constantFrom(ETH, OTHER_TOKEN),
  amount: fc.oneof(fc.constant(QUOTED), fc.bigInt({ min: 1n, max: 2n * QUOTED })),
  seenFirstNonFinal: fc.boolean(),
  finalSightings: fc.integer({ min: 0, max: 3 }),
});

describe("property: the service's books balance for any deposits a request receives", () => {
  it("filled + refunded <= arrived per sender; one fill at most; no final deposit kept", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(depositArbitrary, { minLength: 1, maxLength: 7 }), async (deposits) => {
        const solver = new RecordingSolver();
        const service = testService({ solver });
        try {
          const requestId = await createRequest(service);
          const arrived = new Map<string, bigint>(); // sender:currency -> final arrivals
          const finalTxs: { tx: string; from: string; currency: string; amount: bigint }[] = [];
          deposits.forEach((deposit, index) => {
            const txHash = `0x${(index + 1).toString(16).padStart(64, "0")}`;
            const observation = {
              requestId,
              txHash,
              chainId: 1,
              block: index + 1,
              from: deposit.from,
              currency: deposit.currency,
              amount: deposit.amount.toString(),
            };
            if (deposit.seenFirstNonFinal) service.lifecycle.observeDeposit({ ...observation, final: false });
            for (let i = 0; i < deposit.finalSightings; i++) {
              service.lifecycle.observeDeposit({ ...observation, final: true });
            }
            if (deposit.finalSightings > 0) {
              const key = `${deposit.from}:${deposit.currency}`;
              arrived.set(key, (arrived.get(key) ?? 0n) + deposit.amount);
              finalTxs.push({
                tx: txHash,
                from: deposit.from,
                currency: deposit.currency,
                amount: deposit.amount,
              });
            }
          });
          await service.lifecycle.idle();

          expect(solver.fills.length).to.be.at.most(1);
          const paidBack = new Map<string, bigint>();
          for (const refund of solver.refunds) {
            const key = `${refund.to}:${refund.currency}`;
            paidBack.set(key, (paidBack.get(key) ?? 0n) + refund.amount);
          }
          for (const [key, amount] of paidBack)
            expect(amount <= (arrived.get(key) ?? 0n), key).to.equal(true);
          const fill = solver.fills[0];
          if (fill !== undefined) {
            // the filled deposit: the first final one of the user, in ETH, covering the quote
            const first = finalTxs.find((d) => d.from === EVM_USER);
            expect(first?.currency).to.equal(ETH);
            expect(first!.amount >= QUOTED).to.equal(true);
            expect(fill.amount <= first!.amount).to.equal(true);
          }
          // every final deposit is accounted for: the filled one, or refunded exactly once
          expect(solver.refunds.length + solver.fills.length).to.equal(finalTxs.length);
        } finally {
          await service.close();
        }
      }),
      { numRuns: 150 },
    );
  });
});
