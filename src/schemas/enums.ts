/**
 * Every closed value set of the service interface (docs/service-interface.md: requests, statuses, endpoints and failure reasons), each exported
 * twice: as a readonly `as const` tuple (for iteration and counts) and as a zod enum schema.
 */
import * as z from "zod";
import { FAIL_REASONS, REFUND_FAIL_REASONS, REQUEST_STATUSES } from "./status-values.ts";

export {
  FAIL_REASONS,
  REFUND_FAIL_REASONS,
  REQUEST_STATUSES,
  SPEC_REQUEST_STATUSES,
} from "./status-values.ts";

export const RequestStatusSchema = z.enum(REQUEST_STATUSES).meta({
  id: "RequestStatus",
  description: "Status of a request.",
});
export type RequestStatus = z.infer<typeof RequestStatusSchema>;

/** The subset of statuses the `status` filter of GET /requests/v3 accepts (3, 4.1). */
export const LIST_REQUESTS_STATUSES = ["success", "failure", "refund", "pending", "depositing"] as const;
export const ListRequestsStatusSchema = z.enum(LIST_REQUESTS_STATUSES).meta({
  id: "ListRequestsStatus",
  description: "Status values accepted by the `status` filter of GET /requests/v3.",
});
export type ListRequestsStatus = z.infer<typeof ListRequestsStatusSchema>;

export const FailReasonSchema = z.enum(FAIL_REASONS).meta({
  id: "FailReason",
  description: "Why a request failed (service interface: Endpoints).",
});
export type FailReason = z.infer<typeof FailReasonSchema>;

/** Statuses that carry a `failReason` (`UNKNOWN` when none was recorded). */
export const FAIL_REASON_STATUSES = ["failure", "fallback", "refund"] as const;

export const RefundFailReasonSchema = z.enum(REFUND_FAIL_REASONS).meta({
  id: "RefundFailReason",
  description: "Why a refund could not be made.",
});
export type RefundFailReason = z.infer<typeof RefundFailReasonSchema>;

/**
 * Request types (1), in their canonical spelling. The `requestType` filter matches them
 * case-insensitively; `RequestTypeParamSchema` in `query-params.ts` normalizes any casing to these.
 */
export const REQUEST_TYPES = [
  "Bridge",
  "Crosschain Swap",
  "Same-chain Swap",
  "Send",
  "Wrap",
  "Unwrap",
  "Call",
] as const;
export const RequestTypeSchema = z.enum(REQUEST_TYPES).meta({
  id: "RequestType",
  description: "Kind of request, canonical spelling.",
});
export type RequestType = z.infer<typeof RequestTypeSchema>;

/** Request features accepted by the `features` filter (4.1). */
export const FEATURES = [
  "gasless_execution",
  "gasless_swap",
  "fast_fill",
  "gas_top_up",
  "fixed_rate",
  "app_fees",
  "deposit_address",
] as const;
export const FeatureSchema = z.enum(FEATURES).meta({ id: "Feature", description: "A request feature." });
export type Feature = z.infer<typeof FeatureSchema>;

/** `sortBy` values of GET /requests/v3; `createdAt` is the default. */
export const SORT_BY_VALUES = ["createdAt", "updatedAt", "amountUsd"] as const;
export const SortBySchema = z.enum(SORT_BY_VALUES).meta({ id: "SortBy", description: "Sort key." });
export type SortBy = z.infer<typeof SortBySchema>;

/** `sortDirection` values; the default depends on `sortBy` (see `resolveSortDirection`). */
export const SORT_DIRECTIONS = ["asc", "desc"] as const;
export const SortDirectionSchema = z.enum(SORT_DIRECTIONS).meta({
  id: "SortDirection",
  description: "Sort direction. Default: desc for time fields, asc for amountUsd.",
});
export type SortDirection = z.infer<typeof SortDirectionSchema>;

/** `depositAddress.type` values (2.2). */
export const DEPOSIT_ADDRESS_TYPES = ["strict", "open"] as const;
export const DepositAddressTypeSchema = z.enum(DEPOSIT_ADDRESS_TYPES).meta({
  id: "DepositAddressType",
  description: "Deposit address kind.",
});
export type DepositAddressType = z.infer<typeof DepositAddressTypeSchema>;

/** Status of an indexed transaction (2.4). */
export const TRANSACTION_STATUSES = ["success", "failure"] as const;
export const TransactionStatusSchema = z.enum(TRANSACTION_STATUSES).meta({
  id: "TransactionStatus",
  description: "Outcome of an indexed transaction.",
});
export type TransactionStatus = z.infer<typeof TransactionStatusSchema>;

/** Fee sponsorship buckets (2.6). `rent` is the ATA rent on the SVM chain. */
export const FEE_SPONSORSHIP_COMPONENTS = ["execution", "swap", "platform", "app", "rent"] as const;
export const FeeSponsorshipComponentSchema = z.enum(FEE_SPONSORSHIP_COMPONENTS).meta({
  id: "FeeSponsorshipComponent",
  description: "A sponsorable fee bucket.",
});
export type FeeSponsorshipComponent = z.infer<typeof FeeSponsorshipComponentSchema>;

/**
 * Quote step ids the service interface has seen (2.8). The step schema itself accepts any string for `id`,
 * since the service interface lists these as observed values, not a closed set.
 */
export const QUOTE_STEP_IDS = ["approve", "deposit"] as const;
export const QuoteStepIdSchema = z.enum(QUOTE_STEP_IDS).meta({
  id: "QuoteStepId",
  description: "Quote step id (values seen).",
});
export type QuoteStepId = z.infer<typeof QuoteStepIdSchema>;

/**
 * Quote `tradeType` values. The service interface shows only `EXACT_INPUT` (4.2), so the body schema accepts only
 * that; extend this tuple when more values are specified.
 */
export const TRADE_TYPES = ["EXACT_INPUT"] as const;
export const TradeTypeSchema = z.enum(TRADE_TYPES).meta({ id: "TradeType", description: "Trade type." });
export type TradeType = z.infer<typeof TradeTypeSchema>;
