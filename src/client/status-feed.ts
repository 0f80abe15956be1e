/**
 * A client of the service's status WebSocket: subscribe to request ids and receive each status
 * change as it happens, instead of polling `GET /intents/status/v3`. Browser-safe: it uses the
 * platform's `WebSocket` (browsers, Node 22+) unless one is passed.
 */
import { AttestkitError } from "../errors.ts";
import {
  FINAL_STATUSES,
  STATUS_FEED_EVENT,
  StatusFeedAckSchema,
  StatusFeedErrorSchema,
  type StatusFeedEvent,
  StatusFeedEventSchema,
  StatusFeedReadySchema,
} from "../schemas/index.ts";

/** The feed refused a message, closed, or sent something that is not one of its messages. */
export class StatusFeedError extends AttestkitError {}

/** The part of the WHATWG `WebSocket` the client uses (the `ws` package's class fits too). */
export interface StatusFeedSocket {
  readonly readyState: number;
  /** Sends one text message. */
  send(data: string): void;
  /** Closes the connection. */
  close(code?: number, reason?: string): void;
  /** Listens to the connection's events. */
  // biome-ignore lint/suspicious/noExplicitAny: each platform types its events its own way; the client reads `data`, `code` and `reason`
  addEventListener(type: "open" | "close" | "error" | "message", listener: (event: any) => void): void;
}

/** Where and how `connectStatusFeed` connects. */
export interface StatusFeedOptions {
  /** The feed's URL: `ws://` or `wss://`; an `http(s)://` service base URL is turned into it. */
  url: string;
  /** Sent as the `apiKey` query parameter (optional: the feed is open to all). */
  apiKey?: string;
  /** A `WebSocket` constructor, where the platform has none (Node 20: the `ws` package). */
  WebSocket?: new (
    url: string,
  ) => StatusFeedSocket;
  /** How long to wait for `connection`/`ready` (default 10 s). */
  connectTimeoutMs?: number;
}

/** A connection to the status WebSocket. */
export interface StatusFeed {
  /** The id the server gave the connection. */
  readonly connectionId: string;
  /**
   * Subscribes to `requestId`; `onEvent` gets every status change from now on. Resolves once the
   * server acknowledged, with the function that unsubscribes.
   */
  subscribe(requestId: string, onEvent: (event: StatusFeedEvent) => void): Promise<() => Promise<void>>;
  /**
   * Resolves with the first event of `requestId` whose status is one of `statuses` (default
   * `FINAL_STATUSES`: `success`, `failure`, `refund`, `fallback`; `delayed` and the other
   * intermediate statuses pass by).
   */
  waitForStatus(
    requestId: string,
    statuses?: readonly string[],
    options?: { timeoutMs?: number },
  ): Promise<StatusFeedEvent>;
  /** Closes the connection; pending calls reject with `StatusFeedError`. */
  close(): void;
}

const OPEN = 1;

/**
 * Connects to the status WebSocket and resolves once the server said `ready`.
 * @example
 * ```ts
 * const feed = await connectStatusFeed({ url: "http://127.0.0.1:8787" });
 * const final = await feed.waitForStatus(requestId, ["success", "failure", "refund"]);
 * feed.close();
 * ```
 */
