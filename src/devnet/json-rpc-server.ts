/**
 * JSON-RPC 2.0 over HTTP and WebSocket on one 127.0.0.1 port in front of an in-process EIP-1193
 * provider (a Hardhat EDR network), so wallets, viem, cast and scripts reach the devnet's EVM chains
 * by URL. Single and batch requests; provider errors keep their code, message and data; malformed
 * bodies and frames get the JSON-RPC error objects of the specification, never a dropped connection.
 * Over WebSocket, `eth_subscribe` notifications the provider emits (EIP-1193 `message` events) go to
 * the connection that subscribed, and a closed connection's subscriptions are removed.
 * A batch holds at most `MAX_BATCH_CALLS` calls and yields to the event loop between them, so one
 * hostile batch never holds up other clients or the chains' timers. Browsers are kept out by the
 * `BrowserPolicy` (CORS, Origin and Host checks; loopback by default).
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { createRequire } from "node:module";
import type { AddressInfo } from "node:net";
import { setImmediate as yieldToEventLoop } from "node:timers/promises";
import type { WebSocket, WebSocketServer } from "ws";
import { nodeHttp } from "../node-http.ts";
import { type BrowserPolicy, corsHeaders, DEFAULT_BROWSER_POLICY, requestAllowed } from "./browser-guard.ts";

// `attestkit devnet` opens its chains' ports with this module before anything else loads (early-json-rpc.ts),
// so it takes both the cheap way: node:http without its ES facade (node-http.ts), and ws required (as ESM
// it goes through its ESM wrapper and the CommonJS export scan, about 100 ms more) when the first
// WebSocket client comes (about 35 ms).
const requireWs = () => createRequire(import.meta.url)("ws") as typeof import("ws");

export interface Eip1193Provider {
  request(args: { method: string; params?: unknown }): Promise<unknown>;
  /** EIP-1193 events; `message` carries `{ type: "eth_subscription", data: { subscription, result } }`. */
  on?(event: "message", listener: (message: unknown) => void): unknown;
  removeListener?(event: "message", listener: (message: unknown) => void): unknown;
}

export interface JsonRpcServer {
  /** `http://127.0.0.1:<port>` */
  url: string;
  /** `ws://127.0.0.1:<port>`: the same port, upgraded. */
  wsUrl: string;
  close(): Promise<void>;
}

type JsonRpcId = string | number | null;
interface JsonRpcError {
  code: number;
  message: string;
  data?: unknown;
}
type JsonRpcResponse = { jsonrpc: "2.0"; id: JsonRpcId } & ({ result: unknown } | { error: JsonRpcError });

/** Largest HTTP body and WebSocket message; a larger frame closes its socket with code 1009. */
export const MAX_MESSAGE_BYTES = 16 * 1024 * 1024;
/** Live `eth_subscribe` subscriptions one WebSocket connection may hold. */
export const MAX_SUBSCRIPTIONS_PER_SOCKET = 64;
/** How long an idle HTTP connection stays open for the client's next request. */
const KEEP_ALIVE_MS = 60_000;
/** Calls one batch may hold (geth's default limit). */
export const MAX_BATCH_CALLS = 1000;
const PARSE_ERROR = -32700;
const INVALID_REQUEST = -32600;
const METHOD_NOT_FOUND = -32601;
const INTERNAL_ERROR = -32603;
const LIMIT_EXCEEDED = -32005;
const SUBSCRIPTION_METHODS = new Set(["eth_subscribe", "eth_unsubscribe"]);

const failure = (id: JsonRpcId, error: JsonRpcError): JsonRpcResponse => ({ jsonrpc: "2.0", id, error });

function isId(value: unknown): value is JsonRpcId {
  return value === null || typeof value === "string" || (typeof value === "number" && Number.isFinite(value));
}

/** The provider's error as a JSON-RPC error object (EIP-1193 errors carry `code` and often `data`). */
function toJsonRpcError(error: unknown): JsonRpcError {
  const e = error as { code?: unknown; message?: unknown; data?: unknown };
  const code = typeof e?.code === "number" && Number.isInteger(e.code) ? e.code : INTERNAL_ERROR;
  const message = typeof e?.message === "string" ? e.message : String(error);
  return e?.data === undefined ? { code, message } : { code, message, data: e.data };
}

/**
 * How a transport runs one valid call: over HTTP straight to the provider (subscriptions refused, as
 * they could never be delivered), over WebSocket through the connection's subscription bookkeeping.
 */
type Dispatch = (method: string, params: unknown) => Promise<unknown>;

function rpcError(code: number, message: string): Error & { code: number } {
  return Object.assign(new Error(message), { code });
}

function httpDispatch(provider: Eip1193Provider): Dispatch {
  return (method, params) => {
    if (SUBSCRIPTION_METHODS.has(method)) {
      return Promise.reject(rpcError(METHOD_NOT_FOUND, `${method} needs a WebSocket connection`));
    }
    return provider.request(params === undefined ? { method } : { method, params });
  };
}

