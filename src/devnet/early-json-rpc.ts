/**
 * An EVM chain's JSON-RPC port opened before the chain exists. `attestkit devnet` listens on its chains'
 * ports as soon as it has read its options, then loads and builds the chains: `eth_chainId` (a fact of
 * the command line) is answered at once, and every other call, over HTTP or WebSocket, waits until
 * `serve` hands the chain's node over, so no client ever reads a chain that is not built yet.
 */

import type { BrowserPolicy } from "./browser-guard.ts";
import { type Eip1193Provider, serveJsonRpc } from "./json-rpc-server.ts";

/** A chain's JSON-RPC port listening before the chain exists (`listenEarly`). */
export interface EarlyJsonRpcServer {
  /** `http://127.0.0.1:<port>` */
  url: string;
  /** `ws://127.0.0.1:<port>`: the same port, upgraded. */
  wsUrl: string;
  /** The chain id it answers `eth_chainId` with before the chain is served. */
  chainId: number;
  /** Hands the calls over to `provider`: the waiting ones in the order they came, then every later one. */
  serve(provider: Eip1193Provider): void;
  /** Stops listening and drops every connection, those of calls still waiting too. */
  close(): Promise<void>;
}

type Listener = (message: unknown) => void;

/** `eth_chainId` without parameters: what is answered before the node exists. */
const isChainIdCall = (method: string, params: unknown) =>
  method === "eth_chainId" && (params === undefined || (Array.isArray(params) && params.length === 0));

/** Listens on 127.0.0.1:`port` (0 = any free port) for chain `chainId`, serving the clients `policy` lets in. */
export async function listenEarly(
  chainId: number,
  port: number,
  policy?: BrowserPolicy,
): Promise<EarlyJsonRpcServer> {
  let handOver: (provider: Eip1193Provider) => void = () => {};
  const node = new Promise<Eip1193Provider>((resolve) => {
    handOver = resolve;
  });
  const chainIdHex = `0x${chainId.toString(16)}`;
  const waiting: Eip1193Provider = {
    request: ({ method, params }) =>
      isChainIdCall(method, params)
        ? Promise.resolve(chainIdHex)
        : node.then((provider) => provider.request(params === undefined ? { method } : { method, params })),
    on: (event: "message", listener: Listener) => node.then((provider) => provider.on?.(event, listener)),
    removeListener: (event: "message", listener: Listener) =>
      node.then((provider) => provider.removeListener?.(event, listener)),
  };
  const server = await serveJsonRpc(waiting, port, policy);
  let served = false;
  return {
    url: server.url,
    wsUrl: server.wsUrl,
    close: server.close,
    chainId,
    serve(provider) {
      if (served) throw new Error(`the JSON-RPC port of chain ${chainId} already serves its node`);
      served = true;
      handOver(provider);
      // Later calls go straight to the node (the server reads these members on every call).
      waiting.request = (args) => provider.request(args);
      if (provider.on) waiting.on = provider.on.bind(provider);
      if (provider.removeListener) waiting.removeListener = provider.removeListener.bind(provider);
    },
  };
}
