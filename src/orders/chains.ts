import { describeValue } from "../describe.ts";
import { InvalidChainsResponseError } from "./errors.ts";
import { type ChainVmTypes, type OrderVmType, VM_TYPE_BY_CHAINS_VM } from "./vm-types.ts";

/** What orders need to know about one chain of a GET /chains response. */
export type OrderChain = {
  /** The protocol chain id string orders use (`chain.protocol.v2.chainId`). */
  protocolChainId: string;
  /** The numeric chain id quote steps use (`chain.id`). */
  id: number;
  vmType: OrderVmType;
  /** The canonical depository of the chain (`chain.protocol.v2.depository`), native form. */
  depository: string;
};

/**
 * The chains of a GET /chains response that take part in orders: those with a
 * `protocol.v2` block and a VM type orders encode. Other chains are left out,
 * so an order naming them fails with `ORDER_UNKNOWN_CHAIN` rather than being
 * hashed with a guessed encoding. Throws `InvalidChainsResponseError` when the
 * response is not `{ chains: [...] }` or a `protocol.v2` block is malformed.
 */
export function orderChainsFromChains(chainsResponse: unknown): OrderChain[] {
  const chains = (chainsResponse as { chains?: unknown } | null)?.chains;
  if (!Array.isArray(chains)) {
    throw new InvalidChainsResponseError(
      `a GET /chains response must be { chains: [...] }, got ${describeValue(chainsResponse)}`,
    );
  }
  const out: OrderChain[] = [];
  const seen = new Set<string>();
  for (const chain of chains) {
    const v2 = (chain as { protocol?: { v2?: unknown } } | null)?.protocol?.v2;
    const vmType = VM_TYPE_BY_CHAINS_VM[(chain as { vmType?: string }).vmType ?? ""];
    if (v2 === undefined || vmType === undefined) continue;
    const { chainId, depository } = (v2 ?? {}) as { chainId?: unknown; depository?: unknown };
    const id = (chain as { id?: unknown }).id;
    if (
      typeof chainId !== "string" ||
      chainId === "" ||
      typeof depository !== "string" ||
      !Number.isSafeInteger(id)
    ) {
      throw new InvalidChainsResponseError(
        `chain ${describeValue(id)} has a malformed protocol.v2 block (chainId and depository must be strings)`,
      );
    }
    if (seen.has(chainId))
      throw new InvalidChainsResponseError(`protocol chain id ${describeValue(chainId)} appears twice`);
    seen.add(chainId);
    out.push({ protocolChainId: chainId, id: id as number, vmType, depository });
  }
  return out;
}

/** Protocol chain id → VM type, from a GET /chains response (the map `getOrderId` takes). */
export function chainVmTypesFromChains(chainsResponse: unknown): ChainVmTypes {
  return Object.fromEntries(
    orderChainsFromChains(chainsResponse).map((chain) => [chain.protocolChainId, chain.vmType]),
  );
}

/** Protocol chain id → canonical depository, from a GET /chains response. */
export function depositoriesFromChains(chainsResponse: unknown): Readonly<Record<string, string>> {
  return Object.fromEntries(
    orderChainsFromChains(chainsResponse).map((chain) => [chain.protocolChainId, chain.depository]),
  );
}
