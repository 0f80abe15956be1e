/**
 * One table of every endpoint of the service interface with its schemas, for the typed client, the mock
 * server's validation and OpenAPI generation. Paths use the OpenAPI template form (`{param}`).
 * Error responses are declared as the `4XX` range with `ErrorBodySchema`: the service interface shows only the
 * size error (7.1); the mock answers every bad input with the same body shape.
 */
import type * as z from "zod";
import { AppBalanceParamsSchema, AppBalanceResponseSchema } from "./app-balance.ts";
import { ErrorBodySchema } from "./errors.ts";
import { FastFillBodySchema, FastFillHeadersSchema, FastFillResponseSchema } from "./fast-fill.ts";
import {
  ListRequestsHeadersSchema,
  ListRequestsQuerySchema,
  ListRequestsResponseSchema,
} from "./list-requests.ts";
import {
  PriceBodySchema,
  PriceResponseSchema,
  QuoteBodySchema,
  QuoteResponseSchema,
  QuoteV2BodySchema,
} from "./quote.ts";
import { SignatureParamsSchema, SignatureResponseSchema } from "./signature.ts";
import { StatusQuerySchema, StatusResponseSchema } from "./status.ts";

/** How an endpoint is authenticated (service interface: Authentication). */
export type EndpointAuth = "x-api-key" | "bearer" | "none";

/** Schemas and metadata of one endpoint. */
export interface EndpointDefinition {
  method: "GET" | "POST";
  /** Path relative to the base URL, OpenAPI template form. */
  path: string;
  summary: string;
  /** Required authentication; `none` means a key is optional (service interface: Authentication). */
  auth: EndpointAuth;
  headers?: z.ZodType;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  responses: { 200: z.ZodType; "4XX": z.ZodType };
}

export const ENDPOINTS = {
  listRequests: {
    method: "GET",
    path: "/requests/v3",
    summary: "List requests",
    auth: "x-api-key",
    headers: ListRequestsHeadersSchema,
    query: ListRequestsQuerySchema,
    responses: { 200: ListRequestsResponseSchema, "4XX": ErrorBodySchema },
  },
  quoteV2: {
    method: "POST",
    path: "/quote/v2",
    summary: "Create a quote",
    auth: "none",
    body: QuoteV2BodySchema,
    responses: { 200: QuoteResponseSchema, "4XX": ErrorBodySchema },
  },
  quote: {
    method: "POST",
    path: "/quote",
    summary: "Create a quote (unversioned)",
    auth: "none",
    body: QuoteBodySchema,
    responses: { 200: QuoteResponseSchema, "4XX": ErrorBodySchema },
  },
  price: {
    method: "POST",
    path: "/price",
    summary: "Price a request",
    auth: "none",
    body: PriceBodySchema,
    responses: { 200: PriceResponseSchema, "4XX": ErrorBodySchema },
  },
  fastFill: {
    method: "POST",
    path: "/fast-fill",
    summary: "Accelerate the destination fill",
    auth: "bearer",
    headers: FastFillHeadersSchema,
    body: FastFillBodySchema,
    responses: { 200: FastFillResponseSchema, "4XX": ErrorBodySchema },
  },
  status: {
    method: "GET",
    path: "/intents/status/v3",
    summary: "Request status",
    auth: "none",
    query: StatusQuerySchema,
    responses: { 200: StatusResponseSchema, "4XX": ErrorBodySchema },
  },
  appBalance: {
    method: "GET",
    path: "/app-fees/{wallet_address}/balances",
    summary: "App balance",
    auth: "none",
    params: AppBalanceParamsSchema,
    responses: { 200: AppBalanceResponseSchema, "4XX": ErrorBodySchema },
  },
  signature: {
    method: "GET",
    path: "/requests/{requestId}/signature",
    summary: "Solver attestation",
    auth: "none",
    params: SignatureParamsSchema,
    responses: { 200: SignatureResponseSchema, "4XX": ErrorBodySchema },
  },
} as const;

// Each entry of ENDPOINTS is an EndpointDefinition: checked by tsc through DefinedEndpoints rather than with
// `satisfies` on the table, which the package build's declaration emit would evaluate too (seconds of
// relating every zod schema to z.ZodType).
/** The name of an endpoint of `ENDPOINTS`. */
export type EndpointName = keyof DefinedEndpoints<typeof ENDPOINTS>;
type DefinedEndpoints<T extends Record<string, EndpointDefinition>> = T;
