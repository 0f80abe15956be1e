import type { Hex } from "viem";
import type { OrderChain } from "./chains.ts";

/** The caller's own requirements on top of the order's validity. */
export type OrderPolicy = {
  /** Output recipients accepted, in the native form of the output chain (compared as encoded bytes). */
  acceptedRecipients?: readonly string[];
  /**
   * The chain the output must be paid on: the numeric chain id (`8453`, as in the quote request's
   * `destinationChainId`) or the protocol chain id string (`"base"`). Required with `minimumOutput`:
   * a currency (the EVM native sentinel above all) means another asset on another chain.
   */
  outputChainId?: number | string;
  /**
   * The chain and currency the order's payment must be made in: the numeric (`8453`) or protocol
   * (`"base"`) chain id, and the currency in the native form of that chain. What a `/signature/v2`
   * attestation signed as `originChainId` and `originCurrency` (see `orderChecksFromAttestationV2`).
   */
  input?: { chainId: number | string; currency: string };
  /**
   * Lowest acceptable output on `outputChainId`: the sum of `minimumAmount` (never `expectedAmount`) of
   * the output payments in `currency` (native form on that chain) must reach `amount`.
   */
  minimumOutput?: { currency: string; amount: bigint | string };
  /**
   * Refund recipients accepted besides the expected payer (who is always accepted), each matched on
   * the refund chains whose VM reads its written form. Default: the expected payer only.
   */
  refundRecipients?: readonly string[];
  /**
   * Seconds that must remain before the order's deadline (v1 `output.deadline`, v2 `deadline`) at `now`
   * (default 0: the deadline second itself is valid).
   */
  deadlineMarginSeconds?: number;
  /**
   * Highest SVM priority fee, in lamports, that the quote's compute-budget instructions may make the
   * payer pay (`SetComputeUnitPrice` × compute-unit limit). Default 10,000,000 (0.01 SOL).
   */
  maxPriorityFeeLamports?: bigint | number;
  /**
   * The user calls a v2 order's fill must run, in order, as 0x hex bytes (default: none). A fill with
   * other calls, or any call when none is expected, fails `FILL_CALLS_MISMATCH`.
   */
  fillCalls?: readonly string[];
};

export type VerifyQuoteOrderOptions = {
  /** The GET /chains response, or its `orderChainsFromChains` result (parse it once for many quotes). */
  chains: unknown;
  /** The account that must be credited for the deposit (EVM hex or SVM base58). */
  expectedPayer: string;
  /** The solver's EVM address, from your configuration (never from the quote). */
  solver: string;
  /**
   * The EVM address a v2 order must give exclusive filling rights to (its `relayer`), from your
   * configuration; default `solver`. v1 orders name the solver itself.
   */
  relayer?: string;
  /** Unix seconds; defaults to the clock. */
  now?: number;
  policy?: OrderPolicy;
};

/**
 * Every reason `verifyQuoteOrder` can report. A code added here is a code integrators must handle:
 * docs/orders.md lists each one (a test compares the two lists).
 */
export const ORDER_CHECK_CODES = [
  "QUOTE_NO_PROTOCOL_DATA",
  "QUOTE_MALFORMED",
  "ORDER_UNENCODABLE",
  "ORDER_ID_MISMATCH",
  "SIGNATURE_INVALID",
  "SIGNER_NOT_SOLVER",
  "ORDER_SOLVER_MISMATCH",
  "PAYMENT_INPUT_MISSING",
  "PAYMENT_INPUT_AMBIGUOUS",
  "PAYMENT_DETAILS_MISMATCH",
  "INPUT_CHAIN_MISMATCH",
  "INPUT_CURRENCY_MISMATCH",
  "DEPOSITORY_UNKNOWN",
  "DEPOSITORY_MISMATCH",
  "UNEXPECTED_STEP_ITEM",
  "DEPOSIT_STEP_MISSING",
  "DEPOSIT_STEP_AMBIGUOUS",
  "DEPOSIT_CALL_UNDECODABLE",
  "DEPOSIT_SENDER_MISMATCH",
  "DEPOSIT_FUNCTION_MISMATCH",
  "DEPOSIT_ID_MISMATCH",
  "DEPOSITOR_MISMATCH",
  "DEPOSIT_CURRENCY_MISMATCH",
  "DEPOSIT_AMOUNT_MISMATCH",
  "DEPOSIT_VALUE_NOT_ZERO",
  "REFUND_RECIPIENT_NOT_ACCEPTED",
  "DEADLINE_PASSED",
  "DEADLINE_TOO_CLOSE",
  "OUTPUT_CHAIN_MISMATCH",
  "RECIPIENT_NOT_ACCEPTED",
  "OUTPUT_BELOW_MINIMUM",
  "FILL_CURRENCY_MISMATCH",
  "FILL_RECIPIENT_MISMATCH",
  "FILL_BELOW_QUOTED_MINIMUM",
  "FILL_CALLS_MISMATCH",
] as const;

/** Why a quote's order was refused; every failed check is reported, not only the first. */
export type OrderCheckCode = (typeof ORDER_CHECK_CODES)[number];

/** Where in `quote.steps` a failure lies: step and item index, and the SVM instruction index. */
export type StepLocation = { step: number; item: number; instruction?: number };

export type OrderCheckFailure = {
  code: OrderCheckCode;
  message: string;
  expected?: string;
  actual?: string;
  /** The step item (and SVM instruction) the failure is about, for step checks. */
  location?: StepLocation;
  /**
   * Set when this failure follows from another one reported before it, e.g. `SIGNER_NOT_SOLVER`
   * when the solver did sign the quoted id but the order data no longer hashes to it
   * (`causedBy: "ORDER_ID_MISMATCH"`). Fix the cause; the derived failure goes with it.
   */
  causedBy?: OrderCheckCode;
};

export type QuoteOrderVerification = {
  /** True only when `failures` is empty. */
  ok: boolean;
  /** The order id recomputed from the order data (null when the order cannot be encoded). */
  orderId: Hex | null;
  /** Root causes first (in check order), then the failures derived from them (`causedBy`). */
  failures: OrderCheckFailure[];
  /** The chain the order is paid on, when it was found. */
  paymentChain: OrderChain | null;
};
