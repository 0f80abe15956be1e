import type { Hex } from "viem";
import type { AnyEncodedOrder, EncodedOrders } from "./types.ts";

/** What a fill must deliver, read from an encoded order: every member VM-encoded, as the id hashes it. */
export type FillTerms = {
  /** Protocol chain id of the output (`"base"`, `"solana"`). */
  chainId: string;
  /** Unix seconds: the fill's block time must not be after it. */
  deadline: number;
  /** What each recipient must receive, per currency (a recipient may appear more than once). */
  payments: readonly { recipient: Hex; currency: Hex; minimumAmount: bigint }[];
  /** User calls the fill must execute, in order (empty: none). */
  calls: readonly Hex[];
  /** `abi.encode(address fillContract)` naming the contract whose events count, or null when the order has none (v2). */
  extraData: Hex | null;
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
  /** Which order input it refunds (its deposit decides the depositor and the floor). */
  inputIndex: number;
  /** As `FillTerms.extraData`, for the refund. */
  extraData: Hex | null;
};

/** An input as the refund floor weighs it. */
export type WeightedInput = { amount: bigint; weight: bigint };

/** How one order version states its two legs. */
export type LegTermsOf<E extends AnyEncodedOrder> = {
  fill(order: E): FillTerms;
  refunds(order: E): RefundTerms[];
  inputs(order: E): WeightedInput[];
};

/**
 * How each order version states its two legs. A new version is a new entry here (its encoded
 * shape beside it), never a branch in the verifiers.
 */
export const ORDER_LEG_TERMS: { readonly [V in keyof EncodedOrders]: LegTermsOf<EncodedOrders[V]> } = {
  v1: {
    fill: (order) => ({
      chainId: order.output.chainId,
      deadline: order.output.deadline,
      payments: order.output.payments,
      calls: order.output.calls,
      extraData: order.output.extraData,
    }),
    refunds: (order) =>
      order.inputs.flatMap((input, inputIndex) =>
        input.refunds.map((refund) => ({
          chainId: refund.chainId,
          recipient: refund.recipient,
          currency: refund.currency,
          minimumAmount: refund.minimumAmount,
          inputAmount: input.payment.amount,
          deadline: refund.deadline,
          inputIndex,
          extraData: refund.extraData,
        })),
      ),
    inputs: (order) =>
      order.inputs.map(({ payment }) => ({ amount: payment.amount, weight: payment.weight })),
  },
  // One shared deadline for filling or refunding; the fill must end with one recipient's minimum.
  v2: {
    fill: (order) => ({
      chainId: order.output.chainId,
      deadline: order.deadline,
      payments: [
        {
          recipient: order.output.fill.recipient,
          currency: order.output.fill.currency,
          minimumAmount: order.output.fill.minimumAmount,
        },
      ],
      calls: order.output.fill.calls,
      extraData: null,
    }),
    refunds: (order) =>
      order.refunds.map((refund) => ({
        chainId: refund.chainId,
        recipient: refund.recipient,
        currency: refund.currency,
        minimumAmount: refund.minimumAmount,
        inputAmount: order.input.amount,
        deadline: order.deadline,
        inputIndex: 0,
        extraData: null,
      })),
    inputs: (order) => [{ amount: order.input.amount, weight: 1n }],
  },
};

/** The leg terms of `order`, whatever its version. */
export function legTermsOf(order: AnyEncodedOrder): {
  fill(): FillTerms;
  refunds(): RefundTerms[];
  inputs(): WeightedInput[];
} {
  const terms = ORDER_LEG_TERMS[order.version] as LegTermsOf<AnyEncodedOrder>;
  return {
    fill: () => terms.fill(order),
    refunds: () => terms.refunds(order),
    inputs: () => terms.inputs(order),
  };
}
