import type { Hex } from "viem";
import type { EncodedOrder } from "./types.ts";

/** What a fill must deliver, read from an encoded order: every member VM-encoded, as the id hashes it. */
export type FillTerms = {
  /** Protocol chain id of the output (`"base"`, `"solana"`). */
  chainId: string;
  /** Unix seconds: the fill's block time must not be after it. */
  deadline: number;
  /** What each recipient must receive, per currency (a recipient may appear more than once). */
  payments: readonly { recipient: Hex; currency: Hex; minimumAmount: bigint }[];
  /** User calls the fill must carry, in order (empty: none). */
  calls: readonly Hex[];
};

/** One way a refund may go, read from an encoded order. */
export type RefundTerms = {
  /** Protocol chain id the refund is paid on. */
  chainId: string;
  recipient: Hex;
  currency: Hex;
  /** Floor for a refund of the whole input; see `verifyOrderRefund` for a partial deposit. */
  minimumAmount: bigint;
  /** The input amount the minimum stands for (what the order's payment on `chainId` deposits). */
  inputAmount: bigint;
  /** Unix seconds: the refund's block time must not be after it. */
  deadline: number;
};

/**
 * How each order version states its two legs. A new version is a new entry here (its encoded
 * shape beside it), never a branch in the verifiers.
 */
export const ORDER_LEG_TERMS: Readonly<
  Record<string, { fill(order: EncodedOrder): FillTerms; refunds(order: EncodedOrder): RefundTerms[] }>
> = {
  v1: {
    fill: (order) => ({
      chainId: order.output.chainId,
      deadline: order.output.deadline,
      payments: order.output.payments,
      calls: order.output.calls,
    }),
    refunds: (order) =>
      order.inputs.flatMap((input) =>
        input.refunds.map((refund) => ({
          chainId: refund.chainId,
          recipient: refund.recipient,
          currency: refund.currency,
          minimumAmount: refund.minimumAmount,
          inputAmount: input.payment.amount,
          deadline: refund.deadline,
        })),
      ),
  },
};
