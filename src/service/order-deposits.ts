/**
 * Which request a depository deposit pays: the request whose order id the deposit carries, quoted
 * on the chain the deposit landed on, and paid by that request's own user (the deposit's depositor).
 * A deposit under an unknown or tampered id, on another chain, or naming another depositor pays no
 * request: it is left uncredited, never matched by amount or sender.
 */
import type { ChainObservation } from "./chains/types.ts";
import { normalizeLookup } from "./records.ts";
import { getRequest } from "./requests-repo.ts";
import type { Store } from "./store.ts";

type OrderDeposit = Extract<ChainObservation, { kind: "order-deposit" }>;

/** The id of the request `deposit` pays on chain `chainId`, or null when it pays none. */
export function requestForOrderDeposit(store: Store, chainId: number, deposit: OrderDeposit): string | null {
  const rows = store
    .prepare("SELECT id FROM requests WHERE order_id = ?")
    .all(normalizeLookup(deposit.orderId)) as { id: string }[];
  for (const { id } of rows) {
    const request = getRequest(store, id);
    if (request === null || request.meta.originChainId !== chainId) continue;
    if (normalizeLookup(request.record.user) === normalizeLookup(deposit.depositor)) return request.record.id;
  }
  return null;
}
