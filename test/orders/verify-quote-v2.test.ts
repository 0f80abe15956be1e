// verifyQuoteOrder on "v2" orders (the settlement SDK's next format): one input, one deadline for filling
// and refunding, the relayer with exclusive filling rights, an output split into the relayer's withdraw and
// the fill, and the fill checked against the quote's (unsigned) details.
import { expect } from "chai";
import fc from "fast-check";
import { bytesToHex, type Hex } from "viem";
import {
  encodeOrderAddressBytes,
  formatOrderAddress,
  getOrderId,
  NATIVE_CURRENCY,
  type OrderV2,
  type QuoteOrderVerification,
  signOrderId,
  type VerifyQuoteOrderOptions,
  verifyQuoteOrder,
} from "../../src/index.ts";
import { expectCode } from "../lib/expect-code.ts";
import {
  asV2,
  attacker,
  depositItem,
  EVM_PAYER,
  EVM_TOKEN,
  NOW,
  type Origin,
  options,
  orderFor,
  quoteFor,
  RECIPIENT,
  SVM_MINT,
  type TestQuoteV2,
  vmTypes,
} from "./quote-fixture.ts";

const ORIGINS = ["evm-native", "evm-erc20", "svm-native", "svm-token"] as const;
const codes = (result: QuoteOrderVerification) => result.failures.map((failure) => failure.code);
const orderV2For = (origin: Origin) => asV2(orderFor(origin));
const quoteV2For = (origin: Origin, order: OrderV2 = orderV2For(origin)) => quoteFor(origin, order);
const verify = (quote: unknown, origin: Origin, extra: Partial<VerifyQuoteOrderOptions> = {}) =>
  verifyQuoteOrder(quote, { ...options(origin), ...extra });
const fill = (order: OrderV2) => order.output.fill;
const outputVm = (order: OrderV2) => vmTypes[order.output.chainId as keyof typeof vmTypes];

/** Another account of the output chain's VM: the fill recipient with its first byte flipped. */
function stranger(order: OrderV2): string {
  const bytes = encodeOrderAddressBytes(fill(order).recipient, outputVm(order));
  bytes[0] = (bytes[0] as number) ^ 1;
  return formatOrderAddress(bytes, outputVm(order));
}

/** Another currency on the output chain than the fill's. */
function otherCurrency(order: OrderV2): string {
  const vm = outputVm(order);
  const native = NATIVE_CURRENCY[vm];
  if (fill(order).currency !== native) return native;
  return vm === "ethereum-vm" ? EVM_TOKEN : SVM_MINT;
}

describe("verifyQuoteOrder: v2 orders, honest quotes pass", () => {
  for (const origin of ORIGINS) {
    it(`${origin}: every check passes and the recomputed v2 id is returned`, async () => {
      const quote = await quoteV2For(origin);
      const result = await verify(quote, origin);
      expect(result.failures).to.deep.equal([]);
      expect(result.ok).to.equal(true);
      expect(result.orderId).to.equal(getOrderId(quote.protocol.v2.orderData, vmTypes));
      expect(result.paymentChain?.protocolChainId).to.equal(origin.startsWith("svm") ? "solana" : "base");
    });
  }
});

