import type { QuoteV2Body } from "../schemas/index.ts";

/** Validated, VM-normalized quote parameters. */
export interface ValidatedQuote {
  body: QuoteV2Body;
  originVm: "evm" | "svm";
  destinationVm: "evm" | "svm";
  user: string;
  recipient: string;
  /** Where refunds go on the origin chain (`refundTo`, in the origin VM's form), or null. */
  refundTo: string | null;
  originCurrency: string;
  destinationCurrency: string;
  amount: bigint;
  /** The user calls to run on the destination chain (`txs`), addresses checksummed; empty: none. */
  calls: readonly { to: string; data: `0x${string}`; value: bigint }[];
}
