/**
 * Whether a scenario applies to a request: every field its `match` gives must hold, and its chain
 * event must be one that can happen on the request's chains (a reorg needs an EVM origin). Pure: the same request and scenario always give the same answer.
 */
import { getChainVm } from "../../chains.ts";
import type { StoredRequest } from "../records.ts";
import { normalizeLookup } from "../records.ts";
import type { PlanMatch, ScenarioChainEvent } from "./schema.ts";

/** What a scenario can match a request on. */
export interface RequestFacts {
  user: string;
  recipient: string;
  originChainId: number;
  destinationChainId: number;
  originCurrency: string;
  destinationCurrency: string;
  originAmount: bigint;
  /** `hashApiKey` of the key it was quoted with; null without one. */
  apiKeyHash: string | null;
}

export function factsOf(request: StoredRequest): RequestFacts {
  const { record, meta } = request;
  return {
    user: record.user,
    recipient: record.recipient,
    originChainId: meta.originChainId,
    destinationChainId: meta.destinationChainId,
    originCurrency: meta.originCurrency,
    destinationCurrency: meta.destinationCurrency,
    originAmount: BigInt(meta.originAmount),
    apiKeyHash: meta.apiKeyHash,
  };
}

const same = (a: string, b: string) => normalizeLookup(a) === normalizeLookup(b);

export function matchesRequest(match: PlanMatch, facts: RequestFacts): boolean {
  if (match.wallet !== undefined && !same(match.wallet, facts.user) && !same(match.wallet, facts.recipient))
    return false;
  if (
    match.currency !== undefined &&
    !same(match.currency, facts.originCurrency) &&
    !same(match.currency, facts.destinationCurrency)
  )
    return false;
  if (
    match.chainId !== undefined &&
    match.chainId !== facts.originChainId &&
    match.chainId !== facts.destinationChainId
  )
    return false;
  if (match.minAmount !== undefined && facts.originAmount < BigInt(match.minAmount)) return false;
  if (match.maxAmount !== undefined && facts.originAmount > BigInt(match.maxAmount)) return false;
  if (match.apiKeyHash !== undefined && match.apiKeyHash !== facts.apiKeyHash) return false;
  return true;
}

/** Whether `event` can happen to the request's chains: a reorg needs an EVM origin; the others happen on any. */
export function chainEventFits(event: ScenarioChainEvent | null, facts: RequestFacts): boolean {
  return event !== "deposit-reorg" || getChainVm(facts.originChainId) === "evm";
}
