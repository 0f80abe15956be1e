/**
 * What keeps a web page from driving the devnet's servers (funded, unlocked keys) from a browser:
 * CORS only for the allowed origins (by default any local origin, as the service's CORS), a refused
 * foreign-origin WebSocket, and a Host check against DNS rebinding (by default loopback names only:
 * a page on `evil.example` re-pointed at 127.0.0.1 still sends `Host: evil.example`). Both open up
 * with `"*"` (the CLI's `--cors-origin '*'` / `--allow-host '*'`).
 */
import type { IncomingMessage } from "node:http";
import { type CorsOrigins, LOCAL_ORIGIN } from "../service/cors.ts";

export interface BrowserPolicy {
  /** Origins allowed by CORS and on WebSocket upgrades; `"*"` for any. */
  origins: CorsOrigins;
  /** Host header names (without port) allowed; `"*"` for any. */
  hosts: "*" | readonly string[];
}

/** Loopback names a local client sends as Host. */
export const LOOPBACK_HOSTS = ["localhost", "127.0.0.1", "[::1]"] as const;
export const DEFAULT_BROWSER_POLICY: BrowserPolicy = { origins: [LOCAL_ORIGIN], hosts: LOOPBACK_HOSTS };

export function originAllowed(policy: BrowserPolicy, origin: string): boolean {
  if (policy.origins === "*") return true;
  return policy.origins.some((allowed) =>
    typeof allowed === "string" ? allowed === origin : allowed.test(origin),
  );
}

/** The Host header's name without its port. */
function hostName(host: string): string {
  if (host.startsWith("[")) return host.slice(0, host.indexOf("]") + 1);
  const colon = host.lastIndexOf(":");
  return (colon < 0 ? host : host.slice(0, colon)).toLowerCase();
}

/** Whether a request may be served: its Host is allowed and, when it has an Origin, that is too. */
export function requestAllowed(policy: BrowserPolicy, request: IncomingMessage): boolean {
  const host = request.headers.host;
  if (policy.hosts !== "*" && (host === undefined || !policy.hosts.includes(hostName(host)))) return false;
  const origin = request.headers.origin;
  return origin === undefined || originAllowed(policy, origin);
}

/** CORS response headers for a request's Origin (none for an origin that is not allowed). */
export function corsHeaders(policy: BrowserPolicy, request: IncomingMessage): Record<string, string> {
  const origin = request.headers.origin;
  if (origin === undefined || !originAllowed(policy, origin)) return {};
  return { "access-control-allow-origin": policy.origins === "*" ? "*" : origin, vary: "origin" };
}
