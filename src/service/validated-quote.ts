import type { QuoteV2Body } from "../schemas/index.ts";

/** Validated, VM-normalized quote parameters. */
export interface ValidatedQuote {
  body: QuoteV2Body;
  originVm: "evm" | "svm";
  destinationVm: "evm" | "svm";
  user: string;
  recipient: string;
  originCurrency: string;
  destinationCurrency: string;
  amount: bigint;
}
