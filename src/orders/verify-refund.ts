import { checkDeadline, type LegInput, onChain, verifyLeg } from "./leg-core.ts";
import type { RefundTerms } from "./leg-terms.ts";
import type { LegSource, LegVerification, VerifyOrderRefundOptions } from "./verify-leg-types.ts";

/**
 * Checks a refund against the order it refunds: the same transaction checks as `verifyOrderFill`
 * (success, finality, the order-id tag), then that one of the order's refunds on the
 * transaction's chain was paid: its recipient received, measured as what arrived, its currency,
 * no later than its deadline, and at least its `minimumAmount`. When the deposit was short
 * (`deposited` below the input amount) the floor is `minimumAmount` in proportion (rounded down):
 * an inference, since the order states the floor for the whole input only.
 *
 * A refund paying anyone else (a stranger) fails `REFUND_RECIPIENT_NOT_ALLOWED`. Throws only for a
 * malformed `chains` or `deposited`.
 */
export function verifyOrderRefund(
  order: unknown,
  source: LegSource,
  options: VerifyOrderRefundOptions,
): Promise<LegVerification> {
  const deposited = options.deposited === undefined ? undefined : BigInt(options.deposited);
  return verifyLeg("refund", order, source, options, (input) => checkRefund(input, deposited));
}

function checkRefund(input: LegInput, deposited: bigint | undefined): void {
  const { record, facts } = input;
  const refunds = input.terms.refunds().filter((refund) => onChain(input, refund.chainId));
  if (refunds.length === 0) {
    record.fail("chain", "LEG_CHAIN_MISMATCH", "the order has no refund on the transaction's chain");
    return;
  }
  record.pass("chain", `on ${[...new Set(refunds.map((refund) => refund.chainId))].join(", ")}`);
  let paid: { refund: RefundTerms; received: bigint } | null = null;
  for (const refund of refunds) {
    const received = facts.received(refund.recipient).get(refund.currency) ?? 0n;
    if (received > (paid?.received ?? 0n)) paid = { refund, received };
  }
  if (paid === null) {
    record.fail(
      "recipient",
      "REFUND_RECIPIENT_NOT_ALLOWED",
      "no refund recipient of the order received its refund currency: the refund paid someone else",
      refunds.map((refund) => refund.recipient).join(" | "),
    );
    return;
  }
  const { refund, received } = paid;
  record.pass("recipient", `${refund.recipient} is an allowed refund recipient`);
  checkDeadline(input, refund.deadline, "REFUND_LATE");
  const floor =
    deposited !== undefined && deposited < refund.inputAmount && refund.inputAmount > 0n
      ? (refund.minimumAmount * deposited) / refund.inputAmount
      : refund.minimumAmount;
  const what = `${refund.recipient} received ${received} of ${refund.currency}`;
  if (received >= floor) record.pass("amount", `${what} >= minimum ${floor}`);
  else
    record.fail(
      "amount",
      "REFUND_BELOW_MINIMUM",
      `${what}, less than the refund's minimum`,
      `>= ${floor}`,
      received,
    );
}