describe("verifyQuoteOrder: v2 orders, each check", () => {
  it("order data changed after signing (fill recipient swapped, id kept): ORDER_ID_MISMATCH first, the rest derived from it", async () => {
    const quote = await quoteV2For("evm-native");
    fill(quote.protocol.v2.orderData).recipient = stranger(quote.protocol.v2.orderData);
    const result = await verify(quote, "evm-native");
    expect(result.failures.map((f) => [f.code, f.causedBy])).to.deep.equal([
      ["ORDER_ID_MISMATCH", undefined],
      // The details still show the recipient the solver signed for.
      ["FILL_RECIPIENT_MISMATCH", undefined],
      ["SIGNER_NOT_SOLVER", "ORDER_ID_MISMATCH"],
      ["DEPOSIT_ID_MISMATCH", "ORDER_ID_MISMATCH"],
    ]);
  });

  it("an order giving the filling rights to another relayer, signed by the solver: ORDER_SOLVER_MISMATCH; passes when that relayer is configured", async () => {
    const quote = await quoteV2For("evm-erc20", { ...orderV2For("evm-erc20"), relayer: attacker.address });
    const result = await verify(quote, "evm-erc20");
    expect(codes(result)).to.deep.equal(["ORDER_SOLVER_MISMATCH"]);
    expect(result.failures[0]).to.include({
      message: "the order names another relayer",
      actual: attacker.address.toLowerCase(),
    });
    expect((await verify(quote, "evm-erc20", { relayer: attacker.address })).ok).to.equal(true);
  });

  it("a quote signed by another key: SIGNER_NOT_SOLVER", async () => {
    const quote = await quoteV2For("svm-token");
    quote.protocol.v2.orderSignature = await signOrderId(attacker, quote.protocol.v2.orderId);
    expect(codes(await verify(quote, "svm-token"))).to.deep.equal(["SIGNER_NOT_SOLVER"]);
  });

  it("paymentDetails on a chain the single input does not pay on: PAYMENT_INPUT_MISSING", async () => {
    const quote = await quoteV2For("evm-native");
    quote.protocol.v2.paymentDetails.chainId = "optimism";
    expect(codes(await verify(quote, "evm-native"))).to.deep.equal(["PAYMENT_INPUT_MISSING"]);
  });

  it("paymentDetails asking for another amount than the input: PAYMENT_DETAILS_MISMATCH", async () => {
    const quote = await quoteV2For("svm-native");
    quote.protocol.v2.paymentDetails.amount = "999999";
    expect(codes(await verify(quote, "svm-native"))).to.deep.equal(["PAYMENT_DETAILS_MISMATCH"]);
  });

  it("a deposit step paying less than the input: DEPOSIT_AMOUNT_MISMATCH", async () => {
    const quote = await quoteV2For("evm-erc20");
    const short = {
      ...quote.protocol.v2.orderData,
      input: { ...quote.protocol.v2.orderData.input, amount: "1" },
    };
    quote.steps.at(-1)!.items[0]!.data = depositItem("evm-erc20", short, quote.protocol.v2.orderId);
    expect(codes(await verify(quote, "evm-erc20"))).to.deep.equal(["DEPOSIT_AMOUNT_MISMATCH"]);
  });

  it("a refund to a stranger, signed by the solver: REFUND_RECIPIENT_NOT_ACCEPTED naming refunds[1]", async () => {
    const order = orderV2For("evm-native");
    order.refunds.push({ ...order.refunds[0]!, recipient: attacker.address });
    const result = await verify(await quoteV2For("evm-native", order), "evm-native");
    expect(codes(result)).to.deep.equal(["REFUND_RECIPIENT_NOT_ACCEPTED"]);
    expect(result.failures[0]!.message).to.match(/^refunds\[1\] /);
  });

  it("the shared deadline: valid through its last second, DEADLINE_PASSED after it, DEADLINE_TOO_CLOSE within the margin", async () => {
    const quote = await quoteV2For("svm-token");
    const { deadline } = quote.protocol.v2.orderData;
    expect((await verify(quote, "svm-token", { now: deadline })).ok).to.equal(true);
    const late = await verify(quote, "svm-token", { now: deadline + 1 });
    expect(codes(late)).to.deep.equal(["DEADLINE_PASSED"]);
    expect(late.failures[0]!.message).to.equal("deadline has passed");
    const close = await verify(quote, "svm-token", { policy: { deadlineMarginSeconds: deadline - NOW + 1 } });
    expect(codes(close)).to.deep.equal(["DEADLINE_TOO_CLOSE"]);
  });

  it("the minimum output counts the fill's minimum, never the withdraw's: a large withdraw over a small fill gives OUTPUT_BELOW_MINIMUM", async () => {
    const order = orderV2For("evm-native");
    order.output.withdraw.minimumAmount = "5000000";
    const quote = await quoteV2For("evm-native", order);
    const policy = {
      outputChainId: "solana",
      minimumOutput: { currency: SVM_MINT, amount: BigInt(fill(order).minimumAmount) + 1n },
    };
    const result = await verify(quote, "evm-native", { policy });
    expect(codes(result)).to.deep.equal(["OUTPUT_BELOW_MINIMUM"]);
    expect(result.failures[0]!.actual).to.equal(fill(order).minimumAmount);
    policy.minimumOutput.amount -= 1n;
    expect((await verify(quote, "evm-native", { policy })).ok).to.equal(true);
  });

  it("a fill recipient outside policy.acceptedRecipients: RECIPIENT_NOT_ACCEPTED naming output.fill", async () => {
    const quote = await quoteV2For("svm-native");
    const policy = { acceptedRecipients: [EVM_PAYER] };
    const result = await verify(quote, "svm-native", { policy });
    expect(codes(result)).to.deep.equal(["RECIPIENT_NOT_ACCEPTED"]);
    expect(result.failures[0]!.message).to.match(/^output\.fill /);
  });

  it("attack: the details show the user's recipient while the signed order fills a stranger: FILL_RECIPIENT_MISMATCH", async () => {
    const honest = await quoteV2For("evm-erc20");
    const order = orderV2For("evm-erc20");
    fill(order).recipient = stranger(order);
    const quote = await quoteV2For("evm-erc20", order);
    quote.details = honest.details;
    const result = await verify(quote, "evm-erc20");
    expect(codes(result)).to.deep.equal(["FILL_RECIPIENT_MISMATCH"]);
    expect(result.failures[0]).to.include({ actual: honest.details.recipient });
  });

  it("the details show another currency out, or the right address on another chain: FILL_CURRENCY_MISMATCH", async () => {
    const quote = await quoteV2For("svm-native");
    quote.details.currencyOut.currency.address = otherCurrency(quote.protocol.v2.orderData);
    expect(codes(await verify(quote, "svm-native"))).to.deep.equal(["FILL_CURRENCY_MISMATCH"]);
    const otherChain = await quoteV2For("svm-native");
    otherChain.details.currencyOut.currency.chainId = 10;
    expect(codes(await verify(otherChain, "svm-native"))).to.deep.equal(["FILL_CURRENCY_MISMATCH"]);
  });

  it("the details promise a higher minimum than the order's fill: FILL_BELOW_QUOTED_MINIMUM, derived when the currency differs too", async () => {
    const quote = await quoteV2For("evm-native");
    const minimum = BigInt(fill(quote.protocol.v2.orderData).minimumAmount);
    quote.details.currencyOut.minimumAmount = (minimum + 1n).toString();
    expect(codes(await verify(quote, "evm-native"))).to.deep.equal(["FILL_BELOW_QUOTED_MINIMUM"]);
    quote.details.currencyOut.currency.address = otherCurrency(quote.protocol.v2.orderData);
    const both = await verify(quote, "evm-native");
    expect(both.failures.map((f) => [f.code, f.causedBy])).to.deep.equal([
      ["FILL_CURRENCY_MISMATCH", undefined],
      ["FILL_BELOW_QUOTED_MINIMUM", "FILL_CURRENCY_MISMATCH"],
    ]);
  });

  it("attack: a fill running a user call nobody asked for: FILL_CALLS_MISMATCH; the calls in policy.fillCalls pass", async () => {
    const order = orderV2For("svm-token");
    const call = `0xa9059cbb${"00".repeat(12)}${attacker.address.slice(2)}` as Hex;
    fill(order).calls = [call];
    const quote = await quoteV2For("svm-token", order);
    expect(codes(await verify(quote, "svm-token"))).to.deep.equal(["FILL_CALLS_MISMATCH"]);
    expect(
      (await verify(quote, "svm-token", { policy: { fillCalls: [call.toUpperCase().replace("0X", "0x")] } }))
        .ok,
    ).to.equal(true);
    expect(codes(await verify(quote, "svm-token", { policy: { fillCalls: [call, call] } }))).to.deep.equal([
      "FILL_CALLS_MISMATCH",
    ]);
  });

  it("a policy.fillCalls that is not hex bytes throws INVALID_ORDER_POLICY (a caller bug)", async () => {
    const quote = await quoteV2For("evm-native");
    await expectCode(
      () => verify(quote, "evm-native", { policy: { fillCalls: ["0xabc"] } }),
      "INVALID_ORDER_POLICY",
    );
  });

  it("a v2 quote without usable details: QUOTE_MALFORMED, never a throw", async () => {
    for (const details of [
      undefined,
      null,
      {},
      { recipient: "x", currencyOut: { currency: {}, minimumAmount: "1.5" } },
    ]) {
      const quote = (await quoteV2For("evm-native")) as Omit<TestQuoteV2, "details"> & { details: unknown };
      quote.details = details;
      expect(codes(await verify(quote, "evm-native"))).to.deep.equal(["QUOTE_MALFORMED"]);
    }
  });
});

