/**
 * Which request a depository deposit is for: the request whose order id the deposit carries, quoted
 * on the chain the deposit landed on. A deposit under an unknown or tampered id, or on another chain,
 * is for no request and stays uncredited. Whether it pays the request is the lifecycle's call: only a
 * deposit its user paid does (`Lifecycle.observeDeposit`); anyone else's is refunded to its payer.
 */
import type { ChainObservation } from "./chains/types.ts";
import { normalizeLookup } from "./records.ts";
import { getRequest } from "./requests-repo.ts";
import type { Store } from "./store.ts";

type OrderDeposit = Extract<ChainObservation, { kind: "order-deposit" }>;

/** The id of the request `deposit` names on chain `chainId`, or null when it names none. */
export function requestForOrderDeposit(store: Store, chainId: number, deposit: OrderDeposit): string | null {
  const rows = store
    .prepare("SELECT id FROM requests WHERE order_id = ? ORDER BY created_at, id")
    .all(normalizeLookup(deposit.orderId)) as { id: string }[];
  for (const { id } of rows) {
    const request = getRequest(store, id);
    if (request !== null && request.meta.originChainId === chainId) return request.record.id;
  }
  return null;
}
