/**
 * CORS for browser apps (beyond the service interface; a browser app on the SDK calls the service directly): the
 * preflight and response headers from `@fastify/cors`. Allowed origins are configurable; by default any
 * local origin (http(s)://localhost or 127.0.0.1, any port), which is where a dev server runs.
 */
import cors from "@fastify/cors";
import type { FastifyInstance } from "fastify";

/** Request headers a browser app may send: the service's keys and the SDK's own version header. */
export const CORS_ALLOWED_HEADERS = [
  "content-type",
  "x-api-key",
  "authorization",
  "relay-sdk-version",
] as const;

/** Any local origin: http or https, localhost or 127.0.0.1, optional port. */
export const LOCAL_ORIGIN = /^https?:\/\/(localhost|127\.0\.0\.1)(:\d{1,5})?$/;

/** Allowed origins: exact origins, patterns, or `"*"` for any origin. */
export type CorsOrigins = "*" | readonly (string | RegExp)[];

/** The origins allowed unless configured: any local one. */
export const DEFAULT_CORS_ORIGINS: CorsOrigins = [LOCAL_ORIGIN];

/** Whether `origin` (an `Origin` header) is one of `origins`. */
export function originAllowed(origins: CorsOrigins, origin: string): boolean {
  if (origins === "*") return true;
  return origins.some((allowed) => (typeof allowed === "string" ? allowed === origin : allowed.test(origin)));
}

/** Registers the plugin; it loads with the app (before `ready`/`listen`). */
export function registerCors(app: FastifyInstance, origins: CorsOrigins = DEFAULT_CORS_ORIGINS): void {
  app.register(cors, {
    origin: origins === "*" ? "*" : [...origins],
    methods: ["GET", "POST", "OPTIONS"],
    allowedHeaders: [...CORS_ALLOWED_HEADERS],
    exposedHeaders: ["content-type"],
    maxAge: 600,
  });
}
