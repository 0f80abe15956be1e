/**
 * Property (F1 / R1, F2): whatever strangers deposit for a request (any amount, zero included, in
 * the quoted currency or another, several in one transaction, each naming the request and seen more
 * than once), the request does not move: each stranger's deposit of something is booked on its own
 * and refunded once, to its payer, exactly what arrived; a deposit of nothing is neither booked nor
 * refunded. The user's own deposit afterwards is filled, once.
 */
import { expect } from "chai";
import fc from "fast-check";
import { depositsOf } from "../../src/service/deposits.ts";
import { getRequest } from "../../src/service/requests-repo.ts";
import { createRequest, ETH, EVM_USER, recordingSolver, testService } from "./helpers.ts";

const STRANGERS = [
  "0x70997970C51812dc3A010C7d01b50e0d17dc79C8",
  "0x90F79bf6EB2c4f870365E785982E1f101E93b906",
];
const OTHER_TOKEN = "0x00000000000000000000000000000000000C0FFE";
const QUOTED = 100_000_000_000_000_000n; // the helpers' quote: 0.1 ETH on chain 1

const strangerDeposit = fc.record({
  from: fc.constantFrom(...STRANGERS),
  currency: fc.constantFrom(ETH, OTHER_TOKEN),
  amount: fc.oneof(
    fc.constant(0n),
    fc.constant(1n),
    fc.constant(QUOTED),
    fc.bigInt({ min: 0n, max: 2n * QUOTED }),
  ),
  /** The transaction it lands in (several deposits may share one) and its log index there. */
  tx: fc.integer({ min: 1, max: 3 }),
  sightings: fc.integer({ min: 1, max: 3 }),
});

describe("property: only a request's user closes it", () => {
  it("strangers' deposits are refunded on their own to their payers, zero ones ignored, and the user's deposit is filled", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(strangerDeposit, { minLength: 1, maxLength: 8 }), async (deposits) => {
        const solver = recordingSolver();
        const service = testService({ solver });
        try {
          const requestId = await createRequest(service);
          deposits.forEach((deposit, position) => {
            const observation = {
              requestId,
              txHash: `0x${deposit.tx.toString(16).padStart(64, "0")}`,
              position: `log:${position}`,
              chainId: 1,
              block: deposit.tx,
              from: deposit.from,
              currency: deposit.currency,
              amount: deposit.amount.toString(),
            };
            service.lifecycle.observeDeposit({ ...observation, final: false });
            for (let i = 0; i < deposit.sightings; i++)
              service.lifecycle.observeDeposit({ ...observation, final: true });
          });
          await service.lifecycle.idle();
          expect(getRequest(service.store, requestId)?.record.status).to.equal("waiting");
          const paid = deposits.filter((deposit) => deposit.amount > 0n);
          expect(solver.fills).to.deep.equal([]);
          expect(
            solver.refunds.map((r) => [r.deposit.to, r.deposit.currency, r.deposit.amount]),
          ).to.deep.equal(paid.map((d) => [d.from, d.currency, d.amount]));
          const booked = depositsOf(service.store, requestId);
          expect(booked.every((d) => !d.fromUser && d.separate && d.reason === "NOT_FROM_USER")).to.equal(
            true,
          );
          expect(booked.length).to.equal(paid.length);

          service.lifecycle.observeDeposit({
            requestId,
            txHash: `0x${"ee".repeat(32)}`,
            chainId: 1,
            block: 9,
            from: EVM_USER,
            currency: ETH,
            amount: QUOTED.toString(),
            final: true,
          });
          await service.lifecycle.idle();
          expect(getRequest(service.store, requestId)?.record.status).to.equal("success");
          expect(solver.fills).to.deep.equal([requestId]);
        } finally {
          await service.close();
        }
      }),
      { numRuns: 100 },
    );
  });
});
