/**
 * F6: the order's refunds and output chain are the payer's business too. A genuinely signed order
 * (the solver signs whatever order it issues) that refunds a third party, or pays its output on
 * another chain of the same VM, must not pass the policy an integrator wrote for its own flow.
 */
import { expect } from "chai";
import fc from "fast-check";
import { NATIVE_CURRENCY, type Order, verifyQuoteOrder } from "../../src/index.ts";
import {
  attacker,
  EVM_PAYER,
  EVM_RECIPIENT,
  options,
  orderFor,
  quoteFor,
  SVM_PAYER,
} from "./quote-fixture.ts";

const codes = (failures: { code: string }[]) => failures.map((failure) => failure.code);

/** An EVM-origin native order with its refunds going to `recipients` (on the payment chain). */
function refundingTo(recipients: string[]): Order {
  const order = orderFor("evm-native");
  const [refund] = order.inputs[0]!.refunds;
  order.inputs[0]!.refunds = recipients.map((recipient) => ({ ...refund!, recipient }));
  return order;
}

describe("F6: refund recipients default to the expected payer", () => {
  it("attack: a solver-signed order refunding a third party: REFUND_RECIPIENT_NOT_ACCEPTED", async () => {
    const quote = await quoteFor("evm-native", refundingTo([attacker.address]));
    const result = await verifyQuoteOrder(quote, options("evm-native"));
    expect(result.ok).to.equal(false);
    expect(codes(result.failures)).to.deep.equal(["REFUND_RECIPIENT_NOT_ACCEPTED"]);
    expect(result.failures[0]!.actual).to.equal(`base ${attacker.address.toLowerCase()}`);
    // The signature is the solver's: only the policy stands between the payer and this order.
    expect(result.orderId).to.equal(quote.protocol.v2.orderId);
  });

  it("policy.refundRecipients widens the accepted set; the payer stays accepted", async () => {
    const quote = await quoteFor("evm-native", refundingTo([EVM_PAYER, EVM_RECIPIENT]));
    expect(codes((await verifyQuoteOrder(quote, options("evm-native"))).failures)).to.deep.equal([
      "REFUND_RECIPIENT_NOT_ACCEPTED",
    ]);
    const widened = options("evm-native", { refundRecipients: [EVM_RECIPIENT] });
    expect((await verifyQuoteOrder(quote, widened)).failures).to.deep.equal([]);
  });

  it("an SVM order refunding the payer passes; refunding another account fails", async () => {
    expect((await verifyQuoteOrder(await quoteFor("svm-native"), options("svm-native"))).ok).to.equal(true);
    const order = orderFor("svm-native");
    order.inputs[0]!.refunds[0]!.recipient = "7EaP2zkxDLo86x4rnNwwLhB593PsbMva41dqfrfxhsb1";
    const result = await verifyQuoteOrder(await quoteFor("svm-native", order), options("svm-native"));
    expect(codes(result.failures)).to.deep.equal(["REFUND_RECIPIENT_NOT_ACCEPTED"]);
  });

  it("a refund recipient that is no address of any VM is a caller bug: INVALID_ORDER_POLICY is thrown", async () => {
    const quote = await quoteFor("evm-native");
    const error = await verifyQuoteOrder(
      quote,
      options("evm-native", { refundRecipients: ["not an address!"] }),
    ).catch((caught: unknown) => caught);
    expect((error as { code?: string }).code).to.equal("INVALID_ORDER_POLICY");
  });

  it("property: an order passes the default policy exactly when every refund goes to the payer", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.constantFrom(EVM_PAYER, EVM_RECIPIENT, attacker.address), { minLength: 1, maxLength: 4 }),
        async (recipients) => {
          const result = await verifyQuoteOrder(
            await quoteFor("evm-native", refundingTo(recipients)),
            options("evm-native"),
          );
          const strangers = recipients.filter((recipient) => recipient !== EVM_PAYER).length;
          expect(codes(result.failures)).to.deep.equal(
            Array(strangers).fill("REFUND_RECIPIENT_NOT_ACCEPTED"),
          );
        },
      ),
      { numRuns: 40 },
    );
  });
});

describe("F6: policy.outputChainId binds the output chain; the minimum output counts on it only", () => {
  /** An SVM-origin order paying native currency on `chainId` (Base's ETH or Optimism's). */
  async function outputOn(chainId: "base" | "optimism") {
    const order = orderFor("svm-native");
    order.output.chainId = chainId;
    return quoteFor("svm-native", order);
  }
  const ethOnBase = {
    outputChainId: 8453,
    minimumOutput: { currency: NATIVE_CURRENCY["ethereum-vm"], amount: "990000" },
  };

  it("attack: a solver-signed order paying the output on another chain of the same VM: OUTPUT_CHAIN_MISMATCH, the minimum derived from it", async () => {
    const onBase = await verifyQuoteOrder(await outputOn("base"), options("svm-native", ethOnBase));
    expect(onBase.failures).to.deep.equal([]);
    const result = await verifyQuoteOrder(await outputOn("optimism"), options("svm-native", ethOnBase));
    expect(result.failures.map((f) => [f.code, f.causedBy])).to.deep.equal([
      ["OUTPUT_CHAIN_MISMATCH", undefined],
      ["OUTPUT_BELOW_MINIMUM", "OUTPUT_CHAIN_MISMATCH"],
    ]);
    expect(result.failures[0]!.actual).to.equal("optimism (10)");
    expect(result.failures[1]!.actual).to.equal("0");
  });

  it("the output chain as the protocol chain id string binds the same way", async () => {
    const policy = { outputChainId: "base" };
    expect((await verifyQuoteOrder(await outputOn("base"), options("svm-native", policy))).ok).to.equal(true);
    expect(
      codes((await verifyQuoteOrder(await outputOn("optimism"), options("svm-native", policy))).failures),
    ).to.deep.equal(["OUTPUT_CHAIN_MISMATCH"]);
  });

  it("a minimum output without an output chain is a caller bug: INVALID_ORDER_POLICY is thrown", async () => {
    const { outputChainId: _, ...unbound } = ethOnBase;
    const error = await verifyQuoteOrder(await outputOn("base"), options("svm-native", unbound)).catch(
      (caught: unknown) => caught,
    );
    expect((error as { code?: string }).code).to.equal("INVALID_ORDER_POLICY");
  });

  it("an SVM payer's refunds are not matched by an EVM-form address of the same bytes' owner", async () => {
    // The payer is given in its own VM's form; an EVM address in refundRecipients never matches a Solana refund.
    const order = orderFor("svm-native");
    order.inputs[0]!.refunds[0]!.recipient = "7EaP2zkxDLo86x4rnNwwLhB593PsbMva41dqfrfxhsb1";
    const result = await verifyQuoteOrder(
      await quoteFor("svm-native", order),
      options("svm-native", { refundRecipients: [EVM_PAYER] }),
    );
    expect(codes(result.failures)).to.deep.equal(["REFUND_RECIPIENT_NOT_ACCEPTED"]);
    expect(SVM_PAYER).to.not.equal(order.inputs[0]!.refunds[0]!.recipient);
  });
});
