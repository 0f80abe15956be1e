/**
 * What the order promises back, checked against the caller's policy: the output deadline (valid
 * while now <= deadline, as on chain), the output chain, the accepted recipients, the minimum output
 * on that chain, and who refunds go to.
 */
import { encodeOrderAddress } from "./address/index.ts";
import type { OrderChain } from "./chains.ts";
import type { Fail } from "./check-failures.ts";
import { refundKey } from "./order-policy.ts";
import type { QuoteTerms } from "./quote-terms.ts";
import type { OrderPolicy } from "./verify-quote-types.ts";
import type { OrderVmType } from "./vm-types.ts";

/** Every refund must go to the payer or a recipient the policy adds. */
export function checkRefunds(
  terms: QuoteTerms,
  vmTypes: Readonly<Record<string, OrderVmType>>,
  payer: { address: string; vmType: OrderVmType },
  refundRecipients: ReadonlySet<string>,
  fail: Fail,
) {
  const payerKey = refundKey(payer.vmType, encodeOrderAddress(payer.address, payer.vmType));
  for (const refund of terms.refunds) {
    const key = refundKey(vmTypes[refund.chainId], refund.recipient);
    if (key === payerKey || refundRecipients.has(key)) continue;
    fail(
      "REFUND_RECIPIENT_NOT_ACCEPTED",
      `${refund.path} refunds to a recipient that is neither the payer nor in policy.refundRecipients`,
      { actual: `${refund.chainId} ${refund.recipient}` },
    );
  }
}

export function checkDeadline({ deadline }: QuoteTerms, now: number, policy: OrderPolicy, fail: Fail) {
  const margin = policy.deadlineMarginSeconds ?? 0;
  if (deadline.value < now) {
    fail("DEADLINE_PASSED", `${deadline.member} has passed`, {
      expected: `>= ${now}`,
      actual: deadline.value,
    });
  } else if (deadline.value < now + margin) {
    fail("DEADLINE_TOO_CLOSE", `${deadline.member} is less than ${margin} s away`, {
      expected: `>= ${now + margin}`,
      actual: deadline.value,
    });
  }
}

/** Output chain, recipients and minimum output, on the output chain's VM. */
export function checkOutput(
  { output }: QuoteTerms,
  chains: readonly OrderChain[],
  vmType: OrderVmType | undefined,
  policy: OrderPolicy,
  fail: Fail,
) {
  const outputChain = chains.find((chain) => chain.protocolChainId === output.chainId);
  const onExpectedChain =
    policy.outputChainId === undefined ||
    (typeof policy.outputChainId === "number"
      ? outputChain?.id === policy.outputChainId
      : output.chainId === policy.outputChainId);
  if (!onExpectedChain) {
    fail("OUTPUT_CHAIN_MISMATCH", "the order pays its output on another chain than policy.outputChainId", {
      expected: policy.outputChainId,
      actual: outputChain === undefined ? output.chainId : `${output.chainId} (${outputChain.id})`,
    });
  }
  if (vmType === undefined) return;
  const accepted =
    policy.acceptedRecipients === undefined
      ? null
      : new Set(policy.acceptedRecipients.map((recipient) => encodeOrderAddress(recipient, vmType)));
  for (const payment of output.payments) {
    if (accepted !== null && !accepted.has(payment.recipient)) {
      fail("RECIPIENT_NOT_ACCEPTED", `${payment.path} pays a recipient outside the accepted list`, {
        actual: payment.recipient,
      });
    }
  }
  if (policy.minimumOutput === undefined) return;
  const minimum = BigInt(policy.minimumOutput.amount);
  // Payments on another chain guarantee nothing on the expected one.
  const currency = onExpectedChain ? encodeOrderAddress(policy.minimumOutput.currency, vmType) : null;
  const guaranteed = output.payments
    .filter(
      (payment) => payment.currency === currency && (accepted === null || accepted.has(payment.recipient)),
    )
    .reduce((sum, payment) => sum + payment.minimumAmount, 0n);
  if (guaranteed < minimum) {
    fail("OUTPUT_BELOW_MINIMUM", "the order guarantees less output than the policy's minimum", {
      expected: minimum,
      actual: guaranteed,
      causedBy: onExpectedChain ? undefined : "OUTPUT_CHAIN_MISMATCH",
    });
  }
}