// Random honest v2 quotes; each tamper below changes one thing and must give exactly its code.
const randomV2 = fc.record({
  origin: fc.constantFrom(...ORIGINS),
  salt: fc.bigInt({ min: 0n, max: (1n << 256n) - 1n }),
  amount: fc.bigInt({ min: 1n, max: (1n << 64n) - 1n }),
  fillMinimum: fc.bigInt({ min: 0n, max: (1n << 128n) - 1n }),
  withdrawMinimum: fc.bigInt({ min: 0n, max: (1n << 128n) - 1n }),
  deadlineIn: fc.integer({ min: 0, max: 86_400 }),
  recipient: fc.uint8Array({ minLength: 32, maxLength: 32 }),
  calls: fc.array(
    fc.uint8Array({ maxLength: 68 }).map((bytes) => bytesToHex(bytes)),
    { maxLength: 3 },
  ),
});
type RandomV2 = typeof randomV2 extends fc.Arbitrary<infer T> ? T : never;

function orderOf(r: RandomV2): OrderV2 {
  const order = orderV2For(r.origin);
  const vm = outputVm(order);
  order.salt = r.salt.toString();
  order.deadline = NOW + r.deadlineIn;
  order.input.amount = r.amount.toString();
  order.output.withdraw.minimumAmount = r.withdrawMinimum.toString();
  fill(order).minimumAmount = r.fillMinimum.toString();
  fill(order).recipient = formatOrderAddress(
    vm === "ethereum-vm" ? r.recipient.slice(0, 20) : r.recipient,
    vm,
  );
  fill(order).calls = [...r.calls];
  return order;
}

