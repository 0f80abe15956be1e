/**
 * The leg verifiers judge as the service's oracle does, one rule per example: the fill contract's
 * `SolverNativeTransfer` and `SolverCallExecuted` (Router 3.1 and 3.2 shapes), the native-value rule,
 * per-payment minimums, the depositor sentinel, the refund floor, SVM memos by CPI and containing
 * the id; and one leg pays one order (an SVM transaction tagged for two orders, an EVM input carrying
 * a second order's id, one transaction counted twice), each refused with its typed reason.
 */
import { generateKeyPairSigner, type KeyPairSigner } from "@solana/kit";
import { getTransferSolInstruction } from "@solana-program/system";
import { expect } from "chai";
import type { Hex } from "viem";
import {
  createLegLedger,
  fetchEvmLegEvidence,
  getOrderId,
  type LegVerification,
  NATIVE_CURRENCY,
  type Order,
  verifyOrderFill,
  verifyOrderRefund,
} from "../../src/index.ts";
import {
  callExecutedLog,
  evmEvidence,
  evmOutputOrder,
  fillContractExtraData,
  memo,
  nativeTransferLog,
  orderCall,
  svmEvidence,
  transferLog,
} from "./leg-evidence.ts";
import {
  asV2,
  chainsResponse,
  EVM_PAYER,
  EVM_RECIPIENT,
  EVM_TOKEN,
  orderFor,
  RECIPIENT,
  vmTypes,
} from "./quote-fixture.ts";

const ROUTER = "0x0729e2a4716d9f7dd17858d5d504426d228697f7";
const OTHER_CONTRACT = "0x5567954cd026cebfe486062cb75848e0f1c12e58";
const STRANGER = "0x3333333333333333333333333333333333333333";
const SOLVER_EOA = "0x6666666666666666666666666666666666666666";
const codes = (result: LegVerification) => result.failures.map((failure) => failure.code);
const idOf = (order: Order) => getOrderId(order, vmTypes);
const options = { chains: chainsResponse };

/** A native-output order whose `extraData` names `ROUTER` as its fill contract. */
function routedOrder(minimumAmount = "990000"): Order {
  const order = evmOutputOrder("native", minimumAmount);
  order.output.extraData = fillContractExtraData(ROUTER);
  return order;
}

/** A call to the router ending with the order id, with `logs`. */
const routerFill = (order: Order, logs: Parameters<typeof evmEvidence>[0]["logs"], value = 0n) =>
  evmEvidence({ to: ROUTER, input: `0xdeadbeef${idOf(order).slice(2)}` as Hex, value, logs });

