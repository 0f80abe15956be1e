/**
 * Differential: the leg verifiers against `oracle-model.ts`, an independent executable statement of
 * the service's rules, over generated legs on both VMs (EVM fills and refunds, SVM fills). Each
 * generated description becomes the receipt or transaction a node would return; the verifiers must
 * attest exactly what the model attests, except for the documented deliberate refusals (docs/orders.md),
 * each asserted with its own code: an SVM transaction whose memos name another order id too
 * (LEG_TAGGED_FOR_TWO_ORDERS), and a refund that paid no allowed recipient anything
 * (REFUND_RECIPIENT_NOT_ALLOWED, even when the floor is 0).
 */
import { generateKeyPairSigner, type KeyPairSigner } from "@solana/kit";
import { getTransferSolInstruction } from "@solana-program/system";
import { expect } from "chai";
import fc from "fast-check";
import type { Hex } from "viem";
import {
  type EvmLegEvidence,
  getOrderId,
  type LegVerification,
  NATIVE_CURRENCY,
  type Order,
  verifyOrderFill,
  verifyOrderRefund,
} from "../../src/index.ts";
import {
  callExecutedLog,
  evmOutputOrder,
  fillContractExtraData,
  memo,
  nativeTransferLog,
  orderCall,
  svmEvidence,
  transferLog,
} from "./leg-evidence.ts";
import {
  type ModelEvmEvent,
  type ModelEvmLeg,
  type ModelSvmLeg,
  modelAttestsEvmFill,
  modelAttestsEvmRefund,
  modelAttestsSvmFill,
} from "./oracle-model.ts";
import {
  chainsResponse,
  EVM_PAYER,
  EVM_RECIPIENT,
  EVM_TOKEN,
  orderFor,
  RECIPIENT,
  SVM_MINT,
  vmTypes,
} from "./quote-fixture.ts";

const SEED = 0x34_0c_1e;
const ZERO = "0x0000000000000000000000000000000000000000";
const ROUTER = "0x0729e2a4716d9f7dd17858d5d504426d228697f7";
const OTHER_CONTRACT = "0x5567954cd026cebfe486062cb75848e0f1c12e58";
const STRANGER = "0x3333333333333333333333333333333333333333";
const DEPOSITOR = "0x6666666666666666666666666666666666666666";
const OTHER_TOKEN = "0x4444444444444444444444444444444444444444";
const OTHER_ID = `0x${"5a".repeat(32)}`;
const CALL_POOL = [
  { to: "0x7777777777777777777777777777777777777777", data: "0xaabbcc", value: 0n },
  { to: "0x7777777777777777777777777777777777777777", data: "0xddeeff", value: 5n },
  { to: "0x8888888888888888888888888888888888888888", data: "0x", value: 1n },
];
const idOf = (order: Order) => getOrderId(order, vmTypes);
const codes = (result: LegVerification) => result.failures.map((failure) => failure.code);

/** Amounts at and around the boundaries the rules compare at, and anywhere between. */
const amount = fc.oneof(
  fc.constantFrom(0n, 1n, 499_999n, 500_000n, 500_001n, 1_000_000n, 2_000_000n),
  fc.bigInt({ min: 0n, max: 2_000_000n }),
);
const INPUT_SHAPES = ["id", "selector+id", "id+other", "other+id", "other"] as const;
type InputShape = (typeof INPUT_SHAPES)[number];

function inputOf(shape: InputShape, id: string): string {
  const bare = id.slice(2);
  return {
    id,
    "selector+id": `0xa9059cbb${"00".repeat(64)}${bare}`,
    "id+other": `${id}${OTHER_ID.slice(2)}`,
    "other+id": `${OTHER_ID}${bare}`,
    other: OTHER_ID,
  }[shape];
}