/** One call; null for a notification (no id member), which gets no response. */
async function handleCall(dispatch: Dispatch, call: unknown): Promise<JsonRpcResponse | null> {
  if (typeof call !== "object" || call === null || Array.isArray(call)) {
    return failure(null, { code: INVALID_REQUEST, message: "a request must be a JSON object" });
  }
  const { jsonrpc, method, params, id } = call as Record<string, unknown>;
  const notification = !("id" in call);
  if (!notification && !isId(id)) {
    return failure(null, { code: INVALID_REQUEST, message: "id must be a string, a number or null" });
  }
  const replyId = notification ? null : (id as JsonRpcId);
  if (jsonrpc !== "2.0" || typeof method !== "string" || method.length === 0) {
    return failure(replyId, { code: INVALID_REQUEST, message: 'a request needs jsonrpc "2.0" and a method' });
  }
  if (params !== undefined && (typeof params !== "object" || params === null)) {
    return failure(replyId, { code: INVALID_REQUEST, message: "params must be an array or an object" });
  }
  let response: JsonRpcResponse;
  try {
    const result = await dispatch(method, params);
    response = { jsonrpc: "2.0", id: replyId, result: result ?? null };
  } catch (error) {
    response = failure(replyId, toJsonRpcError(error));
  }
  return notification ? null : response;
}

function readBody(request: IncomingMessage): Promise<string | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    request.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_MESSAGE_BYTES) {
        resolve(null);
        request.destroy();
        return;
      }
      chunks.push(chunk);
    });
    request.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    request.on("error", reject);
  });
}

const toJson = (body: unknown): string =>
  JSON.stringify(body, (_, v) => (typeof v === "bigint" ? `0x${v.toString(16)}` : v));

function send(
  response: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  const text = body === undefined ? "" : toJson(body);
  // With its length given, the head and the body go out in one write, not as chunks (a 204 has no length).
  const length: Record<string, number> = status === 204 ? {} : { "content-length": Buffer.byteLength(text) };
  response.writeHead(status, { "content-type": "application/json", ...length, ...headers });
  response.end(text);
}

/**
 * A parsed message (one call or a batch) answered: a single reply, an array of replies, or
 * undefined when nothing is to be answered (notifications only).
 */
async function answer(dispatch: Dispatch, body: unknown): Promise<unknown> {
  if (!Array.isArray(body)) return (await handleCall(dispatch, body)) ?? undefined;
  if (body.length === 0)
    return failure(null, { code: INVALID_REQUEST, message: "a batch must not be empty" });
  if (body.length > MAX_BATCH_CALLS) {
    return failure(null, {
      code: INVALID_REQUEST,
      message: `a batch of ${body.length} calls is over the limit of ${MAX_BATCH_CALLS}`,
    });
  }
  // Calls of a batch run in order (nonces and snapshots depend on it), each in its own turn of the
  // event loop so other requests and the slot timers run in between.
  const replies: JsonRpcResponse[] = [];
  for (const call of body) {
    const reply = await handleCall(dispatch, call);
    if (reply !== null) replies.push(reply);
    await yieldToEventLoop();
  }
  return replies.length === 0 ? undefined : replies;
}

/**
 * The JSON text the server answers the message `body` with over HTTP (undefined: notifications only),
 * for clients in this process that skip the socket (the mock service's SVM adapter on the devnet).
 */
export async function answerJsonRpc(provider: Eip1193Provider, body: unknown): Promise<string | undefined> {
  const reply = await answer(httpDispatch(provider), body);
  return reply === undefined ? undefined : toJson(reply);
}

function parse(text: string): { ok: true; body: unknown } | { ok: false } {
  try {
    return { ok: true, body: JSON.parse(text) };
  } catch {
    return { ok: false };
  }
}

async function handle(
  provider: Eip1193Provider,
  policy: BrowserPolicy,
  request: IncomingMessage,
  response: ServerResponse,
) {
  if (!requestAllowed(policy, request)) {
    send(
      response,
      403,
      failure(null, {
        code: INVALID_REQUEST,
        message: "origin or host not allowed (see --cors-origin, --allow-host)",
      }),
    );
    return;
  }
  const cors = corsHeaders(policy, request);
  if (request.method === "OPTIONS") {
    response.writeHead(204, {
      ...cors,
      "access-control-allow-methods": "POST, OPTIONS",
      "access-control-allow-headers": "content-type",
    });
    response.end();
    return;
  }
  if (request.method !== "POST") {
    send(
      response,
      405,
      failure(null, { code: INVALID_REQUEST, message: "JSON-RPC requests are POSTed" }),
      cors,
    );
    return;
  }
  const text = await readBody(request);
  if (text === null) {
    send(
      response,
      413,
      failure(null, { code: INVALID_REQUEST, message: `body over ${MAX_MESSAGE_BYTES} bytes` }),
      cors,
    );
    return;
  }
  const parsed = parse(text);
  if (!parsed.ok) {
    send(response, 200, failure(null, { code: PARSE_ERROR, message: "body is not valid JSON" }), cors);
    return;
  }
  const reply = await answer(httpDispatch(provider), parsed.body);
  send(response, reply === undefined ? 204 : 200, reply, cors);
}

