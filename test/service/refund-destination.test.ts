/**
 * Where refunds go (`refundDestination`), stated independently and checked on random parties, then
 * end to end in the service: a quote's `refundTo` receives its user's refund, a stranger's deposit
 * goes back to the stranger, and a deposit-address request without `refundTo` gets no automatic
 * refund: it ends `failure` with `MANUAL_REFUND_REQUIRED`, its deposit held in the book with why.
 */
import { expect } from "chai";
import fc from "fast-check";
import { zeroAddress } from "viem";
import { depositsOf } from "../../src/service/deposits.ts";
import {
  type RefundPayment,
  refundDestination,
  refundsToDepositor,
} from "../../src/service/refund-destination.ts";
import { getRequest, updateRequest } from "../../src/service/requests-repo.ts";
import { SVM_NATIVE_TOKEN } from "../../src/svm/index.ts";
import {
  createRequest,
  ETH,
  EVM_USER,
  expectError,
  post,
  quoteBody,
  recordingSolver,
  testService,
} from "./helpers.ts";

const USER = EVM_USER;
const REFUND_TO = "0x00000000000000000000000000000000000000a1";
const STRANGER = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";
const RELAYER = "0x90F79bf6EB2c4f870365E785982E1f101E93b906";
const DEPOSITOR = "0x00000000000000000000000000000000000000d1";