const evmEvent = fc.oneof(
  fc.record({
    kind: fc.constant("token-transfer" as const),
    token: fc.constantFrom(EVM_TOKEN, OTHER_TOKEN),
    from: fc.constantFrom(STRANGER, EVM_RECIPIENT, EVM_PAYER),
    to: fc.constantFrom(EVM_RECIPIENT, EVM_RECIPIENT, STRANGER, EVM_PAYER, DEPOSITOR),
    amount,
  }),
  fc.record({
    kind: fc.constant("native-transfer" as const),
    emitter: fc.constantFrom(ROUTER, ROUTER, OTHER_CONTRACT),
    to: fc.constantFrom(EVM_RECIPIENT, EVM_RECIPIENT, STRANGER, EVM_PAYER, DEPOSITOR),
    amount,
  }),
  fc
    .record({
      kind: fc.constant("call-executed" as const),
      emitter: fc.constantFrom(ROUTER, OTHER_CONTRACT),
      call: fc.constantFrom(...CALL_POOL),
      amountShift: fc.constantFrom(0n, 0n, 0n, 1n),
      router: fc.constantFrom("3.1" as const, "3.2" as const),
    })
    .map(
      ({ emitter, call, amountShift, router }): ModelEvmEvent => ({
        kind: "call-executed",
        emitter,
        to: call.to,
        data: call.data,
        amount: call.value + amountShift,
        router,
      }),
    ),
);

/** Everything of an EVM leg but its input, which depends on the order id. */
const evmLegParts = fc.record({
  succeeded: fc.constantFrom(true, true, true, false),
  // Weighted towards legs that pass each check, so both verdicts are reached often.
  blocksOnTop: fc.constantFrom(9, 10, 11, 50, 50),
  secondsOnTop: fc.constantFrom(59, 60, 120, 120),
  timeShift: fc.constantFrom(-100, -100, 0, 1),
  to: fc.constantFrom(EVM_RECIPIENT, EVM_RECIPIENT, STRANGER, ROUTER, EVM_TOKEN, EVM_PAYER, DEPOSITOR),
  shape: fc.constantFrom<InputShape>("id", "id", "selector+id", "selector+id", ...INPUT_SHAPES),
  value: amount,
  events: fc.array(evmEvent, { maxLength: 6 }),
});
type EvmLegParts = typeof evmLegParts extends fc.Arbitrary<infer T> ? T : never;

function modelLeg(parts: EvmLegParts, id: string, deadline: number): ModelEvmLeg {
  return {
    succeeded: parts.succeeded,
    blocksOnTop: parts.blocksOnTop,
    secondsOnTop: parts.secondsOnTop,
    blockTime: deadline + parts.timeShift,
    to: parts.to,
    input: inputOf(parts.shape, id),
    value: parts.value,
    events: parts.events,
  };
}

/** The receipt and transaction a node returns for `leg`. */
function evmEvidenceOf(leg: ModelEvmLeg): EvmLegEvidence {
  const logs = leg.events.map((event) => {
    if (event.kind === "token-transfer") return transferLog(event.token, event.from, event.to, event.amount);
    if (event.kind === "native-transfer") return nativeTransferLog(event.emitter, event.to, event.amount);
    return callExecutedLog(event.emitter, event.router, event.to, event.data as Hex, event.amount);
  });
  return {
    vm: "ethereum-vm",
    transaction: {
      hash: `0x${"cd".repeat(32)}`,
      to: leg.to,
      input: leg.input as Hex,
      value: leg.value,
      chainId: 8453,
    },
    receipt: { status: leg.succeeded ? "success" : "reverted", blockNumber: 100n, logs },
    blockTimestamp: leg.blockTime,
    headBlockNumber: 100n + BigInt(leg.blocksOnTop),
    headBlockTimestamp: leg.blockTime + leg.secondsOnTop,
  };
}