interface SubscriptionMessage {
  type: "eth_subscription";
  data: { subscription: string; result: unknown };
}

function isSubscriptionMessage(message: unknown): message is SubscriptionMessage {
  const m = message as Partial<SubscriptionMessage> | null;
  return m?.type === "eth_subscription" && typeof m.data?.subscription === "string";
}

/** One WebSocket connection: its calls, its subscriptions and their notifications. */
function serveSocket(provider: Eip1193Provider, socket: WebSocket): void {
  const owned = new Set<string>();
  /** Subscribes sent to the provider and not answered yet: they count against the cap too. */
  let pending = 0;
  const sendFrame = (body: unknown) => {
    if (socket.readyState === socket.OPEN) socket.send(toJson(body));
  };
  const onMessage = (message: unknown) => {
    if (!isSubscriptionMessage(message) || !owned.has(message.data.subscription)) return;
    sendFrame({ jsonrpc: "2.0", method: "eth_subscription", params: message.data });
  };
  provider.on?.("message", onMessage);

  const dispatch: Dispatch = async (method, params) => {
    if (method === "eth_subscribe") {
      if (provider.on === undefined) throw rpcError(METHOD_NOT_FOUND, "this node has no subscriptions");
      if (owned.size + pending >= MAX_SUBSCRIPTIONS_PER_SOCKET) {
        throw rpcError(
          LIMIT_EXCEEDED,
          `at most ${MAX_SUBSCRIPTIONS_PER_SOCKET} subscriptions per connection`,
        );
      }
      pending++;
      let id: unknown;
      try {
        id = await provider.request({ method, params });
      } finally {
        pending--;
      }
      if (typeof id === "string") {
        if (socket.readyState === socket.OPEN) owned.add(id);
        else provider.request({ method: "eth_unsubscribe", params: [id] }).catch(() => {});
      }
      return id;
    }
    if (method === "eth_unsubscribe") {
      // A connection cancels only its own subscriptions.
      const id = Array.isArray(params) ? params[0] : undefined;
      if (typeof id !== "string" || !owned.has(id)) return false;
      owned.delete(id);
      return provider.request({ method, params: [id] });
    }
    return provider.request(params === undefined ? { method } : { method, params });
  };

  socket.on("message", (data, isBinary) => {
    const text = isBinary ? null : data.toString();
    const parsed = text === null ? { ok: false as const } : parse(text);
    if (!parsed.ok) {
      sendFrame(failure(null, { code: PARSE_ERROR, message: "a frame must be a JSON text message" }));
      return;
    }
    answer(dispatch, parsed.body).then(
      (reply) => {
        if (reply !== undefined) sendFrame(reply);
      },
      (error: unknown) => sendFrame(failure(null, toJsonRpcError(error))),
    );
  });
  socket.on("error", () => socket.terminate());
  socket.on("close", () => {
    provider.removeListener?.("message", onMessage);
    for (const id of owned) provider.request({ method: "eth_unsubscribe", params: [id] }).catch(() => {});
    owned.clear();
  });
}

/** Serves `provider` on 127.0.0.1:`port` (0 = any free port) to the clients `policy` lets in. */
export async function serveJsonRpc(
  provider: Eip1193Provider,
  port = 0,
  policy: BrowserPolicy = DEFAULT_BROWSER_POLICY,
): Promise<JsonRpcServer> {
  const server = nodeHttp.createServer((request, response) => {
    handle(provider, policy, request, response).catch((error: unknown) => {
      if (!response.headersSent) send(response, 500, failure(null, toJsonRpcError(error)));
      else response.destroy();
    });
  });
  // fetch (undici, viem's HTTP transport) reuses a connection only while more than 2 s of the server's
  // advertised keep-alive is left: a shorter one costs every request a new TCP connection.
  server.keepAliveTimeout = KEEP_ALIVE_MS;
  let sockets: WebSocketServer | undefined;
  const socketServer = (): WebSocketServer => {
    if (sockets !== undefined) return sockets;
    sockets = new (requireWs().WebSocketServer)({
      noServer: true,
      maxPayload: MAX_MESSAGE_BYTES,
      verifyClient: ({ req }: { req: IncomingMessage }) => requestAllowed(policy, req),
    });
    sockets.on("connection", (socket) => serveSocket(provider, socket));
    return sockets;
  };
  server.on("upgrade", (request, socket, head) => {
    const upgrading = socketServer();
    upgrading.handleUpgrade(request, socket, head, (client) => upgrading.emit("connection", client, request));
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => resolve());
  });
  const { port: bound } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${bound}`,
    wsUrl: `ws://127.0.0.1:${bound}`,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets?.clients ?? []) socket.terminate();
        sockets?.close();
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
