/** Zod schemas and inferred types for every resource and endpoint of the service interface. */
export * from "./app-balance.ts";
export * from "./currency.ts";
export * from "./endpoints.ts";
export * from "./enums.ts";
export * from "./errors.ts";
export * from "./fast-fill.ts";
export * from "./fee-sponsorship.ts";
export * from "./filters.ts";
export * from "./list-requests.ts";
export * from "./primitives.ts";
export * from "./protocol-order.ts";
export * from "./query-params.ts";
export * from "./quote.ts";
export * from "./request.ts";
export * from "./signature.ts";
export * from "./status.ts";
