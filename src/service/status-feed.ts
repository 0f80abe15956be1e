/**
 * The status WebSocket on the service's port (the service's AsyncAPI document: connect with an
 * optional `apiKey` query parameter, get `connection`/`ready`, subscribe to a request id, receive
 * `request.status.updated` for every status change). Events are pushed only once the change is
 * committed, in the order the changes were made; each connection's subscriptions and unsent bytes
 * are bounded so a slow or greedy client cannot hold the service's memory.
 */
import { randomBytes } from "node:crypto";
import type { IncomingMessage, Server } from "node:http";
import type { Duplex } from "node:stream";
import { type WebSocket, WebSocketServer } from "ws";
import { nodeHttp } from "../node-http.ts";
import { STATUS_FEED_EVENT, StatusFeedClientMessageSchema, type StatusFeedEvent } from "../schemas/index.ts";
import type { ApiKeyRegistry } from "./auth.ts";
import { type CorsOrigins, DEFAULT_CORS_ORIGINS, originAllowed } from "./cors-origins.ts";
import { type AllowedHosts, hostAllowed, LOOPBACK_HOSTS } from "./host-guard.ts";
import { statusOf } from "./lifecycle.ts";
import type { StoredRequest } from "./records.ts";
import { onStatusChange } from "./status-changes.ts";
import type { Store } from "./store.ts";

/** Bounds of the feed: a client past them is refused or disconnected, the service never grows. */
export const STATUS_FEED_LIMITS = {
  connections: 1_000,
  subscriptionsPerConnection: 100,
  /** Largest client message, bytes (a subscribe message is about 150). */
  messageBytes: 4_096,
  /** Unsent bytes a connection may queue before it is closed as too slow (1013, try again later). */
  bufferedBytes: 1_048_576,
} as const;

type Refusal = { errorCode: string; message: string };
const refused = (errorCode: string, message: string) => ({ refused: { errorCode, message } });

/** An event before it is sent (`publishedAt` is stamped when it leaves). */
type UnsentEvent = { event: typeof STATUS_FEED_EVENT; data: StatusFeedEvent["data"] };

export class StatusFeed {
  readonly #wss = new WebSocketServer({ noServer: true, maxPayload: STATUS_FEED_LIMITS.messageBytes });
  readonly #byRequest = new Map<string, Set<WebSocket>>();
  readonly #subscriptions = new WeakMap<WebSocket, Set<string>>();
  readonly #keys: ApiKeyRegistry;
  readonly #hosts: AllowedHosts;
  readonly #origins: CorsOrigins;
  readonly #now: () => number;
  readonly #detach: () => void;

  constructor(params: {
    store: Store;
    keys: ApiKeyRegistry;
    now: () => number;
    allowedHosts?: AllowedHosts;
    origins?: CorsOrigins;
  }) {
    this.#keys = params.keys;
    this.#origins = params.origins ?? DEFAULT_CORS_ORIGINS;
    this.#now = params.now;
    this.#hosts = params.allowedHosts ?? LOOPBACK_HOSTS;
    const { store } = params;
    this.#detach = onStatusChange(store, (request) => {
      if (!this.#byRequest.has(request.record.id.toLowerCase())) return;
      const event = feedEvent(request);
      store.afterCommit(() => this.#publish(event));
    });
  }

