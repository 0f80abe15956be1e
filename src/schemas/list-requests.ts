/**
 * GET /requests/v3: list requests (service interface: Endpoints). Query parameters arrive as strings; every typed
 * parameter is a wire codec from `query-params.ts`, so parsing decodes and `z.encode` encodes.
 */
import * as z from "zod";
import {
  FailReasonSchema,
  FEATURES,
  FeatureSchema,
  ListRequestsStatusSchema,
  RefundFailReasonSchema,
  type SortBy,
  SortBySchema,
  type SortDirection,
  SortDirectionSchema,
} from "./enums.ts";
import { FiltersSchema } from "./filters.ts";
import { RequestIdSchema } from "./primitives.ts";
import {
  booleanParam,
  commaListParam,
  commaListPattern,
  decimalParam,
  integerParam,
  jsonParam,
  RequestTypeParamSchema,
  stringParam,
} from "./query-params.ts";
import { RequestRecordSchema } from "./request.ts";

/** Page size rules of `limit` (4.1, 8). */
export const LIST_REQUESTS_LIMIT = { min: 1, max: 50, default: 20 } as const;
/** Default `sortBy` (4.1). */
export const DEFAULT_SORT_BY = "createdAt" satisfies SortBy;

/** Header of GET /requests/v3 (lower-cased, as Node delivers it). Loose: other headers pass. */
export const ListRequestsHeadersSchema = z
  .looseObject({ "x-api-key": z.string().min(1).describe("Integrator API key.") })
  .meta({ id: "ListRequestsHeaders", description: "Headers of GET /requests/v3." });
export type ListRequestsHeaders = z.infer<typeof ListRequestsHeadersSchema>;

/** An API key inside the comma-separated `apiKey` parameter. */
const ApiKeyItemSchema = z.string().regex(/^[^,\s]+$/, "expected an API key (no commas or spaces)");

/**
 * The parameters of GET /requests/v3 without defaults, each optional. Clients encode their typed
 * parameters with it (`encodeListRequestsQuery`); the server parses with `ListRequestsQuerySchema`,
 * which adds the defaults.
 */
const listRequestsShape = {
  limit: integerParam({ min: LIST_REQUESTS_LIMIT.min, max: LIST_REQUESTS_LIMIT.max })
    .optional()
    .describe("Page size, 1 to 50, default 20."),
  continuation: stringParam().optional().describe("Cursor from a previous response."),
  includeTotal: booleanParam()
    .optional()
    .describe("When true, the total count of matches is also returned (ignores limit/continuation)."),
  user: stringParam().optional().describe("Sender or deposit-address depositor."),
  term: stringParam()
    .optional()
    .describe("Broad search over request id, wallet, deposit address and transaction hashes."),
  id: RequestIdSchema.optional().describe("Request id."),
  orderId: stringParam().optional().describe("Protocol-level order id."),
  depositTxHash: stringParam().optional(),
  fillTxHash: stringParam().optional(),
  refundTxHash: stringParam().optional(),
  originChainId: integerParam({ min: 1 }).optional(),
  destinationChainId: integerParam({ min: 1 }).optional(),
  chainId: integerParam({ min: 1 })
    .optional()
    .describe("Either direction; overridden by originChainId / destinationChainId."),
  privateChainsToInclude: commaListParam(z.guid())
    .optional()
    .describe("Comma-separated private chain UUIDs."),
  depositAddress: stringParam().optional(),
  recipient: stringParam().optional(),
  status: ListRequestsStatusSchema.optional(),
  failReason: FailReasonSchema.optional(),
  refundFailReason: RefundFailReasonSchema.optional(),
  apiKey: commaListParam(ApiKeyItemSchema)
    .optional()
    .describe("One key or a comma-separated list; any matches."),
  requestType: RequestTypeParamSchema.optional().describe("Request type, case-insensitive."),
  currencyInChainId: integerParam({ min: 1 }).optional(),
  currencyOutChainId: integerParam({ min: 1 }).optional(),
  currencyInAddress: stringParam().optional(),
  currencyOutAddress: stringParam().optional(),
  currencyInSymbol: stringParam().optional().describe("Case-insensitive, across all chains."),
  currencyOutSymbol: stringParam().optional().describe("Case-insensitive, across all chains."),
  sortBy: SortBySchema.optional(),
  sortDirection: SortDirectionSchema.optional().describe("Default: desc for time fields, asc for amountUsd."),
  startTimestamp: integerParam().optional().describe("Unix seconds, inclusive."),
  endTimestamp: integerParam().optional().describe("Unix seconds, inclusive."),
  startBlock: integerParam().optional().describe("Inclusive chain entry block bound."),
  endBlock: integerParam().optional().describe("Inclusive chain entry block bound."),
  amountUsdMin: decimalParam().optional(),
  amountUsdMax: decimalParam().optional(),
  appFeesAmountUsdMin: decimalParam().optional(),
  appFeesAmountUsdMax: decimalParam().optional(),
  fillTimeMin: decimalParam().optional().describe("Seconds."),
  fillTimeMax: decimalParam().optional().describe("Seconds."),
  features: commaListParam(FeatureSchema, commaListPattern(FEATURES))
    .optional()
    .describe("Comma-separated; a request must have at least one."),
  includeAuthenticatedData: booleanParam().optional(),
  includeChildRequests: booleanParam().optional().describe("Effective only together with `id`."),
  filters: jsonParam(FiltersSchema).optional().describe("JSON array of filter groups (OR of ANDs)."),
};