describe("service: where refunds go (refundDestination)", () => {
  it("examples: the user's deposit to refundTo, else the user; a stranger's to the stranger; a deposit address's to refundTo, else none", () => {
    const withRefundTo = { user: USER, refundTo: REFUND_TO };
    const without = { user: USER, refundTo: null };
    const byUser: RefundPayment = { via: "account", payer: USER.toLowerCase() };
    const byStranger: RefundPayment = { via: "account", payer: STRANGER };
    const toAddress: RefundPayment = { via: "deposit-address", depositor: DEPOSITOR };
    const unknownDepositor: RefundPayment = { via: "deposit-address", depositor: null };
    expect(refundDestination(withRefundTo, byUser)).to.deep.equal({ to: REFUND_TO });
    expect(refundDestination(without, byUser)).to.deep.equal({ to: USER.toLowerCase() });
    expect(refundDestination(withRefundTo, byStranger)).to.deep.equal({ to: STRANGER });
    expect(refundDestination(withRefundTo, toAddress)).to.deep.equal({ to: REFUND_TO });
    expect(refundDestination(without, toAddress)).to.deep.equal({ to: null, reason: "NO_REFUND_TO" });
    const toDepositor = { user: USER, refundTo: zeroAddress };
    expect(refundDestination(toDepositor, toAddress)).to.deep.equal({ to: DEPOSITOR });
    expect(refundDestination(toDepositor, unknownDepositor)).to.deep.equal({
      to: null,
      reason: "DEPOSITOR_UNKNOWN",
    });
    expect(refundDestination(toDepositor, byUser)).to.deep.equal({ to: USER.toLowerCase() });
    expect(refundsToDepositor(SVM_NATIVE_TOKEN)).to.equal(true);
    expect(refundsToDepositor(REFUND_TO)).to.equal(false);
  });

  it("property: a refund goes only to an account that paid or that the quote names, never to anyone else (a relayer)", () => {
    const account = fc.constantFrom(USER, USER.toLowerCase(), STRANGER, DEPOSITOR, REFUND_TO);
    const refundTo = fc.constantFrom(null, REFUND_TO, zeroAddress, SVM_NATIVE_TOKEN);
    const payment: fc.Arbitrary<RefundPayment> = fc.oneof(
      account.map((payer) => ({ via: "account" as const, payer })),
      fc.option(account, { nil: null }).map((depositor) => ({ via: "deposit-address" as const, depositor })),
    );
    fc.assert(
      fc.property(refundTo, payment, (named, paid) => {
        const parties = { user: USER, refundTo: named };
        const result = refundDestination(parties, paid);
        const payer = paid.via === "account" ? paid.payer : paid.depositor;
        const namedAddress = named !== null && !refundsToDepositor(named) ? named : null;
        if (result.to === null) {
          // None only for a deposit address whose refundTo names no one who can be paid.
          expect(paid.via).to.equal("deposit-address");
          expect(namedAddress).to.equal(null);
          expect(result.reason).to.equal(named === null ? "NO_REFUND_TO" : "DEPOSITOR_UNKNOWN");
          return;
        }
        expect([payer, namedAddress]).to.include(result.to);
        expect(result.to).to.not.equal(RELAYER);
        if (paid.via === "account" && paid.payer.toLowerCase() !== USER.toLowerCase())
          expect(result.to, "a stranger's deposit goes back to the stranger").to.equal(paid.payer);
        if (paid.via === "deposit-address" && namedAddress !== null) expect(result.to).to.equal(namedAddress);
      }),
      { numRuns: 500 },
    );
  });

  describe("in the service", () => {
    it("quote/v2 takes refundTo in the origin VM's form, refuses a malformed one, and the request record carries it", async () => {
      const service = testService();
      try {
        const quoted = await post(service, "/quote/v2", {
          ...quoteBody({ refundTo: REFUND_TO }),
          includeProtocolData: false,
        });
        expect(quoted.status, quoted.raw).to.equal(200);
        const id = (quoted.body as { steps: { requestId: string }[] }).steps[0]!.requestId;
        expect(getRequest(service.store, id)?.record.refundTo?.toLowerCase()).to.equal(REFUND_TO);
        expectError(
          await post(service, "/quote/v2", quoteBody({ refundTo: "0x1234" })),
          400,
          "INVALID_ADDRESS",
        );
      } finally {
        await service.close();
      }
    });

    it("a short deposit by the user of a quote with refundTo is refunded to refundTo; a stranger's to the stranger", async () => {
      const solver = recordingSolver();
      const service = testService({ solver });
      try {
        const requestId = await createRequest(service, { refundTo: REFUND_TO });
        const deposit = (from: string, tx: number, amount: string) =>
          service.lifecycle.observeDeposit({
            requestId,
            txHash: `0x${tx.toString(16).padStart(64, "0")}`,
            chainId: 1,
            block: tx,
            from,
            currency: ETH,
            amount,
            final: true,
          });
        deposit(STRANGER, 1, "5");
        deposit(USER, 2, "1");
        await service.lifecycle.idle();
        expect(solver.refunds.map((r) => r.deposit.to.toLowerCase()).sort()).to.deep.equal(
          [REFUND_TO, STRANGER.toLowerCase()].sort(),
        );
        expect(getRequest(service.store, requestId)?.record.status).to.equal("refund");
      } finally {
        await service.close();
      }
    });

    it("a deposit-address request without refundTo: no automatic refund, failure MANUAL_REFUND_REQUIRED, the deposit held in the book (NO_REFUND_TO)", async () => {
      const solver = recordingSolver();
      const service = testService({ solver });
      try {
        const requestId = await createRequest(service);
        updateRequest(
          service.store,
          requestId,
          ({ record }) => {
            record.depositAddress = {
              address: "0x00000000000000000000000000000000000000da",
              type: "strict",
              depositor: null,
              depositTxHash: null,
              recoveryAddress: null,
            };
          },
          Date.now(),
        );
        service.lifecycle.observeDeposit({
          requestId,
          txHash: `0x${"0a".repeat(32)}`,
          chainId: 1,
          block: 1,
          currency: ETH,
          amount: "1",
          final: true,
        });
        await service.lifecycle.idle();
        expect(solver.refunds, "nothing sent").to.deep.equal([]);
        const { record } = getRequest(service.store, requestId)!;
        expect(record.status).to.equal("failure");
        expect(record.data).to.include({
          failReason: "DEPOSITED_AMOUNT_TOO_LOW_TO_FILL",
          refundFailReason: "MANUAL_REFUND_REQUIRED",
        });
        const [booked] = depositsOf(service.store, requestId);
        expect(booked).to.include({ refundTx: "MANUAL_REFUND_REQUIRED", amount: 1n });
        expect(booked!.reason).to.match(/NO_REFUND_TO/);
      } finally {
        await service.close();
      }
    });
  });
});
