// The request status and failure reason sets of the service interface as plain tuples, without zod, so that
// code which only compares against them (verifyWebhook's body check) bundles small; enums.ts builds the zod
// enums from them and re-exports them.

/** Request `status` values of the service interface (2.1, 3). */
export const SPEC_REQUEST_STATUSES = [
  "refund",
  "waiting",
  "depositing",
  "failure",
  "pending",
  "submitted",
  "success",
] as const;

/**
 * Request `status` values: the service interface's seven, then two its current status endpoint adds:
 * `fallback` (the request could not complete as quoted and its funds went to the fallback outcome;
 * like `failure` and `refund` it carries a `failReason`) and `delayed` (the destination fill is
 * delayed and still processing: not final, the request goes on to `success`, `failure` or `refund`).
 */
export const REQUEST_STATUSES = [...SPEC_REQUEST_STATUSES, "fallback", "delayed"] as const;

/**
 * Failure reasons (7.2), exactly as the service interface writes them, `N/A` included. `MARKETPLACE`, `DEX` and
 * `AGGREGATOR` are the service interface's neutral stand-ins for third-party protocol names.
 */
export const FAIL_REASONS = [
  "UNKNOWN",
  "SLIPPAGE",
  "AMOUNT_TOO_LOW_TO_REFUND",
  "DEPOSIT_ADDRESS_MISMATCH",
  "DEPOSIT_CHAIN_MISMATCH",
  "INCORRECT_DEPOSIT_CURRENCY",
  "DOUBLE_SPEND",
  "SOLVER_CAPACITY_EXCEEDED",
  "SOLVER_BALANCE_TOO_LOW",
  "DEPOSITED_AMOUNT_TOO_LOW_TO_FILL",
  "NEGATIVE_NEW_AMOUNT_AFTER_FEES",
  "NO_QUOTES",
  "MISSING_REVERT_DATA",
  "REVERSE_SWAP_FAILED",
  "GENERATE_SWAP_FAILED",
  "TOO_LITTLE_RECEIVED",
  "EXECUTION_REVERTED",
  "NEW_CALLDATA_INCLUDES_HIGHER_RENT_FEE",
  "TRANSACTION_REVERTED",
  "TRANSACTION_TOO_LARGE",
  "ORIGIN_CURRENCY_MISMATCH",
  "NO_INTERNAL_SWAP_ROUTES_FOUND",
  "SWAP_USES_TOO_MUCH_GAS",
  "INSUFFICIENT_FUNDS_FOR_RENT",
  "SPONSOR_BALANCE_TOO_LOW",
  "ORDER_EXPIRED",
  "ORDER_IS_CANCELLED",
  "TRANSFER_FROM_FAILED",
  "TRANSFER_FAILED",
  "SIGNATURE_EXPIRED",
  "INVALID_SIGNATURE",
  "INSUFFICIENT_NATIVE_TOKENS_SUPPLIED",
  "TRANSFER_AMOUNT_EXCEEDS_ALLOWANCE",
  "TRANSFER_AMOUNT_EXCEEDS_BALANCE",
  "INVALID_SENDER",
  "ACCOUNT_ABSTRACTION_INVALID_NONCE",
  "ACCOUNT_ABSTRACTION_SIGNATURE_ERROR",
  "MARKETPLACE_INEXACT_FRACTION",
  "TOKEN_NOT_TRANSFERABLE",
  "ZERO_SELL_AMOUNT",
  "MINT_NOT_ACTIVE",
  "ERC_1155_TOO_MANY_REQUESTED",
  "INCORRECT_PAYMENT",
  "INVALID_GAS_PRICE",
  "DEX_ERROR",
  "ORDER_ALREADY_FILLED",
  "MARKETPLACE_INVALID_FULFILLER",
  "INVALID_SIGNER",
  "MINT_QUANTITY_EXCEEDS_MAX_PER_WALLET",
  "MINT_QUANTITY_EXCEEDS_MAX_SUPPLY",
  "AGGREGATOR_INVALID_TOKEN_ACCOUNT",
  "INVALID_NONCE",
  "ACCOUNT_ABSTRACTION_GAS_LIMIT",
  "CONTRACT_PAUSED",
  "SWAP_IMPACT_TOO_HIGH",
  "INSUFFICIENT_POOL_LIQUIDITY",
  "TTL_EXPIRED",
  "DEPOSIT_CONFIRMATION_TIMEOUT",
  "ORPHANED_DEPOSIT_REFUND",
  "GASLESS_PERMIT_BALANCE_TOO_LOW",
  "MANUAL_ADMIN_REFUND",
  "QUOTED_GAS_LIMIT_EXCEEDED",
  "DESTINATION_TOKEN_TRANSFER_REJECTED",
  "DEPOSIT_REORGED",
  "BLOCKED_WALLET",
  "PROTOCOL_DEADLINE_EXPIRED",
  "TRANSACTION_NOT_INCLUDED",
  "TRANSACTION_SUBMISSION_FAILED",
  "N/A",
] as const;

/** Refund failure reasons (2.3): why the refund leg itself could not be made. */
export const REFUND_FAIL_REASONS = [
  "AMOUNT_TOO_LOW_TO_REFUND",
  "NEGATIVE_NEW_AMOUNT_AFTER_FEES",
  "SWAP_CURRENCY_NOT_ON_ORIGIN",
  "REFUND_RECIPIENT_IS_VASP",
  "MANUAL_REFUND_REQUIRED",
] as const;
