/**
 * What keeps a web page on another origin from changing the service's state. CORS only withholds
 * answers: a page can still send "simple" requests (form posts, `fetch` with `mode: "no-cors"`,
 * body-less POSTs) that reach a route without a preflight. So, before any route runs:
 * - a request whose `Origin` is present and not an allowed origin is refused, 403 `ORIGIN_NOT_ALLOWED`;
 * - a state-changing request (any method but GET, HEAD, OPTIONS) to the mock-only `/_mock` and the
 *   devnet's `/_devnet` routes must say `content-type: application/json`, which no simple request can
 *   (415 `JSON_CONTENT_TYPE_REQUIRED`); a page on an allowed origin that sends it passes a preflight first.
 * The service interface's own routes take JSON bodies their schemas check, so a simple request to them
 * is refused by its route.
 */
import type { FastifyInstance, FastifyRequest } from "fastify";
import { type CorsOrigins, originAllowed } from "./cors-origins.ts";

/** Path prefixes of the routes that take no key or change the mock's own state. */
export const GUARDED_PREFIXES = ["/_mock/", "/_devnet/"] as const;

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

const pathOf = (url: string) => url.split("?")[0] ?? "";

/** Whether a request changes state on a guarded route. */
export function changesGuardedState(method: string, url: string): boolean {
  const path = pathOf(url);
  return !SAFE_METHODS.has(method) && GUARDED_PREFIXES.some((prefix) => path.startsWith(prefix));
}

/** Whether a `content-type` header names JSON (parameters such as `charset` aside). */
export function isJsonContentType(value: string | undefined): boolean {
  return (value?.split(";")[0] ?? "").trim().toLowerCase() === "application/json";
}

/** Refuses foreign origins and non-JSON state changes before any route (see the module comment). */
export function registerBrowserGuard(app: FastifyInstance, origins: CorsOrigins): void {
  app.addHook("onRequest", async (request: FastifyRequest, reply) => {
    const origin = request.headers.origin;
    if (origin !== undefined && !originAllowed(origins, origin)) {
      return reply.code(403).send({
        errorCode: "ORIGIN_NOT_ALLOWED",
        message: `Origin ${JSON.stringify(origin.slice(0, 200))} is not allowed (option corsOrigins, CLI --cors-origin)`,
      });
    }
    if (
      changesGuardedState(request.method, request.url) &&
      !isJsonContentType(request.headers["content-type"])
    ) {
      return reply.code(415).send({
        errorCode: "JSON_CONTENT_TYPE_REQUIRED",
        message: `${request.method} ${pathOf(request.url).slice(0, 200)} changes state: send content-type: application/json (a body-less call may send no body)`,
      });
    }
  });
}

/**
 * `content-type: application/json` with no body reads as no body (instead of Fastify's 400), so a
 * body-less call such as `POST /_devnet/time/pause` can carry the content type the guard asks for.
 */
export function acceptEmptyJsonBodies(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser("error", "error");
  app.removeContentTypeParser("application/json");
  app.addContentTypeParser("application/json", { parseAs: "string" }, (request, body, done) => {
    if (body === "") done(null, undefined);
    else parseJson(request, body as string, done);
  });
}
