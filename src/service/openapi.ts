/**
 * OpenAPI 3.1 document of the mock service, generated from the shared zod schemas (`ENDPOINTS`) with
 * zod 4's `z.toJSONSchema`. Request parts use the schemas' input (wire) side, responses their output
 * side. Mock-only admin routes are listed under the `x-mock-only` tag and flagged `x-mock-only: true`.
 */
import { z } from "zod";
import { ENDPOINTS, ErrorBodySchema } from "../schemas/index.ts";
import { MOCK_ROUTES } from "./http-schemas.ts";

type JsonSchema = Record<string, unknown>;

const toSchema = (schema: z.ZodType, io: "input" | "output"): JsonSchema => {
  const { $schema: _ignored, ...rest } = z.toJSONSchema(schema, {
    io,
    target: "draft-2020-12",
    unrepresentable: "any",
    reused: "inline",
  }) as JsonSchema;
  return rest;
};

function parametersOf(schema: z.ZodType | undefined, location: "query" | "path" | "header"): JsonSchema[] {
  if (schema === undefined) return [];
  const json = toSchema(schema, "input");
  const properties = (json.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((json.required ?? []) as string[]);
  return Object.entries(properties).map(([name, property]) => ({
    name,
    in: location,
    required: location === "path" ? true : required.has(name),
    ...(typeof property.description === "string" ? { description: property.description } : {}),
    schema: property,
  }));
}

const errorResponse = {
  description: "Error: `{ errorCode, message }`",
  content: { "application/json": { schema: toSchema(ErrorBodySchema, "output") } },
};

/** Builds the OpenAPI 3.1 document. */
export function buildOpenApiDocument(serverUrl = "http://127.0.0.1"): JsonSchema {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const [name, endpoint] of Object.entries(ENDPOINTS)) {
    const definition = endpoint as {
      method: string;
      path: string;
      summary: string;
      auth: string;
      headers?: z.ZodType;
      params?: z.ZodType;
      query?: z.ZodType;
      body?: z.ZodType;
      responses: { 200: z.ZodType };
    };
    const operation: Record<string, unknown> = {
      operationId: name,
      summary: definition.summary,
      parameters: [
        ...parametersOf(definition.params, "path"),
        ...parametersOf(definition.query, "query"),
        ...(definition.auth === "x-api-key" ? parametersOf(definition.headers, "header") : []),
      ],
      responses: {
        "200": {
          description: "OK",
          content: { "application/json": { schema: toSchema(definition.responses[200], "output") } },
        },
        "4XX": errorResponse,
      },
    };
    if (definition.body) {
      operation.requestBody = {
        required: true,
        content: { "application/json": { schema: toSchema(definition.body, "input") } },
      };
    }
    if (definition.auth === "x-api-key") operation.security = [{ apiKeyHeader: [] }];
    if (definition.auth === "bearer") operation.security = [{ bearerApiKey: [] }];
    paths[definition.path] ??= {};
    (paths[definition.path] as Record<string, unknown>)[definition.method.toLowerCase()] = operation;
  }
  for (const route of MOCK_ROUTES) {
    const operation: Record<string, unknown> = {
      operationId: route.name,
      summary: `[MOCK ONLY] ${route.summary}`,
      tags: ["x-mock-only"],
      "x-mock-only": true,
      parameters: parametersOf(route.params, "path"),
      responses: { "200": { description: "OK" }, "4XX": errorResponse },
    };
    if (route.body) {
      operation.requestBody = {
        required: true,
        content: { "application/json": { schema: toSchema(route.body, "input") } },
      };
    }
    paths[route.path] ??= {};
    (paths[route.path] as Record<string, unknown>)[route.method.toLowerCase()] = operation;
  }
  return {
    openapi: "3.1.0",
    info: {
      title: "Cross-chain solver interface (attestkit mock service)",
      version: "1.0.0",
      description:
        "Local, spec-faithful mock of the cross-chain transfer and swap service. Routes under /_mock are mock-only administration and do not exist on the real service.",
    },
    servers: [{ url: serverUrl, description: "local mock" }],
    tags: [
      { name: "x-mock-only", description: "Mock-only administration routes; not part of the real service." },
    ],
    paths,
    components: {
      securitySchemes: {
        apiKeyHeader: { type: "apiKey", in: "header", name: "x-api-key" },
        bearerApiKey: { type: "http", scheme: "bearer", description: "API key as a bearer token" },
      },
    },
  };
}
