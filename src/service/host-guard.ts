/**
 * The Host check against DNS rebinding: a page on `evil.example` whose name is re-pointed at
 * 127.0.0.1 reaches a loopback server, but its requests still carry `Host: evil.example`. A server
 * that answers only loopback names (by default) cannot be driven that way. Shared by the service and
 * the devnet's chains.
 */
import type { FastifyInstance } from "fastify";

/** Host names a local client sends. */
export const LOOPBACK_HOSTS = ["localhost", "127.0.0.1", "[::1]"] as const;

/** Allowed Host names (without port), or `"*"` for any. */
export type AllowedHosts = "*" | readonly string[];

/** The Host header's name without its port, lower-cased. */
function hostName(host: string): string {
  if (host.startsWith("[")) return host.slice(0, host.indexOf("]") + 1);
  const colon = host.lastIndexOf(":");
  return (colon < 0 ? host : host.slice(0, colon)).toLowerCase();
}

/** Whether a request's Host header names an allowed host. */
export function hostAllowed(hosts: AllowedHosts, host: string | undefined): boolean {
  return hosts === "*" || (host !== undefined && hosts.includes(hostName(host)));
}

/** Refuses, before any route runs, a request whose Host is not allowed: 403 `HOST_NOT_ALLOWED`. */
export function registerHostGuard(app: FastifyInstance, hosts: AllowedHosts = LOOPBACK_HOSTS): void {
  app.addHook("onRequest", async (request, reply) => {
    if (hostAllowed(hosts, request.headers.host)) return;
    return reply.code(403).send({
      errorCode: "HOST_NOT_ALLOWED",
      message: `Host ${JSON.stringify(request.headers.host ?? "")} is not allowed: the service answers ${hosts === "*" ? "any host" : hosts.join(", ")} (option allowedHosts, CLI --allow-host)`,
    });
  });
}
