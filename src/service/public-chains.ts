/**
 * GET /chains (beyond the service interface): the chains this service serves, in the shape the SDK's
 * `configureDynamicChains()` reads (`{ chains: [...] }`: id, names, HTTP and WebSocket RPC URLs, VM
 * type, native currency), plus `protocol.v2 { chainId, depository }` as the service publishes it for
 * orders, and the fill routers and deposit-address contracts under `contracts` (`fill-routers.ts`). No explorer: a local chain has none, so explorer fields are empty.
 */
import { zeroAddress } from "viem";
import { SVM_NATIVE_TOKEN } from "../svm/index.ts";
import { contractsOf, type FillRouters, fillRoutersOf } from "./fill-routers.ts";
import type { ProtocolChain } from "./protocol-chains.ts";

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

/**
 * The `/chains` response body.
 * @throws Error when a chain has no protocol chain id (every chain carries `protocol.v2`).
 */
export function chainsResponse(
  chains: readonly PublicChain[],
  protocol: ReadonlyMap<number, ProtocolChain>,
  routers: FillRouters = fillRoutersOf(),
  depositAddressContracts: (chainId: number) => Readonly<Record<string, string>> | undefined = () =>
    undefined,
): { chains: Record<string, unknown>[] } {
  return {
    chains: chains.map((chain) => ({
      ...withContracts(contractsOf(routers, chain.id), depositAddressContracts(chain.id)),
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
      protocol: { v2: protocolOf(chain.id, protocol) },
    })),
  };
}

/** `contracts`: the routers, and the deposit-address factory (program) where the chain has one. */
const withContracts = (
  contracts: Record<string, unknown> | undefined,
  depositAddresses: Readonly<Record<string, string>> | undefined,
) =>
  contracts === undefined && depositAddresses === undefined
    ? {}
    : { contracts: { ...contracts, ...depositAddresses } };

function protocolOf(id: number, protocol: ReadonlyMap<number, ProtocolChain>): ProtocolChain {
  const known = protocol.get(id);
  if (known === undefined) throw new Error(`chain ${id} has no protocol chain id: configure protocolChains`);
  return { chainId: known.chainId, depository: known.depository };
}
