/**
 * The protocol's view of the chains the mock serves: each numeric chain id has a protocol chain id
 * string (what orders name chains by, `GET /chains` → `protocol.v2.chainId`) and a canonical
 * depository (`protocol.v2.depository`: the EVM contract or the SVM program deposits pay into).
 */
import { getChainVm } from "../chains.ts";
import { CANONICAL_EVM_DEPOSITORY, SVM_DEPOSITORY_PROGRAM } from "../orders/index.ts";
import { SVM_CHAIN_ID } from "../svm/index.ts";

/** A chain as orders name it. */
export interface ProtocolChain {
  /** Protocol chain id string, e.g. "base". */
  chainId: string;
  /** Depository: EVM address (lowercase hex) or SVM program id (base58). */
  depository: string;
}

/**
 * The protocol chain ids of the chains the mock knows by default, as the service names them; the
 * depository of each is the canonical one of its VM.
 */
const DEFAULT_NAMES: Readonly<Record<number, string>> = {
  1: "ethereum",
  10: "optimism",
  8453: "base",
  42161: "arbitrum",
  [SVM_CHAIN_ID]: "solana",
};

/** The canonical depository of a chain's VM. */
export function canonicalDepository(chainId: number): string {
  return getChainVm(chainId) === "svm" ? SVM_DEPOSITORY_PROGRAM : CANONICAL_EVM_DEPOSITORY;
}

/** Protocol chains by numeric chain id: the defaults, overridden and extended by `overrides`. */
export function protocolChains(
  overrides: Readonly<Record<number, Partial<ProtocolChain>>> = {},
): ReadonlyMap<number, ProtocolChain> {
  const ids = new Set([...Object.keys(DEFAULT_NAMES), ...Object.keys(overrides)].map(Number));
  const out = new Map<number, ProtocolChain>();
  const names = new Set<string>();
  for (const id of ids) {
    const chainId = overrides[id]?.chainId ?? DEFAULT_NAMES[id];
    if (chainId === undefined) throw new Error(`chain ${id} needs a protocol chain id string`);
    if (names.has(chainId)) throw new Error(`protocol chain id ${JSON.stringify(chainId)} is used twice`);
    names.add(chainId);
    const depository = overrides[id]?.depository ?? canonicalDepository(id);
    out.set(id, { chainId, depository: getChainVm(id) === "svm" ? depository : depository.toLowerCase() });
  }
  return out;
}
