/**
 * HTTP errors of the mock service. Every 4xx body is `{ errorCode, message }` (service interface: Errors); a thrown
 * `ServiceHttpError` carries both plus the status. Nothing else leaves the service as an error body.
 */
import type * as z from "zod";
import { AttestkitError } from "../errors.ts";

/** An error the service answers with: status, stable code, human message. */
export class ServiceHttpError extends Error {
  readonly statusCode: number;
  readonly errorCode: string;

  constructor(statusCode: number, errorCode: string, message: string) {
    super(message);
    this.name = "ServiceHttpError";
    this.statusCode = statusCode;
    this.errorCode = errorCode;
  }

  /** The JSON error body the HTTP API answers with. */
  toBody(): { errorCode: string; message: string } {
    return { errorCode: this.errorCode, message: this.message };
  }
}

export const badRequest = (errorCode: string, message: string) =>
  new ServiceHttpError(400, errorCode, message);
export const unauthorized = (errorCode: string, message: string) =>
  new ServiceHttpError(401, errorCode, message);
export const forbidden = (errorCode: string, message: string) =>
  new ServiceHttpError(403, errorCode, message);
export const notFound = (errorCode: string, message: string) => new ServiceHttpError(404, errorCode, message);
export const conflict = (errorCode: string, message: string) => new ServiceHttpError(409, errorCode, message);

/** Renders zod issues as one line: `limit: Too big: expected number to be <=50; id: ...`. */
export function formatZodIssues(error: z.ZodError, where: string): string {
  const parts = error.issues.slice(0, 5).map((issue) => {
    const path = issue.path.length > 0 ? issue.path.map(String).join(".") : where;
    return `${path}: ${issue.message}`;
  });
  if (error.issues.length > 5) parts.push(`(${error.issues.length - 5} more)`);
  return `invalid ${where}: ${parts.join("; ")}`;
}

/** Parses `value` with `schema`, throwing a 400 `errorCode` error with the issues on failure. */
export function parseOr400<T extends z.ZodType>(
  schema: T,
  value: unknown,
  where: string,
  errorCode = "INVALID_REQUEST",
): z.output<T> {
  const result = schema.safeParse(value);
  if (!result.success) throw badRequest(errorCode, formatZodIssues(result.error, where));
  return result.data;
}

/**
 * Maps anything thrown while handling a request to a status and body. Attestkit errors (bad
 * addresses, amounts, size gate) are the caller's fault: 400 with their code. Fastify's own errors
 * carry a 4xx `statusCode` (bad JSON, body too large, unsupported media type). Everything else is a
 * bug in the mock: 500, and the message does not echo internals.
 */
export function toErrorResponse(error: unknown): {
  statusCode: number;
  body: { errorCode: string; message: string };
} {
  if (error instanceof ServiceHttpError) return { statusCode: error.statusCode, body: error.toBody() };
  if (error instanceof AttestkitError) {
    return { statusCode: 400, body: { errorCode: error.code, message: error.message } };
  }
  const fastify = error as { statusCode?: unknown; code?: unknown; message?: unknown };
  if (typeof fastify?.statusCode === "number" && fastify.statusCode >= 400 && fastify.statusCode < 500) {
    return {
      statusCode: fastify.statusCode,
      body: { errorCode: fastifyErrorCode(fastify), message: safeMessage(fastify) },
    };
  }
  return {
    statusCode: 500,
    body: { errorCode: "INTERNAL_ERROR", message: "internal error in the mock service" },
  };
}

function fastifyErrorCode(error: { statusCode?: unknown; code?: unknown }): string {
  switch (error.code) {
    case "FST_ERR_CTP_INVALID_JSON_BODY":
    case "FST_ERR_CTP_EMPTY_JSON_BODY":
      return "INVALID_JSON";
    case "FST_ERR_CTP_BODY_TOO_LARGE":
      return "BODY_TOO_LARGE";
    case "FST_ERR_CTP_INVALID_MEDIA_TYPE":
    case "FST_ERR_CTP_INVALID_CONTENT_LENGTH":
      return "UNSUPPORTED_MEDIA_TYPE";
    default:
      if (error.statusCode === 413) return "BODY_TOO_LARGE";
      if (error.statusCode === 415) return "UNSUPPORTED_MEDIA_TYPE";
      if (error.statusCode === 404) return "NOT_FOUND";
      return "BAD_REQUEST";
  }
}

function safeMessage(error: { message?: unknown }): string {
  const text = typeof error.message === "string" ? error.message : "bad request";
  return text.length > 300 ? `${text.slice(0, 300)}…` : text;
}
