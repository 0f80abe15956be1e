/**
 * Which request a depository deposit is for: the request whose order id the deposit carries, quoted
 * on the chain the deposit landed on. A deposit under an unknown or tampered id, or on another chain,
 * is for no request and stays uncredited. Whether it pays the request is the lifecycle's call: only a
 * deposit its user paid does (`Lifecycle.observeDeposit`); anyone else's is refunded to its payer.
 *
 * Requests regenerated against one deposit address share its order id
 * (`deposit-address-watcher.ts`): a sweep the service sent is the request's it was sent for; any other
 * deposit under the id (someone else's sweep) is the address's current request's, the one no later
 * request supersedes.
 */
import type { ChainObservation } from "./chains/types.ts";
import { normalizeLookup, type StoredRequest } from "./records.ts";
import { getRequest } from "./requests-repo.ts";
import type { Store } from "./store.ts";

type OrderDeposit = Extract<ChainObservation, { kind: "order-deposit" }>;

/** The id of the request `deposit` names on chain `chainId`, or null when it names none. */
export function requestForOrderDeposit(store: Store, chainId: number, deposit: OrderDeposit): string | null {
  const rows = store
    .prepare("SELECT id FROM requests WHERE order_id = ? ORDER BY created_at, id")
    .all(normalizeLookup(deposit.orderId)) as { id: string }[];
  const candidates = rows
    .map(({ id }) => getRequest(store, id))
    .filter((request): request is StoredRequest => request?.meta.originChainId === chainId);
  const txHash = deposit.txHash.toLowerCase();
  const sweptFor = candidates.find((request) => request.meta.depositAddressWatch?.sweeps.includes(txHash));
  const current = candidates.find((request) => request.record.supersededByRequestId === null);
  return (sweptFor ?? current ?? candidates[0])?.record.id ?? null;
}