/** Typed parameters of GET /requests/v3, all optional, no defaults applied (for clients). */
export const ListRequestsParamsSchema = z
  .object(listRequestsShape)
  .meta({ id: "ListRequestsParams", description: "Query parameters of GET /requests/v3, without defaults." });
/** Typed list parameters a client passes (decoded form, all optional). */
export type ListRequestsParams = z.output<typeof ListRequestsParamsSchema>;

/**
 * Query of GET /requests/v3 as the server parses it: wire strings in, typed values out, with the
 * service interface's defaults applied (`limit` 20, `includeTotal` false, `sortBy` createdAt). Defaults are
 * prefaults, so the JSON Schema of the wire form shows them as the strings a client would send.
 * Unknown parameters are stripped. `sortDirection` stays absent when not given, because its default
 * depends on `sortBy`: use `resolveSortDirection`.
 */
export const ListRequestsQuerySchema = z
  .object({
    ...listRequestsShape,
    limit: integerParam({ min: LIST_REQUESTS_LIMIT.min, max: LIST_REQUESTS_LIMIT.max })
      .prefault(String(LIST_REQUESTS_LIMIT.default))
      .describe("Page size, 1 to 50, default 20."),
    includeTotal: booleanParam()
      .prefault("false")
      .describe("When true, the total count of matches is also returned (ignores limit/continuation)."),
    sortBy: SortBySchema.prefault(DEFAULT_SORT_BY),
  })
  .meta({ id: "ListRequestsQuery", description: "Query parameters of GET /requests/v3." });
/** The parsed (decoded, defaults applied) query. */
export type ListRequestsQuery = z.output<typeof ListRequestsQuerySchema>;
/** The query as it travels: strings only. */
export type ListRequestsQueryWire = z.input<typeof ListRequestsQuerySchema>;

/**
 * Encodes typed list parameters to query-string values (absent parameters are left out).
 * @param params typed listing parameters.
 * @returns the query-string values.
 * @example
 * ```ts
 * const query = new URLSearchParams(encodeListRequestsQuery({ limit: 50, includeTotal: true })).toString();
 * ```
 */
export function encodeListRequestsQuery(params: ListRequestsParams): Record<string, string> {
  const wire = z.encode(ListRequestsParamsSchema, params) as Record<string, string | undefined>;
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(wire)) if (value !== undefined) out[key] = value;
  return out;
}

/** The effective sort direction: the given one, else `asc` for `amountUsd` and `desc` for time fields. */
export function resolveSortDirection(
  sortBy: SortBy = DEFAULT_SORT_BY,
  sortDirection?: SortDirection,
): SortDirection {
  return sortDirection ?? (sortBy === "amountUsd" ? "asc" : "desc");
}

/**
 * Response of GET /requests/v3. The service interface shows only `requests`; pagination is our design:
 * `continuation` is the cursor for the next page, `null` (or absent) on the last page; `total` is
 * present only when `includeTotal=true`. Loose, so further fields of the real service pass through.
 */
export const ListRequestsResponseSchema = z
  .looseObject({
    requests: z.array(RequestRecordSchema),
    continuation: z
      .string()
      .nullable()
      .optional()
      .describe("Cursor for the next page; null on the last page."),
    total: z.int().nonnegative().optional().describe("Total matches; present when includeTotal=true."),
  })
  .meta({ id: "ListRequestsResponse", description: "A page of requests." });
export type ListRequestsResponse = z.infer<typeof ListRequestsResponseSchema>;