  /** Takes the WebSocket upgrades of `server` (the service's HTTP server). */
  attach(server: Server): void {
    server.on("upgrade", (request, socket, head) => this.#upgrade(request, socket, head));
  }

  /** Closes every connection (1001, going away) and stops listening to status changes. */
  close(): void {
    this.#detach();
    for (const client of this.#wss.clients) client.close(1001, "service closing");
    this.#wss.close();
  }

  #upgrade(request: IncomingMessage, socket: Duplex, head: Buffer): void {
    const refusal = this.#refusal(request);
    if (refusal === null) {
      this.#wss.handleUpgrade(request, socket, head, (client) => this.#connected(client));
      return;
    }
    const [status, errorCode, message] = refusal;
    const body = JSON.stringify({ errorCode, message });
    socket.end(
      `HTTP/1.1 ${status} ${nodeHttp.STATUS_CODES[status]}\r\n` +
        `content-type: application/json; charset=utf-8\r\ncontent-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${body}`,
    );
  }

  /** Why an upgrade is refused (HTTP status, error code, message), or null to accept it. */
  #refusal(request: IncomingMessage): [number, string, string] | null {
    const url = new URL(request.url ?? "/", "http://service");
    if (!hostAllowed(this.#hosts, request.headers.host))
      return [403, "HOST_NOT_ALLOWED", "the Host header names a host the service does not answer"];
    const origin = request.headers.origin;
    if (origin !== undefined && !originAllowed(this.#origins, origin))
      return [403, "ORIGIN_NOT_ALLOWED", "a page on this origin may not open the status WebSocket"];
    if (url.pathname !== "/")
      return [404, "NOT_FOUND", "the status WebSocket is at the service's root path, /"];
    const apiKey = url.searchParams.get("apiKey");
    if (apiKey !== null && this.#keys.verify(apiKey) === null)
      return [401, "INVALID_API_KEY", "the apiKey query parameter is not a valid API key"];
    if (this.#wss.clients.size >= STATUS_FEED_LIMITS.connections)
      return [503, "TOO_MANY_CONNECTIONS", "the status WebSocket has too many connections; retry later"];
    return null;
  }

  #connected(client: WebSocket): void {
    this.#subscriptions.set(client, new Set());
    client.on("message", (raw, isBinary) => this.#received(client, raw.toString(), isBinary));
    client.on("close", () => {
      for (const id of this.#subscriptions.get(client) ?? []) this.#unsubscribe(client, id);
    });
    client.on("error", () => client.terminate());
    this.#send(client, { type: "connection", status: "ready", data: { id: randomBytes(8).toString("hex") } });
  }

  #received(client: WebSocket, text: string, isBinary: boolean): void {
    const answer = this.#answer(client, text, isBinary);
    this.#send(
      client,
      "refused" in answer ? { type: "error", status: "error", data: answer.refused } : answer.ack,
    );
  }

  /** Applies a client message; returns its acknowledgement, or why it was refused. */
  #answer(client: WebSocket, text: string, isBinary: boolean): { ack: object } | { refused: Refusal } {
    if (isBinary) return refused("INVALID_MESSAGE", "send JSON text messages");
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      return refused("INVALID_MESSAGE", "the message is not JSON");
    }
    const parsed = StatusFeedClientMessageSchema.safeParse(json);
    if (!parsed.success) {
      return refused(
        "INVALID_MESSAGE",
        `expected {"type":"subscribe"|"unsubscribe","event":"${STATUS_FEED_EVENT}","filters":{"id":"0x…64 hex"}}`,
      );
    }
    const { type, filters } = parsed.data;
    const id = filters.id.toLowerCase();
    const mine = this.#subscriptions.get(client)!;
    if (type === "unsubscribe") {
      this.#unsubscribe(client, id);
      return { ack: { type, status: "success", data: { event: STATUS_FEED_EVENT } } };
    }
    if (!mine.has(id) && mine.size >= STATUS_FEED_LIMITS.subscriptionsPerConnection) {
      return refused(
        "TOO_MANY_SUBSCRIPTIONS",
        `a connection holds at most ${STATUS_FEED_LIMITS.subscriptionsPerConnection} subscriptions: unsubscribe from finished requests`,
      );
    }
    mine.add(id);
    const clients = this.#byRequest.get(id) ?? new Set();
    this.#byRequest.set(id, clients);
    clients.add(client);
    return { ack: { type, status: "success", data: { event: STATUS_FEED_EVENT, filters } } };
  }

  #unsubscribe(client: WebSocket, id: string): void {
    this.#subscriptions.get(client)?.delete(id);
    const clients = this.#byRequest.get(id);
    clients?.delete(client);
    if (clients?.size === 0) this.#byRequest.delete(id);
  }

  #publish(event: UnsentEvent): void {
    const clients = this.#byRequest.get(event.data.requestId.toLowerCase());
    if (clients === undefined) return;
    const message = { ...event, publishedAt: this.#now() };
    for (const client of clients) this.#send(client, message);
  }

  #send(client: WebSocket, message: object): void {
    if (client.readyState !== client.OPEN) return;
    if (client.bufferedAmount > STATUS_FEED_LIMITS.bufferedBytes) {
      client.close(1013, "too slow: unsent messages over the limit");
      return;
    }
    client.send(JSON.stringify(message));
  }
}

/** The event of `request`'s status as written (times in Unix milliseconds, as the service's feed sends them). */
function feedEvent(request: StoredRequest): UnsentEvent {
  const { status, inTxHashes, txHashes, updatedAt, originChainId, destinationChainId } = statusOf(
    request.record,
  );
  return {
    event: STATUS_FEED_EVENT,
    data: {
      status,
      inTxHashes,
      txHashes,
      updatedAt: Math.round(updatedAt * 1000),
      originChainId: originChainId as number,
      destinationChainId: destinationChainId as number,
      requestId: request.record.id,
    },
  };
}
