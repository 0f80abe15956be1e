/**
 * The chains `attestkit verify` reads legs on: each protocol chain of the service's GET /chains
 * (protocol chain id, numeric id, VM, depository), with its JSON-RPC URL: the caller's (`--rpc`,
 * `--config`) first, else the `httpRpcUrl` GET /chains lists. An EVM RPC is used only once its
 * `eth_chainId` is the chain's own; every read that fails is a `VerifyConnectionError`.
 */
import { createSolanaRpc } from "@solana/kit";
import { createPublicClient, http, type PublicClient } from "viem";
import { type OrderChain, orderChainsFromChains } from "../orders/chains.ts";
import type { SvmLegRpc } from "../orders/verify-leg-types.ts";
import { errorLine, VerifyConnectionError, VerifyUsageError } from "./errors.ts";

const HTTP_URL = /^https?:\/\/\S+$/;

/** The `httpRpcUrl` of each chain GET /chains lists, by numeric id (entries without one left out). */
function listedRpcUrls(chainsResponse: unknown): Map<number, string> {
  const chains = (chainsResponse as { chains?: unknown } | null)?.chains;
  const urls = new Map<number, string>();
  for (const chain of Array.isArray(chains) ? chains : []) {
    const { id, httpRpcUrl } = (chain ?? {}) as { id?: unknown; httpRpcUrl?: unknown };
    if (typeof id === "number" && typeof httpRpcUrl === "string" && HTTP_URL.test(httpRpcUrl))
      urls.set(id, httpRpcUrl);
  }
  return urls;
}

export type ChainReaders = {
  /** The protocol chains GET /chains lists. */
  chains: readonly OrderChain[];
  /** The chain an order names by its protocol chain id. */
  chain(protocolChainId: string): OrderChain;
  /** A viem client on `chain`'s RPC, whose `eth_chainId` was checked to be the chain's. */
  evm(chain: OrderChain): Promise<PublicClient>;
  /** A kit RPC on `chain`'s RPC. */
  svm(chain: OrderChain): SvmLegRpc;
  /** Runs `read` against `chain`'s RPC; a failure is a one-line `VerifyConnectionError`. */
  read<T>(chain: OrderChain, read: () => Promise<T>): Promise<T>;
};

/**
 * The readers over `chainsResponse` (GET /chains), with `rpcUrls` (numeric chain id → URL) taking
 * precedence over the URLs it lists.
 */
export function chainReaders(chainsResponse: unknown, rpcUrls: ReadonlyMap<number, string>): ChainReaders {
  let chains: OrderChain[];
  try {
    chains = orderChainsFromChains(chainsResponse);
  } catch (error) {
    throw new VerifyConnectionError(`the service's GET /chains cannot be read: ${errorLine(error)}`);
  }
  const listed = listedRpcUrls(chainsResponse);
  const urlOf = (chain: OrderChain): string => {
    const url = rpcUrls.get(chain.id) ?? listed.get(chain.id);
    if (url === undefined)
      throw new VerifyUsageError(
        `no RPC URL for chain ${chain.id} (${chain.protocolChainId}): the service lists none; pass --rpc ${chain.id}=<url>`,
      );
    return url;
  };
  const read = async <T>(chain: OrderChain, run: () => Promise<T>): Promise<T> => {
    try {
      return await run();
    } catch (error) {
      if (error instanceof VerifyConnectionError || error instanceof VerifyUsageError) throw error;
      throw new VerifyConnectionError(
        `cannot read chain ${chain.id} at ${urlOf(chain)}: ${errorLine(error)}`,
      );
    }
  };
  const clients = new Map<number, Promise<PublicClient>>();
  const evm = (chain: OrderChain): Promise<PublicClient> => {
    const known = clients.get(chain.id);
    if (known !== undefined) return known;
    const url = urlOf(chain);
    const client = createPublicClient({ transport: http(url, { retryCount: 1 }) });
    const checked = read(chain, () => client.getChainId()).then((served) => {
      if (served !== chain.id)
        throw new VerifyConnectionError(`the RPC URL of chain ${chain.id} (${url}) serves chain ${served}`);
      return client as PublicClient;
    });
    clients.set(chain.id, checked);
    return checked;
  };
  return {
    chains,
    chain(protocolChainId) {
      const chain = chains.find((entry) => entry.protocolChainId === protocolChainId);
      // The order encoded against these chains, so each chain it names is one of them.
      if (chain === undefined)
        throw new Error(`the order names chain ${protocolChainId}, not in GET /chains`);
      return chain;
    },
    evm,
    svm: (chain) => createSolanaRpc(urlOf(chain)),
    read,
  };
}