describe("orders: leg verifiers follow the service's rules", () => {
  describe("EVM native: a direct transfer, or the fill contract's SolverNativeTransfer events", () => {
    it("events of the contract extraData names, to the recipient, are summed", async () => {
      const order = routedOrder();
      const logs = [
        nativeTransferLog(ROUTER, EVM_RECIPIENT, 500_000n),
        nativeTransferLog(ROUTER, EVM_RECIPIENT, 490_000n),
      ];
      expect(codes(await verifyOrderFill(order, routerFill(order, logs), options))).to.deep.equal([]);
    });
    it("an event from another contract, or to another address, counts nothing", async () => {
      const order = routedOrder();
      const logs = [
        nativeTransferLog(OTHER_CONTRACT, EVM_RECIPIENT, 990_000n),
        nativeTransferLog(ROUTER, STRANGER, 990_000n),
      ];
      expect(codes(await verifyOrderFill(order, routerFill(order, logs), options))).to.deep.equal([
        "FILL_RECIPIENT_NOT_PAID",
      ]);
    });
    it("the transaction's value counts only when its input starts with the order id (a contract call to the recipient does not)", async () => {
      const order = routedOrder();
      // The recipient is a contract called with the id at the end: its value is not a direct transfer.
      const call = evmEvidence({
        to: EVM_RECIPIENT,
        input: `0xa9059cbb${idOf(order).slice(2)}` as Hex,
        value: 990_000n,
      });
      expect(codes(await verifyOrderFill(order, call, options))).to.deep.equal(["FILL_RECIPIENT_NOT_PAID"]);
      const direct = evmEvidence({ to: EVM_RECIPIENT, input: idOf(order), value: 990_000n });
      expect(codes(await verifyOrderFill(order, direct, options))).to.deep.equal([]);
    });
    it("a v2 order names no fill contract: the caller's fillContracts and GET /chains routers count", async () => {
      const order = routedOrder();
      order.output.extraData = "0x";
      const logs = [nativeTransferLog(ROUTER, EVM_RECIPIENT, 990_000n)];
      expect(codes(await verifyOrderFill(order, routerFill(order, logs), options))).to.deep.equal([
        "FILL_RECIPIENT_NOT_PAID",
      ]);
      // A v1 order's `extraData` decides alone: the caller's list does not replace an unreadable one.
      const listed = { ...options, fillContracts: { base: [ROUTER] } };
      expect(codes(await verifyOrderFill(order, routerFill(order, logs), listed))).to.deep.equal([
        "FILL_RECIPIENT_NOT_PAID",
      ]);
    });
  });

  describe("EVM native value a receipt does not show", () => {
    const order = routedOrder();
    const forwarded = () => routerFill(order, [nativeTransferLog(ROUTER, EVM_RECIPIENT, 500_000n)], 990_000n);
    const amountDetail = (result: LegVerification) =>
      result.checks.find((check) => check.check === "amount")?.detail ?? "";
    it("without a trace: says value moved without the event is not counted", async () => {
      const result = await verifyOrderFill(order, forwarded(), options);
      expect(codes(result)).to.deep.equal(["FILL_BELOW_MINIMUM"]);
      expect(amountDetail(result)).to.match(/without that event is not in the receipt and not counted/);
    });
    it("with the call tracer's inner transfers: reports what reached the recipient, and still counts only the events", async () => {
      const traced = { ...forwarded(), internalTransfers: [{ to: EVM_RECIPIENT, value: 990_000n }] };
      const result = await verifyOrderFill(order, traced, options);
      expect(codes(result)).to.deep.equal(["FILL_BELOW_MINIMUM"]);
      expect(amountDetail(result)).to.match(/call trace shows 990000 reaching the recipient/);
    });
    it("fetchEvmLegEvidence asks debug_traceTransaction (callTracer) when the client offers request, and does without when the node refuses", async () => {
      const held = forwarded();
      const trace = {
        type: "CALL",
        to: ROUTER,
        value: "0xf1b30",
        calls: [{ to: EVM_RECIPIENT, value: "0x7a120", calls: [{ to: STRANGER, value: "0x0" }] }],
      };
      const client = (request?: (args: { method: string; params: unknown[] }) => Promise<unknown>) => ({
        getTransaction: async () => ({ ...held.transaction, blockNumber: 100n }),
        getTransactionReceipt: async () => held.receipt,
        getBlock: async ({ blockNumber }: { blockNumber: bigint }) => ({ timestamp: 1_000n + blockNumber }),
        getBlockNumber: async () => 120n,
        getChainId: async () => 8453,
        ...(request === undefined ? {} : { request }),
      });
      const asked: string[] = [];
      const evidence = await fetchEvmLegEvidence(
        client(async (args) => {
          asked.push(`${args.method} ${JSON.stringify(args.params[1])}`);
          return trace;
        }),
        held.transaction.hash,
      );
      expect(asked).to.deep.equal(['debug_traceTransaction {"tracer":"callTracer"}']);
      expect(evidence?.internalTransfers).to.deep.equal([{ to: EVM_RECIPIENT, value: 500_000n }]);
      expect(evidence).to.include({ nodeChainId: 8453, headBlockNumber: 120n, headBlockTimestamp: 1_120n });
      const refused = await fetchEvmLegEvidence(
        client(async () => {
          throw new Error("the method debug_traceTransaction does not exist");
        }),
        held.transaction.hash,
      );
      expect(refused?.internalTransfers).to.equal(undefined);
      // A node that ignores the tracer (struct logs) gives no call frames: no evidence either.
      const structLogs = await fetchEvmLegEvidence(
        client(async () => ({ gas: 21000, failed: false, returnValue: "", structLogs: [] })),
        held.transaction.hash,
      );
      expect(structLogs?.internalTransfers).to.equal(undefined);
      expect((await fetchEvmLegEvidence(client(), held.transaction.hash))?.internalTransfers).to.equal(
        undefined,
      );
    });
  });

  describe("v2 orders: no extraData, the fill contracts come from the caller or GET /chains", () => {
    const order = asV2(evmOutputOrder("native"));
    const id = getOrderId(order, vmTypes);
    const fill = evmEvidence({
      to: ROUTER,
      input: `0xdeadbeef${id.slice(2)}` as Hex,
      logs: [nativeTransferLog(ROUTER, EVM_RECIPIENT, 990_000n)],
    });
    it("unlisted: the router's events count nothing; listed in fillContracts or under GET /chains contracts: they count", async () => {
      expect(codes(await verifyOrderFill(order, fill, options))).to.deep.equal(["FILL_RECIPIENT_NOT_PAID"]);
      const listed = { ...options, fillContracts: { base: [ROUTER] } };
      expect(codes(await verifyOrderFill(order, fill, listed))).to.deep.equal([]);
      const withContracts = (contracts: unknown) => ({
        chains: {
          chains: chainsResponse.chains.map((chain) => (chain.id === 8453 ? { ...chain, contracts } : chain)),
        },
      });
      for (const contracts of [
        { erc20Router: ROUTER },
        { "v3.2": { router: ROUTER, approvalProxy: OTHER_CONTRACT } },
      ]) {
        expect(
          codes(await verifyOrderFill(order, fill, withContracts(contracts))),
          JSON.stringify(contracts),
        ).to.deep.equal([]);
      }
      // The approval proxy is no fill contract.
      const proxyOnly = withContracts({ "v3.2": { router: OTHER_CONTRACT, approvalProxy: ROUTER } });
      expect(codes(await verifyOrderFill(order, fill, proxyOnly))).to.deep.equal(["FILL_RECIPIENT_NOT_PAID"]);
    });
  });

  describe("EVM tokens and payments", () => {
    it("each output payment is checked on its own against its minimum", async () => {
      const order = evmOutputOrder("token", "600000");
      const payment = order.output.payments[0] as Order["output"]["payments"][number];
      order.output.payments.push({ ...payment, minimumAmount: "600000" });
      const logs = [transferLog(EVM_TOKEN, STRANGER, EVM_RECIPIENT, 600_000n)];
      const fill = evmEvidence({ to: EVM_TOKEN, input: `0xa9059cbb${idOf(order).slice(2)}` as Hex, logs });
      const result = await verifyOrderFill(order, fill, options);
      expect(codes(result)).to.deep.equal([]);
      expect(result.checks.filter((check) => check.check === "amount")).to.have.length(2);
    });
  });

  describe("EVM user calls: a distinct SolverCallExecuted of the fill contract for each, in order", () => {
    const target = "0x7777777777777777777777777777777777777777";
    const callA = orderCall(target, "0xaabbcc", 0n);
    const callB = orderCall(target, "0xddeeff", 5n);
    const withCalls = (calls: Hex[]) => {
      const order = routedOrder();
      order.output.calls = calls;
      return order;
    };
    const pay = nativeTransferLog(ROUTER, EVM_RECIPIENT, 990_000n);
    for (const router of ["3.1", "3.2"] as const) {
      it(`Router ${router}: in order passes; out of order, missing, another contract's, or one event for two calls fails`, async () => {
        const order = withCalls([callA, callB]);
        const a = callExecutedLog(ROUTER, router, target, "0xaabbcc", 0n);
        const b = callExecutedLog(ROUTER, router, target, "0xddeeff", 5n);
        const run = async (logs: Parameters<typeof evmEvidence>[0]["logs"]) =>
          codes(await verifyOrderFill(order, routerFill(order, logs), options));
        expect(await run([pay, a, b])).to.deep.equal([]);
        expect(await run([pay, b, a])).to.deep.equal(["FILL_CALLS_MISMATCH"]);
        expect(await run([pay, a])).to.deep.equal(["FILL_CALLS_MISMATCH"]);
        expect(
          await run([pay, a, callExecutedLog(OTHER_CONTRACT, router, target, "0xddeeff", 5n)]),
        ).to.deep.equal(["FILL_CALLS_MISMATCH"]);
        expect(await run([pay, callExecutedLog(ROUTER, router, target, "0xddeeff", 4n), a])).to.deep.equal([
          "FILL_CALLS_MISMATCH",
        ]);
        const twice = withCalls([callA, callA]);
        const once = await verifyOrderFill(twice, routerFill(twice, [pay, a]), options);
        expect(codes(once)).to.deep.equal(["FILL_CALLS_MISMATCH"]);
      });
    }
    it("outside review: the calls' bytes merely appearing in a plain transfer's data do not pass", async () => {
      const order = withCalls([callA]);
      // The attack: a plain native transfer whose data is the call's encoding, then the id.
      const plain = evmEvidence({
        to: EVM_RECIPIENT,
        input: `${idOf(order)}${callA.slice(2)}${idOf(order).slice(2)}` as Hex,
        value: 990_000n,
      });
      expect(plain.transaction.input.includes(callA.slice(2))).to.equal(true);
      expect(codes(await verifyOrderFill(order, plain, options))).to.deep.equal(["FILL_CALLS_MISMATCH"]);
    });
  });

  describe("EVM chain", () => {
    it("outside review: a pre-EIP-155 transaction (no chain id) is not placed on the output chain; the node's chain id places it", async () => {
      const order = routedOrder();
      const legacy = evmEvidence({ to: EVM_RECIPIENT, input: idOf(order), value: 990_000n, chainId: null });
      expect(legacy.transaction.chainId).to.equal(undefined);
      expect(codes(await verifyOrderFill(order, legacy, options))).to.deep.equal(["TX_CHAIN_UNSTATED"]);
      expect(codes(await verifyOrderFill(order, { ...legacy, nodeChainId: 10 }, options))).to.deep.equal([
        "LEG_CHAIN_MISMATCH",
      ]);
      expect(codes(await verifyOrderFill(order, { ...legacy, nodeChainId: 8453 }, options))).to.deep.equal(
        [],
      );
    });
  });

  describe("EVM refunds", () => {
    const sentinelOrder = (minimumAmount = "1000000") => {
      const order = orderFor("evm-native");
      const refund = order.inputs[0]?.refunds[0] as Order["inputs"][number]["refunds"][number];
      refund.recipient = NATIVE_CURRENCY["ethereum-vm"];
      refund.minimumAmount = minimumAmount;
      return order;
    };
    const refundTo = (order: Order, to: string, value: bigint) =>
      evmEvidence({ to, input: idOf(order), value });
    it("a recipient of 0x000…0 refunds the depositor: paid to the depositor passes; no depositor given is its own reason", async () => {
      const order = sentinelOrder();
      const depositor = SOLVER_EOA;
      const paid = refundTo(order, depositor, 1_000_000n);
      expect(codes(await verifyOrderRefund(order, paid, { ...options, depositor }))).to.deep.equal([]);
      expect(codes(await verifyOrderRefund(order, paid, options))).to.deep.equal([
        "REFUND_DEPOSITOR_UNKNOWN",
      ]);
      const burned = refundTo(order, NATIVE_CURRENCY["ethereum-vm"], 1_000_000n);
      expect(codes(await verifyOrderRefund(order, burned, { ...options, depositor }))).to.deep.equal([
        "REFUND_RECIPIENT_NOT_ALLOWED",
      ]);
    });
    it("the floor is minimum + minimum·bpsDiff/1e18: an over-deposit raises it, a short one lowers it (truncating)", async () => {
      const order = sentinelOrder();
      order.inputs[0]!.refunds[0]!.recipient = EVM_PAYER;
      const input = BigInt(order.inputs[0]?.payment.amount as string);
      const minimum = BigInt(order.inputs[0]?.refunds[0]?.minimumAmount as string);
      const run = async (value: bigint, deposited: bigint) =>
        codes(await verifyOrderRefund(order, refundTo(order, EVM_PAYER, value), { ...options, deposited }));
      expect(await run(2n * minimum, 2n * input)).to.deep.equal([]);
      expect(await run(2n * minimum - 1n, 2n * input)).to.deep.equal(["REFUND_BELOW_MINIMUM"]);
      const third = input / 3n;
      const bps = ((third - input) * 10n ** 18n) / input;
      const floor = minimum + (minimum * bps) / 10n ** 18n;
      expect(await run(floor, third)).to.deep.equal([]);
      expect(await run(floor - 1n, third)).to.deep.equal(["REFUND_BELOW_MINIMUM"]);
    });
  });

  describe("SVM", () => {
    let solver: KeyPairSigner;
    before(async () => {
      solver = await generateKeyPairSigner();
    });
    const solOrder = () => {
      const order = orderFor("evm-native");
      const payment = order.output.payments[0] as Order["output"]["payments"][number];
      payment.currency = NATIVE_CURRENCY["solana-vm"];
      payment.minimumAmount = "990000";
      return order;
    };
    const sol = (memos: string[], innerMemos?: string[]) =>
      svmEvidence({
        payer: solver,
        instructions: [
          getTransferSolInstruction({ source: solver, destination: RECIPIENT as never, amount: 990_000n }),
          ...memos.map((text) => memo(text, solver)),
        ],
        lamports: { [RECIPIENT]: [1_000_000n, 1_990_000n] },
        ...(innerMemos === undefined ? {} : { innerMemos }),
      });
    it("a memo containing the id counts (case-sensitive), top level or run by CPI", async () => {
      const order = solOrder();
      const id = idOf(order);
      expect(codes(await verifyOrderFill(order, await sol([`relay fill ${id}`]), options))).to.deep.equal([]);
      expect(codes(await verifyOrderFill(order, await sol([id.toUpperCase()]), options))).to.deep.equal([
        "ORDER_ID_TAG_MISSING",
      ]);
      expect(codes(await verifyOrderFill(order, await sol(["router"], [id]), options))).to.deep.equal([]);
    });
    it("outside review: one transfer tagged for two orders is refused for each (LEG_TAGGED_FOR_TWO_ORDERS)", async () => {
      const order = solOrder();
      const other = solOrder();
      other.salt = "7";
      const both = await sol([idOf(order), idOf(other)]);
      // The attack: one transfer whose memos name two orders, each of which it would fill.
      expect(codes(await verifyOrderFill(order, both, options))).to.deep.equal(["LEG_TAGGED_FOR_TWO_ORDERS"]);
      expect(codes(await verifyOrderFill(other, both, options))).to.deep.equal(["LEG_TAGGED_FOR_TWO_ORDERS"]);
      const inner = await sol(["router"], [`${idOf(order)} ${idOf(other)}`]);
      expect(codes(await verifyOrderFill(order, inner, options))).to.deep.equal([
        "LEG_TAGGED_FOR_TWO_ORDERS",
      ]);
    });
    it("an SVM order with user calls is never attested: FILL_CALLS_NOT_ATTESTABLE", async () => {
      const order = solOrder();
      order.output.calls = ["0x01"];
      expect(codes(await verifyOrderFill(order, await sol([idOf(order)]), options))).to.deep.equal([
        "FILL_CALLS_NOT_ATTESTABLE",
      ]);
    });
  });

  describe("one leg pays one order (a ledger shared by the calls)", () => {
    it("a transaction counted for one order is refused for another; an EVM input carrying a counted order's id is refused", async () => {
      const ledger = createLegLedger();
      const first = routedOrder();
      const second = routedOrder();
      second.salt = "9";
      // Both orders pay the same recipient the same amount: one transfer would do for both.
      second.output.extraData = first.output.extraData;
      const fill = evmEvidence({ to: EVM_RECIPIENT, input: idOf(first), value: 990_000n });
      expect(codes(await verifyOrderFill(first, fill, { ...options, ledger }))).to.deep.equal([]);
      expect(codes(await verifyOrderFill(first, fill, { ...options, ledger }))).to.deep.equal([]);
      const again = {
        ...fill,
        transaction: { ...fill.transaction, input: `${idOf(first)}${idOf(second).slice(2)}` as Hex },
      };
      // Same hash, now claimed for the second order: counted already.
      expect(codes(await verifyOrderFill(second, again, { ...options, ledger }))).to.include(
        "LEG_ALREADY_COUNTED",
      );
      // Another transaction whose input carries the first (counted) order's id before the second's.
      const carried = evmEvidence({
        to: ROUTER,
        input: `0x1234${idOf(first).slice(2)}${idOf(second).slice(2)}` as Hex,
        logs: [nativeTransferLog(ROUTER, EVM_RECIPIENT, 990_000n)],
      });
      const otherHash = {
        ...carried,
        transaction: { ...carried.transaction, hash: `0x${"ef".repeat(32)}` as Hex },
      };
      expect(codes(await verifyOrderFill(second, otherHash, { ...options, ledger }))).to.deep.equal([
        "LEG_TAGGED_FOR_TWO_ORDERS",
      ]);
      expect(codes(await verifyOrderFill(second, otherHash, options))).to.deep.equal([]);
    });
  });
});
