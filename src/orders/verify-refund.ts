import type { Hex } from "viem";
import { encodeOrderAddress } from "./address/index.ts";
import {
  checkDeadline,
  checkFinality,
  failChain,
  fillContractsOf,
  type LegInput,
  onChain,
  verifyLeg,
} from "./leg-core.ts";
import type { RefundTerms, WeightedInput } from "./leg-terms.ts";
import type { LegSource, LegVerification, VerifyOrderRefundOptions } from "./verify-leg-types.ts";
import { NATIVE_CURRENCY } from "./vm-types.ts";

/**
 * Checks a refund against the order it refunds, by the service's rules: the same transaction checks
 * as `verifyOrderFill` (success, the order-id tag and no other, finality, chain), then that one of the
 * order's refund options on the transaction's chain was paid: its recipient (the depositor when the
 * recipient is the VM's native-currency string, `0x000…0` on EVM) was paid, measured as for a fill,
 * its currency, no later than the option's own deadline, at least the floor
 * `minimum + minimum·bpsDiff/1e18` (truncating), where `bpsDiff` is the weighted deposits' relative
 * difference from the weighted inputs in 1e18 units (`deposited`; without it the floor is `minimum`).
 *
 * A refund paying no allowed recipient fails `REFUND_RECIPIENT_NOT_ALLOWED`. Throws only for a
 * malformed `chains`, `deposited` or `depositor`.
 */
export function verifyOrderRefund(
  order: unknown,
  source: LegSource,
  options: VerifyOrderRefundOptions,
): Promise<LegVerification> {
  const deposited = listOf(options.deposited).map((amount) => BigInt(amount));
  const depositors = listOf(options.depositor);
  return verifyLeg("refund", order, source, options, (input) => checkRefund(input, deposited, depositors));
}

const listOf = <T>(value: T | readonly T[] | undefined): readonly T[] =>
  value === undefined ? [] : Array.isArray(value) ? value : [value as T];

/**
 * The service's under/over-deposit measure: (Σ deposited·weight − Σ requested·weight)·1e18 / Σ
 * requested·weight, truncating. A single deposit given for a many-input order stands for the
 * refunded input; the others count as deposited in full. Zero when nothing was given.
 */
export function depositBpsDiff(
  inputs: readonly WeightedInput[],
  deposited: readonly bigint[],
  inputIndex: number,
) {
  if (deposited.length === 0) return 0n;
  const paidOf = (input: WeightedInput, index: number) =>
    deposited.length === 1
      ? index === inputIndex
        ? (deposited[0] as bigint)
        : input.amount
      : (deposited[index] ?? input.amount);
  const requested = inputs.reduce((sum, input) => sum + input.amount * input.weight, 0n);
  if (requested === 0n) return 0n;
  const paid = inputs.reduce((sum, input, index) => sum + paidOf(input, index) * input.weight, 0n);
  return ((paid - requested) * 10n ** 18n) / requested;
}

/** The refund floor: `minimum + minimum·bpsDiff/1e18`, truncating toward zero as the service does. */
export function refundFloor(minimum: bigint, bpsDiff: bigint): bigint {
  return minimum + (minimum * bpsDiff) / 10n ** 18n;
}

type Outcome = {
  refund: RefundTerms;
  recipient: Hex | null;
  paid: bigint | null;
  how: string;
  floor: bigint;
  late: boolean;
};

function checkRefund(input: LegInput, deposited: readonly bigint[], depositors: readonly string[]): void {
  const { record, facts, orderId } = input;
  const refunds = input.terms.refunds().filter((refund) => onChain(input, refund.chainId));
  if (refunds.length === 0) {
    failChain(input, "the order has no refund on the transaction's chain");
    return;
  }
  const chainIds = [...new Set(refunds.map((refund) => refund.chainId))];
  record.pass("chain", `on ${chainIds.join(", ")}`);
  checkFinality(input, chainIds[0] as string);
  const inputs = input.terms.inputs();
  const outcomes: Outcome[] = refunds.map((refund) => {
    const vm = input.chains.vmTypes[refund.chainId] ?? input.vm;
    const sentinel = refund.recipient === encodeOrderAddress(NATIVE_CURRENCY[vm], vm);
    const depositor = depositors.length === 1 ? depositors[0] : depositors[refund.inputIndex];
    const recipient = !sentinel
      ? refund.recipient
      : depositor === undefined
        ? null
        : encodeOrderAddress(depositor, vm);
    const query =
      recipient === null
        ? null
        : {
            recipient,
            currency: refund.currency,
            orderId,
            fillContracts: fillContractsOf(input, refund.extraData, refund.chainId),
          };
    const paid = query === null ? null : facts.paid(query);
    const how = query === null ? "" : facts.measuredBy(query);
    const floor = refundFloor(refund.minimumAmount, depositBpsDiff(inputs, deposited, refund.inputIndex));
    const late = facts.blockTime !== null && facts.blockTime > refund.deadline;
    return { refund, recipient, paid, how, floor, late };
  });
  const best =
    outcomes.find(
      (outcome) =>
        outcome.paid !== null && outcome.paid > 0n && outcome.paid >= outcome.floor && !outcome.late,
    ) ??
    outcomes.reduce<Outcome | null>(
      (top, outcome) => ((outcome.paid ?? 0n) > (top?.paid ?? 0n) ? outcome : top),
      null,
    );
  if (best === null) {
    const unknown = outcomes.find((outcome) => outcome.recipient === null);
    if (unknown !== undefined) {
      record.fail(
        "recipient",
        "REFUND_DEPOSITOR_UNKNOWN",
        "the refund option refunds the depositor (its recipient is the native-currency string), and no depositor was given",
        "options.depositor",
      );
      return;
    }
    record.fail(
      "recipient",
      "REFUND_RECIPIENT_NOT_ALLOWED",
      `no refund recipient of the order was paid its refund currency (${outcomes.map((outcome) => outcome.how).join("; ")}): the refund paid someone else`,
      refunds.map((refund) => refund.recipient).join(" | "),
    );
    return;
  }
  const { refund, recipient, paid, how, floor } = best;
  record.pass("recipient", `${recipient} is an allowed refund recipient`);
  checkDeadline(input, refund.deadline, "REFUND_LATE");
  const what = `${recipient} was paid ${paid} of ${refund.currency} (${how})`;
  if ((paid as bigint) >= floor) record.pass("amount", `${what} >= minimum ${floor}`);
  else
    record.fail(
      "amount",
      "REFUND_BELOW_MINIMUM",
      `${what}, less than the refund's minimum`,
      `>= ${floor}`,
      paid,
    );
}
