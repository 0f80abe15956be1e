/**
 * Where the service refunds a deposit, on the deposit's (origin) chain: the one rule every refund
 * follows. The service pays refunds on the origin chain to the quote's `refundTo`; without it,
 * automatic refunds are disabled where the service cannot name who paid (a deposit address: the
 * sender may be an exchange's hot wallet). A deposit made by an identified account goes back to that
 * account, or for the request's own user to its `refundTo`: never to an account that only relayed
 * the transaction (the payer is whoever's balance paid, see `chains/evm-payers.ts`, `svm-payers.ts`).
 */
import { zeroAddress } from "viem";
import { SVM_NATIVE_TOKEN } from "../svm/constants.ts";
import { normalizeLookup } from "./records.ts";

/** How a deposit reached the service. */
export type RefundPayment =
  /** Paid by an identified account: the account whose balance paid it, however it was relayed. */
  | { via: "account"; payer: string }
  /** Sent to the request's deposit address; `depositor` is who sent it, null when not known. */
  | { via: "deposit-address"; depositor: string | null };

/** Why a deposit gets no automatic refund (it is held, `MANUAL_REFUND_REQUIRED`). */
export type NoAutomaticRefund =
  /** A deposit-address payment and the quote named no `refundTo`. */
  | "NO_REFUND_TO"
  /** The quote asked to refund the depositor (`refundTo` = the native-currency address), who is not known. */
  | "DEPOSITOR_UNKNOWN";

export type RefundDestination = { to: string } | { to: null; reason: NoAutomaticRefund };

/** The request as the rule reads it: its quote's `user` and `refundTo`. */
export interface RefundParties {
  user: string;
  refundTo: string | null;
}

/**
 * Whether `refundTo` is the origin chain's native-currency address (EVM zero address, SVM
 * `11111111111111111111111111111111`): the service's opt-in to refund whoever deposited.
 */
export function refundsToDepositor(refundTo: string | null): boolean {
  return refundTo !== null && (refundTo.toLowerCase() === zeroAddress || refundTo === SVM_NATIVE_TOKEN);
}

/**
 * Where the refund of a deposit goes, or why there is none:
 * - paid by an account other than the request's user (a stranger's, or a relayed one naming the
 *   user): back to that account;
 * - paid by the request's user: to the quote's `refundTo`, else to the user (the payer is known);
 * - sent to a deposit address: to the quote's `refundTo`; with the native-currency address, to the
 *   depositor when known; without `refundTo`, no automatic refund (`NO_REFUND_TO`).
 */
export function refundDestination(request: RefundParties, payment: RefundPayment): RefundDestination {
  const named = request.refundTo !== null && !refundsToDepositor(request.refundTo) ? request.refundTo : null;
  if (payment.via === "account") {
    if (normalizeLookup(payment.payer) !== normalizeLookup(request.user)) return { to: payment.payer };
    return { to: named ?? payment.payer };
  }
  if (named !== null) return { to: named };
  if (request.refundTo === null) return { to: null, reason: "NO_REFUND_TO" };
  return payment.depositor === null ? { to: null, reason: "DEPOSITOR_UNKNOWN" } : { to: payment.depositor };
}
