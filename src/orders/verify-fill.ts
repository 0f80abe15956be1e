import type { Hex } from "viem";
import { checkDeadline, type LegInput, onChain, verifyLeg } from "./leg-core.ts";
import type { LegSource, LegVerification, VerifyLegOptions } from "./verify-leg-types.ts";

/**
 * Checks a fill against the order it claims to fill, the way the service's oracle checks it:
 * the transaction succeeded and is final (`finality`); it is on the order's output chain; it
 * carries the order id (EVM: its input ends with the id, a plain native transfer has the id as its
 * data; SVM: a top-level memo whose text is the id); its block time is not after the output
 * deadline; each output recipient received, measured as what arrived (EVM: the value sent straight
 * to it, and the net of the token's `Transfer` logs, recognised by topic0 and shape; SVM: its
 * lamport change, and the change of the token accounts it owns, per mint), at least the order's
 * minimum in the order's currency; and where the order has user calls, the transaction carries
 * them in order (EVM: each call's bytes in the input; SVM: as the data of top-level instructions).
 *
 * `source` is the transaction already held (`EvmLegEvidence` / `SvmLegEvidence`: no network) or a
 * hash with a viem client / signature with an `@solana/kit` RPC. Every failed check is reported as
 * a typed reason, root cause first; `checks` lists every check made. Throws only for a malformed
 * `chains`.
 *
 * WARNING: native value that reaches the recipient through a contract (an internal transfer) is not
 * seen in a receipt; on EVM only a direct transfer counts.
 */
export function verifyOrderFill(
  order: unknown,
  source: LegSource,
  options: VerifyLegOptions,
): Promise<LegVerification> {
  return verifyLeg("fill", order, source, options, checkFill);
}

function checkFill(input: LegInput): void {
  const { record, facts } = input;
  const terms = input.terms.fill();
  if (!onChain(input, terms.chainId)) {
    record.fail(
      "chain",
      "LEG_CHAIN_MISMATCH",
      "the transaction is not on the order's output chain",
      terms.chainId,
    );
    return;
  }
  record.pass("chain", `on ${terms.chainId}`);
  checkDeadline(input, terms.deadline, "FILL_LATE");
  const owed = new Map<string, { recipient: Hex; currency: Hex; minimum: bigint }>();
  for (const payment of terms.payments) {
    const key = `${payment.recipient}:${payment.currency}`;
    const entry = owed.get(key) ?? { recipient: payment.recipient, currency: payment.currency, minimum: 0n };
    entry.minimum += payment.minimumAmount;
    owed.set(key, entry);
  }
  for (const { recipient, currency, minimum } of owed.values()) {
    const received = facts.received(recipient).get(currency) ?? 0n;
    const what = `${recipient} received ${received} of ${currency}`;
    if (received >= minimum) record.pass("amount", `${what} >= minimum ${minimum}`);
    else if (received === 0n && minimum > 0n) {
      record.fail(
        "amount",
        "FILL_RECIPIENT_NOT_PAID",
        `the order's recipient ${recipient} received nothing in ${currency}`,
        `>= ${minimum}`,
        0n,
      );
    } else {
      record.fail(
        "amount",
        "FILL_BELOW_MINIMUM",
        `${what}, less than the order's minimum`,
        `>= ${minimum}`,
        received,
      );
    }
  }
  if (terms.calls.length === 0) return;
  if (facts.carriesCalls(terms.calls)) record.pass("calls", `${terms.calls.length} user calls, in order`);
  else
    record.fail(
      "calls",
      "FILL_CALLS_MISMATCH",
      "the transaction does not carry the order's user calls in order",
      terms.calls.length,
    );
}
