import type { Hex } from "viem";
import type { AnyEncodedOrder, EncodedOrders } from "./types.ts";

/** What a quote's order offers, read from an encoded order: every member VM-encoded, as the id hashes it. */
export type QuoteTerms = {
  /** The EVM account the order gives the filling to: v1's `solver`, v2's `relayer`. */
  filler: { member: "solver" | "relayer"; address: Hex };
  /** What may be paid in, by chain. */
  inputs: readonly { chainId: string; currency: Hex; amount: bigint }[];
  /** Where refunds may go; `path` names the member in failure messages. */
  refunds: readonly { path: string; chainId: string; recipient: Hex }[];
  /** The last second to fill (valid while now <= it), with its member name. */
  deadline: { member: string; value: number };
  /** What the output chain's recipients are guaranteed: `minimumAmount`, never an expected amount. */
  output: {
    chainId: string;
    payments: readonly { path: string; recipient: Hex; currency: Hex; minimumAmount: bigint }[];
  };
  /**
   * v2: the one payment and the calls the fill must end with, checked against the quote's `details`.
   * v1 states no single fill (null).
   */
  fill: { currency: Hex; recipient: Hex; minimumAmount: bigint; calls: readonly Hex[] } | null;
};

type QuoteTermsOf<E extends AnyEncodedOrder> = (order: E) => QuoteTerms;

/**
 * How each order version states what a quote offers. A new version is a new entry here, never a
 * branch in `verifyQuoteOrder`.
 */
const QUOTE_TERMS: { readonly [V in keyof EncodedOrders]: QuoteTermsOf<EncodedOrders[V]> } = {
  v1: (order) => ({
    filler: { member: "solver", address: order.solver },
    inputs: order.inputs.map((input) => input.payment),
    refunds: order.inputs.flatMap((input, i) =>
      input.refunds.map((refund, j) => ({ ...refund, path: `inputs[${i}].refunds[${j}]` })),
    ),
    deadline: { member: "output.deadline", value: order.output.deadline },
    output: {
      chainId: order.output.chainId,
      payments: order.output.payments.map((payment, i) => ({ ...payment, path: `output.payments[${i}]` })),
    },
    fill: null,
  }),
  // One input, one shared deadline. The recipient is guaranteed the fill's minimum; the withdraw is what
  // the relayer takes back from the depository, nothing the recipient receives.
  v2: (order) => ({
    filler: { member: "relayer", address: order.relayer },
    inputs: [order.input],
    refunds: order.refunds.map((refund, j) => ({ ...refund, path: `refunds[${j}]` })),
    deadline: { member: "deadline", value: order.deadline },
    output: {
      chainId: order.output.chainId,
      payments: [{ ...order.output.fill, path: "output.fill" }],
    },
    fill: order.output.fill,
  }),
};

/** The quote terms of `order`, whatever its version. */
export function quoteTermsOf(order: AnyEncodedOrder): QuoteTerms {
  return (QUOTE_TERMS[order.version] as QuoteTermsOf<AnyEncodedOrder>)(order);
}