describe("orders: differential of the leg verifiers against an executable statement of the service's rules", () => {
  it("EVM fills: native or token, with or without a fill contract, one or two payments, user calls in both router shapes", async () => {
    let attested = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom("native" as const, "token" as const),
        fc.boolean(),
        fc.array(
          fc.record({ recipient: fc.constantFrom(EVM_RECIPIENT, EVM_RECIPIENT, STRANGER), minimum: amount }),
          {
            minLength: 1,
            maxLength: 2,
          },
        ),
        fc.oneof({ weight: 3, arbitrary: fc.constant([]) }, { weight: 1, arbitrary: fc.subarray(CALL_POOL) }),
        evmLegParts,
        fc.array(amount, { maxLength: 2 }),
        async (currency, routed, payments, calls, parts, paying) => {
          const order = evmOutputOrder(currency);
          order.output.extraData = routed ? fillContractExtraData(ROUTER) : "0x";
          const paymentCurrency = currency === "native" ? ZERO : EVM_TOKEN;
          order.output.payments = payments.map(({ recipient, minimum }) => ({
            recipient,
            currency: paymentCurrency,
            minimumAmount: minimum.toString(),
            expectedAmount: minimum.toString(),
          }));
          order.output.calls = calls.map((call) => orderCall(call.to, call.data as Hex, call.value));
          const id = idOf(order);
          // Transfers to the recipient in the order's currency (the kind a fill is made of), then the rest.
          const pays = paying.map(
            (paid): ModelEvmEvent =>
              currency === "native"
                ? { kind: "native-transfer", emitter: ROUTER, to: EVM_RECIPIENT, amount: paid }
                : {
                    kind: "token-transfer",
                    token: EVM_TOKEN,
                    from: STRANGER,
                    to: EVM_RECIPIENT,
                    amount: paid,
                  },
          );
          const leg = modelLeg({ ...parts, events: [...pays, ...parts.events] }, id, order.output.deadline);
          const expected = modelAttestsEvmFill(
            {
              orderId: id,
              deadline: order.output.deadline,
              fillContract: routed ? ROUTER : null,
              payments: payments.map((payment) => ({ ...payment, currency: paymentCurrency })),
              calls,
            },
            leg,
          );
          const result = await verifyOrderFill(order, evmEvidenceOf(leg), { chains: chainsResponse });
          if (expected) attested++;
          expect(result.ok, `${JSON.stringify(codes(result))} model=${expected}`).to.equal(expected);
        },
      ),
      { seed: SEED, numRuns: 600 },
    );
    // The generator reaches both outcomes.
    expect(attested).to.be.greaterThan(10);
  });

  it("EVM refunds: the order's recipient or the depositor sentinel, the floor after an over- or short deposit", async () => {
    let attested = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom("evm-native" as const, "evm-erc20" as const),
        fc.constantFrom(EVM_PAYER, ZERO),
        fc.boolean(),
        amount,
        fc.bigInt({ min: 1n, max: 3_000_000n }),
        evmLegParts,
        async (origin, recipient, routed, minimum, deposited, parts) => {
          const order = orderFor(origin);
          const input = order.inputs[0] as Order["inputs"][number];
          const refund = input.refunds[0] as Order["inputs"][number]["refunds"][number];
          refund.recipient = recipient;
          refund.minimumAmount = minimum.toString();
          refund.extraData = routed ? fillContractExtraData(ROUTER) : "0x";
          const id = idOf(order);
          const leg = modelLeg(parts, id, refund.deadline);
          const terms = {
            orderId: id,
            deadline: refund.deadline,
            recipient,
            currency: origin === "evm-native" ? ZERO : EVM_TOKEN,
            minimum,
            inputAmount: BigInt(input.payment.amount),
            deposited,
            depositor: DEPOSITOR,
            fillContract: routed ? ROUTER : null,
          };
          const model = modelAttestsEvmRefund(terms, leg);
          const result = await verifyOrderRefund(order, evmEvidenceOf(leg), {
            chains: chainsResponse,
            deposited,
            depositor: DEPOSITOR,
          });
          if (model) attested++;
          // Deliberate: a refund that paid the allowed recipient nothing is no refund, even at a floor of 0.
          const paidNothing = codes(result).includes("REFUND_RECIPIENT_NOT_ALLOWED");
          if (model && paidNothing) {
            expect(codes(result), "the only deliberate refusal").to.deep.equal([
              "REFUND_RECIPIENT_NOT_ALLOWED",
            ]);
            return;
          }
          expect(result.ok, `${JSON.stringify(codes(result))} model=${model}`).to.equal(model);
        },
      ),
      { seed: SEED, numRuns: 400 },
    );
    expect(attested).to.be.greaterThan(10);
  });

  describe("SVM", () => {
    let solver: KeyPairSigner;
    before(async () => {
      solver = await generateKeyPairSigner();
    });
    it("SVM fills: memos top level or inner, containing the id or not, SOL or SPL, finality, block time, user calls", async () => {
      const memoTexts = (id: string) => [
        id,
        `relay fill ${id}`,
        id.toUpperCase(),
        OTHER_ID,
        `${id} ${OTHER_ID}`,
        "relay",
      ];
      let attested = 0;
      await fc.assert(
        fc.asyncProperty(
          fc.constantFrom("native" as const, "token" as const),
          amount,
          fc.constantFrom(false, false, false, true),
          fc.record({
            failed: fc.constantFrom(false, false, false, true),
            commitment: fc.constantFrom("confirmed" as const, "finalized" as const, "finalized" as const),
            blockTime: fc.constantFrom<number | null>(null, 0, -10, 0.5, 1),
            topMemos: fc.array(fc.nat(5), { maxLength: 2 }),
            innerMemos: fc.array(fc.nat(5), { maxLength: 2 }),
            lamports: fc.tuple(
              fc.bigInt({ min: 1n, max: 5_000_000n }),
              fc.bigInt({ min: 1n, max: 5_000_000n }),
            ),
            tokens: fc.tuple(fc.option(amount, { nil: null }), amount),
          }),
          async (currency, minimum, hasCalls, parts) => {
            const order = orderFor("evm-native");
            const payment = order.output.payments[0] as Order["output"]["payments"][number];
            payment.currency = currency === "native" ? NATIVE_CURRENCY["solana-vm"] : SVM_MINT;
            payment.minimumAmount = minimum.toString();
            if (hasCalls) order.output.calls = ["0x01"];
            const id = idOf(order);
            const texts = memoTexts(id);
            const pick = (indices: number[]) => indices.map((index) => texts[index % texts.length] as string);
            const { deadline } = order.output;
            // 0.5 and 1 stand for "at the deadline" and "one second late"; -10 for "in time"; null and 0 for "no time".
            const blockTime =
              parts.blockTime === null || parts.blockTime === 0
                ? parts.blockTime
                : parts.blockTime === 0.5
                  ? deadline
                  : deadline + parts.blockTime;
            const leg: ModelSvmLeg = {
              failed: parts.failed,
              commitment: parts.commitment,
              blockTime,
              memos: [...pick(parts.topMemos), ...pick(parts.innerMemos)],
              lamports: parts.lamports,
              tokens: parts.tokens,
            };
            const tokenAccount = (await generateKeyPairSigner()).address;
            const evidence = await svmEvidence({
              payer: solver,
              instructions: [
                getTransferSolInstruction({ source: solver, destination: RECIPIENT as never, amount: 1n }),
                memo("relay", solver),
                ...pick(parts.topMemos).map((text) => memo(text, solver)),
              ],
              lamports: { [RECIPIENT]: parts.lamports },
              tokens: [
                {
                  account: tokenAccount,
                  mint: SVM_MINT,
                  owner: RECIPIENT,
                  pre: parts.tokens[0],
                  post: parts.tokens[1],
                },
              ],
              commitment: parts.commitment,
              blockTime,
              ...(parts.failed ? { err: { InstructionError: [0, "Custom"] } } : {}),
              innerMemos: pick(parts.innerMemos),
            });
            const model = modelAttestsSvmFill(
              { orderId: id, deadline, currency, minimum, hasCalls },
              { ...leg, memos: ["relay", ...leg.memos] },
            );
            const result = await verifyOrderFill(order, evidence, { chains: chainsResponse });
            if (model) attested++;
            // Deliberate: one transaction tagged for two orders pays neither.
            const twoOrders = leg.memos.some((text) => text.includes(OTHER_ID));
            if (model && twoOrders) {
              expect(codes(result), "the only deliberate refusal").to.deep.equal([
                "LEG_TAGGED_FOR_TWO_ORDERS",
              ]);
              return;
            }
            expect(result.ok, `${JSON.stringify(codes(result))} model=${model}`).to.equal(model);
          },
        ),
        { seed: SEED, numRuns: 150 },
      );
      expect(attested).to.be.greaterThan(3);
    });
  });
});
