/**
 * The browser origins a server answers (the service's CORS, the devnet chains' RPC guard): matching
 * only, free of the HTTP framework, so a server that starts before the service loads can use it.
 */

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
