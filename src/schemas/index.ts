/** Zod schemas and inferred types for every resource and endpoint of the service interface. */
export * from "./app-balance.ts";
export * from "./chains.ts";
export * from "./currency.ts";
export * from "./endpoints.ts";
export * from "./enums.ts";
export * from "./errors.ts";
export * from "./execute-permits.ts";
export * from "./fast-fill.ts";
export * from "./fee-sponsorship.ts";
export {
  FILTER_NEGATION_PREFIX,
  type FilterGroup,
  FilterGroupSchema,
  type FilterKey,
  FilterKeySchema,
  type FilterScalar,
  FilterScalarSchema,
  type Filters,
  FiltersSchema,
  type FilterValue,
  FilterValueSchema,
} from "./filters.ts";
export {
  DEFAULT_SORT_BY,
  encodeListRequestsQuery,
  LIST_REQUESTS_LIMIT,
  type ListRequestsHeaders,
  ListRequestsHeadersSchema,
  type ListRequestsParams,
  ListRequestsParamsSchema,
  type ListRequestsQuery,
  ListRequestsQuerySchema,
  type ListRequestsQueryWire,
  type ListRequestsResponse,
  ListRequestsResponseSchema,
} from "./list-requests.ts";
export * from "./primitives.ts";
export * from "./protocol-order.ts";
export { RequestTypeParamSchema } from "./query-params.ts";
export * from "./quote.ts";
export * from "./request.ts";
export * from "./signature.ts";
export * from "./status.ts";
export * from "./status-feed.ts";
export * from "./webhook.ts";
