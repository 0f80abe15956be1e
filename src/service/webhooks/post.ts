/**
 * One bounded webhook POST. Whatever the endpoint does, it costs at most `timeoutMs` and
 * `maxResponseBytes`: one deadline covers connecting, sending, the status line and the body; the
 * response body is read up to the cap and the connection then dropped; redirects are answers
 * (non-2xx), never followed; no connection is kept alive.
 */
import type { IncomingMessage } from "node:http";
import { isIP } from "node:net";
import { nodeHttp, nodeHttps } from "../../node-http.ts";
import { checkedLookup, DeliveryAddressError, refusedAddress } from "./delivery-address.ts";

export interface PostLimits {
  /** Deadline of the whole exchange, in ms. */
  timeoutMs: number;
  /** Most response body bytes read before the connection is dropped. */
  maxResponseBytes: number;
  /** Deliver to private-network addresses too (`delivery-address.ts`; loopback is always allowed). */
  allowPrivateNetworks: boolean;
}

export interface PostResult {
  /** The HTTP status, or null when none arrived in time. */
  statusCode: number | null;
  /** Why the attempt failed without a status (refused, reset, timeout ...), else null. */
  error: string | null;
  /** Whether the deadline ran out before the exchange ended. */
  timedOut: boolean;
  durationMs: number;
}

/** POSTs `body` to `url` with `headers` and resolves (never rejects) with what came of it. */
export function postBounded(
  url: URL,
  body: string,
  headers: Record<string, string>,
  limits: PostLimits,
  signal?: AbortSignal,
): Promise<PostResult> {
  const started = performance.now();
  return new Promise((resolve) => {
    let settled = false;
    let statusCode: number | null = null;
    const finish = (error: string | null, timedOut = false) => {
      if (settled) return;
      settled = true;
      clearTimeout(deadline);
      request.destroy();
      resolve({ statusCode, error, timedOut, durationMs: Math.round(performance.now() - started) });
    };
    const send = url.protocol === "https:" ? nodeHttps.request : nodeHttp.request;
    // A literal IP is connected to without a lookup: check it here; names are checked once resolved.
    const literal = isIP(url.hostname.replace(/^\[|\]$/g, "")) === 0 ? null : url.hostname;
    const refused = literal === null ? null : refusedAddress(literal, limits.allowPrivateNetworks);
    if (refused !== null) {
      resolve({
        statusCode: null,
        error: `DELIVERY_ADDRESS_REFUSED: ${refused}`,
        timedOut: false,
        durationMs: 0,
      });
      return;
    }
    const request = send(url, {
      method: "POST",
      agent: false,
      lookup: checkedLookup(limits.allowPrivateNetworks),
      headers: {
        ...headers,
        "content-type": "application/json",
        "content-length": String(Buffer.byteLength(body)),
        connection: "close",
      },
    });
    const deadline = setTimeout(
      () => finish(statusCode === null ? `no answer within ${limits.timeoutMs} ms` : null, true),
      limits.timeoutMs,
    );
    signal?.addEventListener("abort", () => finish("aborted"), { once: true });
    request.on("error", (error: NodeJS.ErrnoException) =>
      finish(
        error instanceof DeliveryAddressError
          ? `${error.code}: ${error.message.slice(0, 200)}`
          : (error.code ?? error.message.slice(0, 200)),
      ),
    );
    request.on("response", (response: IncomingMessage) => {
      statusCode = response.statusCode ?? null;
      let read = 0;
      response.on("data", (chunk: Buffer) => {
        read += chunk.length;
        if (read >= limits.maxResponseBytes) finish(null);
      });
      response.on("end", () => finish(null));
      response.on("error", () => finish(null));
    });
    request.end(body);
  });
}
