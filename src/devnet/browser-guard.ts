/**
 * What keeps a web page from driving the devnet's servers (funded, unlocked keys) from a browser:
 * CORS only for the allowed origins (by default any local origin, as the service's CORS), a refused
 * foreign-origin WebSocket, and a Host check against DNS rebinding (by default loopback names only:
 * a page on `evil.example` re-pointed at 127.0.0.1 still sends `Host: evil.example`). Both open up
 * with `"*"` (the CLI's `--cors-origin '*'` / `--allow-host '*'`).
 */
import type { IncomingMessage } from "node:http";
import { type CorsOrigins, LOCAL_ORIGIN, originAllowed as originIn } from "../service/cors-origins.ts";
import { type AllowedHosts, hostAllowed, LOOPBACK_HOSTS } from "../service/host-guard.ts";

export interface BrowserPolicy {
  /** Origins allowed by CORS and on WebSocket upgrades; `"*"` for any. */
  origins: CorsOrigins;
  /** Host header names (without port) allowed; `"*"` for any. */
  hosts: AllowedHosts;
}

export const DEFAULT_BROWSER_POLICY: BrowserPolicy = { origins: [LOCAL_ORIGIN], hosts: LOOPBACK_HOSTS };

export function originAllowed(policy: BrowserPolicy, origin: string): boolean {
  return originIn(policy.origins, origin);
}

/** Whether a request may be served: its Host is allowed and, when it has an Origin, that is too. */
export function requestAllowed(policy: BrowserPolicy, request: IncomingMessage): boolean {
  if (!hostAllowed(policy.hosts, request.headers.host)) return false;
  const origin = request.headers.origin;
  return origin === undefined || originAllowed(policy, origin);
}

/** CORS response headers for a request's Origin (none for an origin that is not allowed). */
export function corsHeaders(policy: BrowserPolicy, request: IncomingMessage): Record<string, string> {
  const origin = request.headers.origin;
  if (origin === undefined || !originAllowed(policy, origin)) return {};
  return { "access-control-allow-origin": policy.origins === "*" ? "*" : origin, vary: "origin" };
}
