/**
 * GET /chains (beyond the service interface): the chains this service serves, in the shape the SDK's
 * `configureDynamicChains()` reads (`{ chains: [...] }`: id, names, HTTP and WebSocket RPC URLs, VM
 * type, native currency). No explorer: a local chain has none, so explorer fields are empty.
 */
import { zeroAddress } from "viem";
import { SVM_NATIVE_TOKEN } from "../svm/index.ts";

/** One chain as the service describes it to clients. */
export interface PublicChain {
  id: number;
  /** Short name (lowercase, no spaces). */
  name: string;
  displayName: string;
  vmType: "evm" | "svm";
  httpRpcUrl: string;
  /** WebSocket RPC URL; empty when the chain serves none. */
  wsRpcUrl?: string;
  currency: { name: string; symbol: string; decimals: number };
}

/** The `/chains` response body. */
export function chainsResponse(chains: readonly PublicChain[]): { chains: Record<string, unknown>[] } {
  return {
    chains: chains.map((chain) => ({
      id: chain.id,
      name: chain.name,
      displayName: chain.displayName,
      httpRpcUrl: chain.httpRpcUrl,
      wsRpcUrl: chain.wsRpcUrl ?? "",
      explorerUrl: "",
      explorerName: "",
      depositEnabled: true,
      disabled: false,
      vmType: chain.vmType,
      currency: {
        id: chain.currency.symbol.toLowerCase(),
        ...chain.currency,
        address: chain.vmType === "svm" ? SVM_NATIVE_TOKEN : zeroAddress,
        supportsBridging: true,
      },
    })),
  };
}
