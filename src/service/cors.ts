/**
 * CORS for browser apps (beyond the service interface; a browser app on the SDK calls the service directly): the
 * preflight and response headers from `@fastify/cors`. Allowed origins are configurable; by default any
 * local origin (http(s)://localhost or 127.0.0.1, any port), which is where a dev server runs.
 */
import cors from "@fastify/cors";
import type { FastifyInstance } from "fastify";
import { type CorsOrigins, DEFAULT_CORS_ORIGINS } from "./cors-origins.ts";

/** Request headers a browser app may send: the service's keys and the SDK's own version header. */
export const CORS_ALLOWED_HEADERS = [
  "content-type",
  "x-api-key",
  "authorization",
  "relay-sdk-version",
] as const;

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
