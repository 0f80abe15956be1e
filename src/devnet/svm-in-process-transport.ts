/**
 * A @solana/kit RPC transport to the devnet's own SVM chain without the HTTP hop: the request is
 * answered by the same handler and serialization the chain's JSON-RPC server uses (`answerJsonRpc`),
 * and the answer read back as kit's HTTP transport reads it (integers as bigints), so the mock
 * service's SVM adapter sees exactly what it would over 127.0.0.1 for a fraction of the work: it
 * polls the chain several times a second, and over a socket that polling was most of the devnet's
 * CPU while idle.
 */
import type { RpcTransport } from "@solana/kit";
import { answerJsonRpc, type Eip1193Provider } from "./json-rpc-server.ts";

/** `JSON.stringify` with bigints written as integer literals (kit's wire form for u64 parameters). */
const toWire = (payload: unknown): string =>
  JSON.stringify(payload, (_, value) =>
    typeof value === "bigint" ? (JSON as unknown as RawJson).rawJSON(value.toString()) : value,
  );

interface RawJson {
  rawJSON(text: string): unknown;
}

/** `JSON.parse` with every integer literal read as a bigint, as kit reads Solana answers. */
const fromWire = (text: string): unknown =>
  JSON.parse(text, (_, value, context?: { source?: string }) =>
    typeof value === "number" && context?.source !== undefined && /^-?\d+$/.test(context.source)
      ? BigInt(context.source)
      : value,
  );

export function inProcessSolanaTransport(provider: Eip1193Provider): RpcTransport {
  return (async ({ payload }: { payload: unknown }) => {
    const answer = await answerJsonRpc(provider, JSON.parse(toWire(payload)));
    if (answer === undefined) throw new Error("the SVM chain answered a request with nothing");
    return fromWire(answer);
  }) as RpcTransport;
}
