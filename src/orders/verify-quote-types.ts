import type { Hex } from "viem";
import type { OrderChain } from "./chains.ts";

/** The caller's own requirements on top of the order's validity. */
export type OrderPolicy = {
  /** Output recipients accepted, in the native form of the output chain (compared as encoded bytes). */
  acceptedRecipients?: readonly string[];
  /**
   * Lowest acceptable output: the sum of `minimumAmount` (never `expectedAmount`) of the output
   * payments in `currency` (native form on the output chain) must reach `amount`.
   */
  minimumOutput?: { currency: string; amount: bigint | string };
  /** Seconds that must remain before `output.deadline` at `now` (default 0). */
  deadlineMarginSeconds?: number;
};

export type VerifyQuoteOrderOptions = {
  /** The GET /chains response, or its `orderChainsFromChains` result (parse it once for many quotes). */
  chains: unknown;
  /** The account that must be credited for the deposit (EVM hex or SVM base58). */
  expectedPayer: string;
  /** The solver's EVM address, from your configuration (never from the quote). */
  solver: string;
  /** Unix seconds; defaults to the clock. */
  now?: number;
  policy?: OrderPolicy;
};

/** Why a quote's order was refused; every failed check is reported, not only the first. */
export type OrderCheckCode =
  | "QUOTE_NO_PROTOCOL_DATA"
  | "QUOTE_MALFORMED"
  | "ORDER_UNENCODABLE"
  | "ORDER_ID_MISMATCH"
  | "SIGNATURE_INVALID"
  | "SIGNER_NOT_SOLVER"
  | "ORDER_SOLVER_MISMATCH"
  | "PAYMENT_INPUT_MISSING"
  | "PAYMENT_INPUT_AMBIGUOUS"
  | "PAYMENT_DETAILS_MISMATCH"
  | "DEPOSITORY_UNKNOWN"
  | "DEPOSITORY_MISMATCH"
  | "DEPOSIT_STEP_MISSING"
  | "DEPOSIT_STEP_AMBIGUOUS"
  | "DEPOSIT_CALL_UNDECODABLE"
  | "DEPOSIT_SENDER_MISMATCH"
  | "DEPOSIT_FUNCTION_MISMATCH"
  | "DEPOSIT_ID_MISMATCH"
  | "DEPOSITOR_MISMATCH"
  | "DEPOSIT_CURRENCY_MISMATCH"
  | "DEPOSIT_AMOUNT_MISMATCH"
  | "DEPOSIT_VALUE_NOT_ZERO"
  | "DEADLINE_PASSED"
  | "DEADLINE_TOO_CLOSE"
  | "RECIPIENT_NOT_ACCEPTED"
  | "OUTPUT_BELOW_MINIMUM";

export type OrderCheckFailure = { code: OrderCheckCode; message: string; expected?: string; actual?: string };

export type QuoteOrderVerification = {
  /** True only when `failures` is empty. */
  ok: boolean;
  /** The order id recomputed from the order data (null when the order cannot be encoded). */
  orderId: Hex | null;
  failures: OrderCheckFailure[];
  /** The chain the order is paid on, when it was found. */
  paymentChain: OrderChain | null;
};