type Tamper = {
  code: string;
  apply(quote: TestQuoteV2, r: RandomV2): Promise<{ quote: unknown; now?: number }>;
};
const reissued = async (r: RandomV2, change: (order: OrderV2) => void) => {
  const order = orderOf(r);
  change(order);
  return { quote: await quoteV2For(r.origin, order) };
};
const TAMPERS: Tamper[] = [
  {
    code: "SIGNER_NOT_SOLVER",
    apply: async (quote) => {
      quote.protocol.v2.orderSignature = await signOrderId(attacker, quote.protocol.v2.orderId);
      return { quote };
    },
  },
  {
    code: "ORDER_ID_MISMATCH",
    apply: async (quote) => {
      const { withdraw } = quote.protocol.v2.orderData.output;
      withdraw.minimumAmount = (BigInt(withdraw.minimumAmount) + 1n).toString();
      return { quote };
    },
  },
  {
    code: "ORDER_SOLVER_MISMATCH",
    apply: (_, r) => reissued(r, (order) => (order.relayer = attacker.address)),
  },
  {
    code: "PAYMENT_INPUT_MISSING",
    apply: async (quote) => {
      quote.protocol.v2.paymentDetails.chainId = "optimism";
      return { quote };
    },
  },
  {
    code: "PAYMENT_DETAILS_MISMATCH",
    apply: async (quote) => {
      quote.protocol.v2.paymentDetails.amount = (
        BigInt(quote.protocol.v2.paymentDetails.amount) + 1n
      ).toString();
      return { quote };
    },
  },
  {
    code: "DEPOSIT_AMOUNT_MISMATCH",
    apply: async (quote, r) => {
      const { orderData, orderId } = quote.protocol.v2;
      // Another amount a deposit can still carry (an SVM deposit's is a u64): one less at the top.
      const paid = r.amount === (1n << 64n) - 1n ? r.amount - 1n : r.amount + 1n;
      const other = { ...orderData, input: { ...orderData.input, amount: paid.toString() } };
      quote.steps.at(-1)!.items[0]!.data = depositItem(r.origin, other, orderId);
      return { quote };
    },
  },
  {
    code: "REFUND_RECIPIENT_NOT_ACCEPTED",
    apply: (_, r) =>
      reissued(r, (order) => {
        order.refunds[0]!.recipient = order.input.chainId === "base" ? attacker.address : RECIPIENT;
      }),
  },
  {
    code: "DEADLINE_PASSED",
    apply: async (quote) => ({ quote, now: quote.protocol.v2.orderData.deadline + 1 }),
  },
  {
    code: "FILL_CURRENCY_MISMATCH",
    apply: async (quote) => {
      quote.details.currencyOut.currency.address = otherCurrency(quote.protocol.v2.orderData);
      return { quote };
    },
  },
  {
    code: "FILL_RECIPIENT_MISMATCH",
    apply: async (quote) => {
      quote.details.recipient = stranger(quote.protocol.v2.orderData);
      return { quote };
    },
  },
  {
    code: "FILL_BELOW_QUOTED_MINIMUM",
    apply: async (quote, r) => {
      quote.details.currencyOut.minimumAmount = (r.fillMinimum + 1n).toString();
      return { quote };
    },
  },
  {
    code: "FILL_CALLS_MISMATCH",
    apply: (_, r) => reissued(r, (order) => fill(order).calls.push("0x")),
  },
];

describe("verifyQuoteOrder: v2 properties", () => {
  it("a random honest v2 quote passes", async () => {
    await fc.assert(
      fc.asyncProperty(randomV2, async (r) => {
        const quote = await quoteV2For(r.origin, orderOf(r));
        const result = await verify(quote, r.origin, { policy: { fillCalls: r.calls } });
        expect(result.failures).to.deep.equal([]);
      }),
      { numRuns: 100 },
    );
  });

  it("each single tamper of a random v2 quote gives its own code first, and nothing else as a root cause", async () => {
    await fc.assert(
      fc.asyncProperty(randomV2, fc.constantFrom(...TAMPERS), async (r, tamper) => {
        const honest = await quoteV2For(r.origin, orderOf(r));
        const { quote, now } = await tamper.apply(honest, r);
        const result = await verify(quote, r.origin, {
          policy: { fillCalls: r.calls },
          ...(now ? { now } : {}),
        });
        expect(result.ok).to.equal(false);
        expect(result.failures[0]?.code).to.equal(tamper.code);
        const roots = result.failures.filter((failure) => failure.causedBy === undefined);
        expect(roots.map((failure) => failure.code)).to.deep.equal([tamper.code]);
      }),
      { numRuns: 100 },
    );
  });
});
