/**
 * A refund the solver will not send by itself: sending it would cost the solver more than what
 * arrived (e.g. a token account to create for the recipient, paid from the solver's SOL). The
 * deposit stays booked with the reason, for an operator to return by hand.
 */

/** Why a refund is held for an operator. */
export type RefundHeldReason =
  /** The deposit gets no automatic refund (`refundDestination`): no `refundTo`, or no known depositor. */
  | NoAutomaticRefund
  /** The token account the deposit came from was closed, and the recipient has no other one. */
  | "SOURCE_ACCOUNT_CLOSED"
  /** The account the deposit came from is no longer a token account of the deposit's mint owned by the recipient. */
  | "SOURCE_ACCOUNT_CHANGED"
  /** The deposit's source token account could not be found in its transaction. */
  | "SOURCE_ACCOUNT_UNKNOWN";

import type { NoAutomaticRefund } from "../refund-destination.ts";

export class RefundHeldError extends Error {
  readonly reason: RefundHeldReason;

  constructor(reason: RefundHeldReason, detail: string) {
    super(`refund held for an operator (${reason}): ${detail}`);
    this.name = "RefundHeldError";
    this.reason = reason;
  }
}
