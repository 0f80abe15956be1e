/**
 * F3: the mock reads its orders' deadlines as the service does. A deposit counts while its block's
 * time is at or before the order's `output.deadline` (the deadline second included); a later one is
 * refunded `PROTOCOL_DEADLINE_EXPIRED`. The solver never fills after the deadline, even for a deposit
 * that landed in time, and fast fill refuses an expired order without placing a hold.
 */
import { expect } from "chai";
import fc from "fast-check";
import { privateKeyToAccount } from "viem/accounts";
import { encodeAppBalanceFundingCalldata, getOrderDeadline } from "../../src/index.ts";
import { depositsOf } from "../../src/service/deposits.ts";
import type { ProtocolOrderBlock, Service } from "../../src/service/index.ts";
import { getRequest } from "../../src/service/requests-repo.ts";
import {
  API_KEY,
  BASE_USDC,
  ETH,
  EVM_USER,
  expectError,
  linkSponsorshipWallet,
  post,
  quoteBody,
  recordingSolver,
  SOLVER,
  SPONSOR_KEY,
  testService,
} from "./helpers.ts";

const AMOUNT = "100000000000000000";

/** A service whose clock the test sets and whose solver records every fill it is asked for. */
function clockedService() {
  const clock = { ms: Date.now() };
  const solver = recordingSolver();
  const service = testService({ now: () => clock.ms, solver });
  return { service, clock, fills: solver.fills };
}

/** Quotes an order; returns its request id and `output.deadline`. */
async function quoteOrder(service: Service): Promise<{ id: string; deadline: number }> {
  const res = await post(service, "/quote/v2", quoteBody({ includeProtocolData: true }));
  expect(res.status, res.raw).to.equal(200);
  const body = res.body as { steps: { requestId: string }[]; protocol: { v2: ProtocolOrderBlock } };
  return { id: body.steps[0]?.requestId as string, deadline: getOrderDeadline(body.protocol.v2.orderData) };
}

/** The user's deposit of the quoted amount, landed at `timestamp` (unix seconds). */
const deposit = (id: string, timestamp: number, final: boolean) => ({
  requestId: id,
  txHash: `0x${timestamp.toString(16).padStart(64, "0")}`,
  chainId: 1,
  block: 1,
  timestamp,
  from: EVM_USER,
  currency: ETH,
  amount: AMOUNT,
  final,
});

describe("service: order deadlines (F3)", () => {
  it("property: a deposit is taken when it lands at or before output.deadline, refunded PROTOCOL_DEADLINE_EXPIRED after it", async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: -120, max: 120 }), async (offset) => {
        const { service, clock, fills } = clockedService();
        try {
          const { id, deadline } = await quoteOrder(service);
          clock.ms = (deadline + offset) * 1000;
          service.lifecycle.observeDeposit(deposit(id, deadline + offset, true));
          await service.lifecycle.idle();
          const request = getRequest(service.store, id);
          if (offset <= 0) {
            expect(request?.record.status).to.equal("success");
            expect(fills).to.deep.equal([id]);
          } else {
            expect(request?.record.status).to.equal("refund");
            expect(request?.record.data.failReason).to.equal("PROTOCOL_DEADLINE_EXPIRED");
            expect(fills).to.deep.equal([]);
          }
        } finally {
          await service.close();
        }
      }),
      { numRuns: 40 },
    );
  });

  it("a deposit that landed in time but is final only after output.deadline is refunded, never filled", async () => {
    const { service, clock, fills } = clockedService();
    try {
      const { id, deadline } = await quoteOrder(service);
      service.lifecycle.observeDeposit(deposit(id, deadline - 5, false));
      clock.ms = (deadline + 1) * 1000;
      service.lifecycle.observeDeposit(deposit(id, deadline - 5, true));
      await service.lifecycle.idle();
      const request = getRequest(service.store, id);
      expect(request?.record.status).to.equal("refund");
      expect(request?.record.data.failReason).to.equal("PROTOCOL_DEADLINE_EXPIRED");
      expect(request?.record.data.outTxs.map((tx) => tx.type)).to.deep.equal(["refund"]);
      expect(fills).to.deep.equal([]);
      expect(depositsOf(service.store, id).map((d) => d.kind)).to.deep.equal(["fill"]);
    } finally {
      await service.close();
    }
  });

  it("fast fill of an order past output.deadline is refused PROTOCOL_DEADLINE_EXPIRED and places no hold", async () => {
    const { service, clock, fills } = clockedService();
    try {
      const sponsor = privateKeyToAccount(SPONSOR_KEY);
      await linkSponsorshipWallet(service, sponsor);
      const input = encodeAppBalanceFundingCalldata({ solver: SOLVER, amount: 10n ** 9n });
      const txHash = `0x${"f1".repeat(32)}`;
      await post(
        service,
        "/_mock/funding",
        { txHash, from: sponsor.address, to: BASE_USDC, input },
        { "x-api-key": API_KEY },
      );
      const { id, deadline } = await quoteOrder(service);
      service.lifecycle.observeDeposit(deposit(id, deadline, false));
      clock.ms = (deadline + 1) * 1000;
      const bearer = { authorization: `Bearer ${API_KEY}` };
      expectError(
        await post(service, "/fast-fill", { requestId: id }, bearer),
        409,
        "PROTOCOL_DEADLINE_EXPIRED",
      );
      expect(service.ledger.getHold(id)).to.equal(null);
      expect(fills).to.deep.equal([]);
    } finally {
      await service.close();
    }
  });
});
