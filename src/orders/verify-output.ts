/**
 * What the order promises back, checked against the caller's policy: the output deadline (valid
 * while now <= deadline, as on chain), the output chain, the accepted recipients, the minimum output
 * on that chain, and who refunds go to.
 */
import { encodeOrderAddress } from "./address/index.ts";
import type { OrderChain } from "./chains.ts";
import type { Fail } from "./check-failures.ts";
import { refundKey } from "./order-policy.ts";
import type { EncodedOrder } from "./types.ts";
import type { OrderPolicy } from "./verify-quote-types.ts";
import type { OrderVmType } from "./vm-types.ts";

/** Every refund of every input must go to the payer or a recipient the policy adds. */
export function checkRefunds(
  order: EncodedOrder,
  vmTypes: Readonly<Record<string, OrderVmType>>,
  payer: { address: string; vmType: OrderVmType },
  refundRecipients: ReadonlySet<string>,
  fail: Fail,
) {
  const payerKey = refundKey(payer.vmType, encodeOrderAddress(payer.address, payer.vmType));
  for (const [inputIndex, input] of order.inputs.entries()) {
    for (const [refundIndex, refund] of input.refunds.entries()) {
      const key = refundKey(vmTypes[refund.chainId], refund.recipient);
      if (key === payerKey || refundRecipients.has(key)) continue;
      fail(
        "REFUND_RECIPIENT_NOT_ACCEPTED",
        `inputs[${inputIndex}].refunds[${refundIndex}] refunds to a recipient that is neither the payer nor in policy.refundRecipients`,
        { actual: `${refund.chainId} ${refund.recipient}` },
      );
    }
  }
}

export function checkDeadline(order: EncodedOrder, now: number, policy: OrderPolicy, fail: Fail) {
  const margin = policy.deadlineMarginSeconds ?? 0;
  if (order.output.deadline < now) {
    fail("DEADLINE_PASSED", "output.deadline has passed", {
      expected: `>= ${now}`,
      actual: order.output.deadline,
    });
  } else if (order.output.deadline < now + margin) {
    fail("DEADLINE_TOO_CLOSE", `output.deadline is less than ${margin} s away`, {
      expected: `>= ${now + margin}`,
      actual: order.output.deadline,
    });
  }
}

/** Output chain, recipients and minimum output, on the output chain's VM. */
export function checkOutput(
  order: EncodedOrder,
  chains: readonly OrderChain[],
  vmType: OrderVmType | undefined,
  policy: OrderPolicy,
  fail: Fail,
) {
  const outputChain = chains.find((chain) => chain.protocolChainId === order.output.chainId);
  const onExpectedChain =
    policy.outputChainId === undefined ||
    (typeof policy.outputChainId === "number"
      ? outputChain?.id === policy.outputChainId
      : order.output.chainId === policy.outputChainId);
  if (!onExpectedChain) {
    fail("OUTPUT_CHAIN_MISMATCH", "the order pays its output on another chain than policy.outputChainId", {
      expected: policy.outputChainId,
      actual:
        outputChain === undefined ? order.output.chainId : `${order.output.chainId} (${outputChain.id})`,
    });
  }
  if (vmType === undefined) return;
  const accepted =
    policy.acceptedRecipients === undefined
      ? null
      : new Set(policy.acceptedRecipients.map((recipient) => encodeOrderAddress(recipient, vmType)));
  for (const [index, payment] of order.output.payments.entries()) {
    if (accepted !== null && !accepted.has(payment.recipient)) {
      fail("RECIPIENT_NOT_ACCEPTED", `output.payments[${index}] pays a recipient outside the accepted list`, {
        actual: payment.recipient,
      });
    }
  }
  if (policy.minimumOutput === undefined) return;
  const minimum = BigInt(policy.minimumOutput.amount);
  // Payments on another chain guarantee nothing on the expected one.
  const currency = onExpectedChain ? encodeOrderAddress(policy.minimumOutput.currency, vmType) : null;
  const guaranteed = order.output.payments
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
