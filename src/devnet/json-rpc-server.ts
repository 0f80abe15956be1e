/**
 * JSON-RPC 2.0 over HTTP on 127.0.0.1 in front of an in-process EIP-1193 provider (a Hardhat EDR
 * network), so wallets, viem, cast and scripts reach the devnet's EVM chains by URL. Single and batch
 * requests; provider errors keep their code, message and data; malformed bodies get the JSON-RPC
 * error objects of the specification, never a dropped connection.
 */
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export interface Eip1193Provider {
  request(args: { method: string; params?: unknown }): Promise<unknown>;
}

export interface JsonRpcServer {
  /** `http://127.0.0.1:<port>` */
  url: string;
  close(): Promise<void>;
}

type JsonRpcId = string | number | null;
interface JsonRpcError {
  code: number;
  message: string;
  data?: unknown;
}
type JsonRpcResponse = { jsonrpc: "2.0"; id: JsonRpcId } & ({ result: unknown } | { error: JsonRpcError });

const MAX_BODY_BYTES = 16 * 1024 * 1024;
const PARSE_ERROR = -32700;
const INVALID_REQUEST = -32600;
const INTERNAL_ERROR = -32603;

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

/** One call; null for a notification (no id member), which gets no response. */
async function handleCall(provider: Eip1193Provider, call: unknown): Promise<JsonRpcResponse | null> {
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
    const result = await provider.request(params === undefined ? { method } : { method, params });
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
      if (size > MAX_BODY_BYTES) {
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

function send(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, {
    "content-type": "application/json",
    "access-control-allow-origin": "*",
  });
  response.end(
    body === undefined
      ? ""
      : JSON.stringify(body, (_, v) => (typeof v === "bigint" ? `0x${v.toString(16)}` : v)),
  );
}

async function handle(provider: Eip1193Provider, request: IncomingMessage, response: ServerResponse) {
  if (request.method === "OPTIONS") {
    response.writeHead(204, {
      "access-control-allow-origin": "*",
      "access-control-allow-methods": "POST, OPTIONS",
      "access-control-allow-headers": "content-type",
    });
    response.end();
    return;
  }
  if (request.method !== "POST") {
    send(response, 405, failure(null, { code: INVALID_REQUEST, message: "JSON-RPC requests are POSTed" }));
    return;
  }
  const text = await readBody(request);
  if (text === null) {
    send(
      response,
      413,
      failure(null, { code: INVALID_REQUEST, message: `body over ${MAX_BODY_BYTES} bytes` }),
    );
    return;
  }
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    send(response, 200, failure(null, { code: PARSE_ERROR, message: "body is not valid JSON" }));
    return;
  }
  if (!Array.isArray(body)) {
    const reply = await handleCall(provider, body);
    send(response, reply === null ? 204 : 200, reply ?? undefined);
    return;
  }
  if (body.length === 0) {
    send(response, 200, failure(null, { code: INVALID_REQUEST, message: "a batch must not be empty" }));
    return;
  }
  // Calls of a batch run in order: nonces and snapshots depend on it.
  const replies: JsonRpcResponse[] = [];
  for (const call of body) {
    const reply = await handleCall(provider, call);
    if (reply !== null) replies.push(reply);
  }
  send(response, replies.length === 0 ? 204 : 200, replies.length === 0 ? undefined : replies);
}

/** Serves `provider` on 127.0.0.1:`port` (0 = any free port). */
export async function serveJsonRpc(provider: Eip1193Provider, port = 0): Promise<JsonRpcServer> {
  const server = createServer((request, response) => {
    handle(provider, request, response).catch((error: unknown) => {
      if (!response.headersSent) send(response, 500, failure(null, toJsonRpcError(error)));
      else response.destroy();
    });
  });
  server.keepAliveTimeout = 1000;
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => resolve());
  });
  const { port: bound } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${bound}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
