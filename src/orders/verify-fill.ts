import {
  checkDeadline,
  checkFinality,
  failChain,
  fillContractsOf,
  type LegInput,
  onChain,
  verifyLeg,
} from "./leg-core.ts";
import type { LegSource, LegVerification, VerifyLegOptions } from "./verify-leg-types.ts";

/**
 * Checks a fill against the order it claims to fill, by the service's rules: the transaction
 * succeeded; it carries the order id (EVM: its input ends with the id; SVM: a memo, top level or
 * inner, containing it) and no other order's id; it is on the order's output chain and final
 * (`finality`: by default 10 blocks on top and 60 s on EVM, `finalized` on SVM); its block time is
 * not after the output deadline; each output payment on its own received at least its minimum,
 * measured as the service measures it (EVM native: the transaction's value when it goes to the
 * recipient with the id as the start of its input, else the fill contract's `SolverNativeTransfer`
 * events to the recipient; EVM tokens: the token's `Transfer` logs into the recipient; SVM: the
 * recipient's lamport or token balance change); and where the order has user calls, the fill
 * contract emitted a distinct `SolverCallExecuted` for each, in order (Router 3.1's call data or 3.2's
 * data hash). An SVM fill of an order with user calls is never attested.
 *
 * `source` is the transaction already held (`EvmLegEvidence` / `SvmLegEvidence`: no network) or a
 * hash with a viem client / signature with an `@solana/kit` RPC. Every failed check is reported as
 * a typed reason, root cause first; `checks` lists every check made. Throws only for a malformed
 * `chains`.
 */
export function verifyOrderFill(
  order: unknown,
  source: LegSource,
  options: VerifyLegOptions,
): Promise<LegVerification> {
  return verifyLeg("fill", order, source, options, checkFill);
}

function checkFill(input: LegInput): void {
  const { record, facts, orderId } = input;
  const terms = input.terms.fill();
  if (!onChain(input, terms.chainId)) {
    failChain(input, "the transaction is not on the order's output chain", terms.chainId);
    return;
  }
  record.pass("chain", `on ${terms.chainId}`);
  checkFinality(input, terms.chainId);
  checkDeadline(input, terms.deadline, "FILL_LATE");
  const fillContracts = fillContractsOf(input, terms.extraData, terms.chainId);
  terms.payments.forEach((payment, index) => {
    const { recipient, currency, minimumAmount: minimum } = payment;
    const query = { recipient, currency, orderId, fillContracts };
    const paid = facts.paid(query);
    if (paid === null) {
      record.fail(
        "amount",
        "FILL_RECIPIENT_NOT_PAID",
        `payment ${index}: no direct transfer, and the order's extraData names no fill contract whose events could count`,
        `>= ${minimum}`,
      );
      return;
    }
    const what = `payment ${index}: ${recipient} was paid ${paid} of ${currency} (${facts.measuredBy(query)})`;
    if (paid >= minimum) record.pass("amount", `${what} >= minimum ${minimum}`);
    else if (paid <= 0n) {
      record.fail(
        "amount",
        "FILL_RECIPIENT_NOT_PAID",
        `payment ${index}: the order's recipient ${recipient} was paid nothing in ${currency}`,
        `>= ${minimum}`,
        paid,
      );
    } else {
      record.fail("amount", "FILL_BELOW_MINIMUM", `${what}, less than its minimum`, `>= ${minimum}`, paid);
    }
  });
  if (terms.calls.length === 0) return;
  const executed = facts.callsExecuted(terms.calls, fillContracts);
  if (executed === null) {
    record.fail(
      "calls",
      "FILL_CALLS_NOT_ATTESTABLE",
      "the output chain's fills cannot show user calls executed: the service never attests such an order",
      terms.calls.length,
    );
  } else if (executed) record.pass("calls", `${terms.calls.length} user calls executed, in order`);
  else {
    record.fail(
      "calls",
      "FILL_CALLS_MISMATCH",
      "the fill contract did not emit a SolverCallExecuted for each of the order's user calls, in order",
      terms.calls.length,
    );
  }
}