export async function connectStatusFeed(options: StatusFeedOptions): Promise<StatusFeed> {
  const Socket =
    options.WebSocket ?? (globalThis as { WebSocket?: StatusFeedOptions["WebSocket"] }).WebSocket;
  if (Socket === undefined)
    throw new StatusFeedError(
      "STATUS_FEED_NO_WEBSOCKET",
      "this platform has no WebSocket: pass options.WebSocket",
    );
  const socket = new Socket(feedUrl(options.url, options.apiKey));
  const listeners = new Map<string, Set<(event: StatusFeedEvent) => void>>();
  const pending: Array<{ resolve: () => void; reject: (error: Error) => void }> = [];
  let failure: StatusFeedError | null = null;
  let ready: (id: string) => void = () => {};
  let fail: (error: Error) => void = () => {};
  const connected = new Promise<string>((resolve, reject) => {
    ready = resolve;
    fail = reject;
  });

  const stop = (error: StatusFeedError) => {
    failure ??= error;
    fail(failure);
    for (const call of pending.splice(0)) call.reject(failure);
  };
  socket.addEventListener("message", (event: { data: unknown }) => {
    let message: unknown;
    try {
      message = JSON.parse(String(event.data));
    } catch {
      return stop(new StatusFeedError("STATUS_FEED_BAD_MESSAGE", "the feed sent a message that is not JSON"));
    }
    const update = StatusFeedEventSchema.safeParse(message);
    if (update.success) {
      for (const listener of listeners.get(update.data.data.requestId.toLowerCase()) ?? [])
        listener(update.data);
      return;
    }
    const hello = StatusFeedReadySchema.safeParse(message);
    if (hello.success) return ready(hello.data.data.id);
    if (StatusFeedAckSchema.safeParse(message).success) return pending.shift()?.resolve();
    const refusal = StatusFeedErrorSchema.safeParse(message);
    if (refusal.success)
      return pending
        .shift()
        ?.reject(new StatusFeedError(refusal.data.data.errorCode, refusal.data.data.message));
    stop(new StatusFeedError("STATUS_FEED_BAD_MESSAGE", "the feed sent a message of no known shape"));
  });
  socket.addEventListener("close", (event: { code?: number; reason?: string }) =>
    stop(
      new StatusFeedError(
        "STATUS_FEED_CLOSED",
        `the feed closed (${event.code ?? "?"} ${event.reason ?? ""})`.trim(),
      ),
    ),
  );
  socket.addEventListener("error", () =>
    stop(
      new StatusFeedError(
        "STATUS_FEED_CONNECTION_FAILED",
        `could not talk to the status feed at ${options.url}`,
      ),
    ),
  );

  const timeoutMs = options.connectTimeoutMs ?? 10_000;
  const timer = setTimeout(
    () => stop(new StatusFeedError("STATUS_FEED_TIMEOUT", `the feed was not ready within ${timeoutMs} ms`)),
    timeoutMs,
  );
  let connectionId: string;
  try {
    connectionId = await connected;
  } catch (error) {
    socket.close();
    throw error;
  } finally {
    clearTimeout(timer);
  }

  const call = (type: "subscribe" | "unsubscribe", requestId: string) =>
    new Promise<void>((resolve, reject) => {
      if (failure !== null || socket.readyState !== OPEN) return reject(failure ?? closedError());
      pending.push({ resolve, reject });
      socket.send(JSON.stringify({ type, event: STATUS_FEED_EVENT, filters: { id: requestId } }));
    });

  const feed: StatusFeed = {
    connectionId,
    async subscribe(requestId, onEvent) {
      const key = requestId.toLowerCase();
      const set = listeners.get(key) ?? new Set();
      listeners.set(key, set);
      set.add(onEvent);
      try {
        await call("subscribe", requestId);
      } catch (error) {
        set.delete(onEvent);
        throw error;
      }
      return async () => {
        set.delete(onEvent);
        if (set.size === 0) {
          listeners.delete(key);
          await call("unsubscribe", requestId);
        }
      };
    },
    async waitForStatus(requestId, statuses = FINAL_STATUSES, waitOptions = {}) {
      const wanted = new Set(statuses);
      let unsubscribe: (() => Promise<void>) | null = null;
      let timer: ReturnType<typeof setTimeout> | undefined;
      try {
        return await new Promise<StatusFeedEvent>((resolve, reject) => {
          const limit = waitOptions.timeoutMs ?? 60_000;
          timer = setTimeout(
            () =>
              reject(
                new StatusFeedError(
                  "STATUS_FEED_TIMEOUT",
                  `request ${requestId} reached none of ${statuses.join(", ")} within ${limit} ms`,
                ),
              ),
            limit,
          );
          feed
            .subscribe(requestId, (event) => {
              if (wanted.has(event.data.status)) resolve(event);
            })
            .then((off) => {
              unsubscribe = off;
            }, reject);
        });
      } finally {
        clearTimeout(timer);
        if (unsubscribe !== null && failure === null) await (unsubscribe as () => Promise<void>)();
      }
    },
    close() {
      stop(closedError());
      socket.close(1000, "client closed");
    },
  };
  return feed;
}

function closedError(): StatusFeedError {
  return new StatusFeedError("STATUS_FEED_CLOSED", "the status feed connection is closed");
}

/** `ws(s)://host/?apiKey=…` from a feed or service base URL. */
function feedUrl(url: string, apiKey: string | undefined): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new StatusFeedError("STATUS_FEED_BAD_URL", `not a URL: ${JSON.stringify(url)}`);
  }
  const protocol = { "http:": "ws:", "https:": "wss:", "ws:": "ws:", "wss:": "wss:" }[parsed.protocol];
  if (protocol === undefined)
    throw new StatusFeedError(
      "STATUS_FEED_BAD_URL",
      `the feed URL must be ws(s):// or http(s)://, got ${parsed.protocol}`,
    );
  parsed.protocol = protocol;
  parsed.pathname = "/";
  if (apiKey !== undefined) parsed.searchParams.set("apiKey", apiKey);
  return parsed.toString();
}
