/**
 * Status changes of requests, reported from inside the transaction that writes them, so a listener
 * that records something (the webhook outbox) commits or rolls back together with the change.
 * Listeners must be synchronous and must not throw for anything but a broken database.
 */
import type { RequestStatus } from "../schemas/index.ts";
import type { StoredRequest } from "./records.ts";
import type { Store } from "./store.ts";

/** Called with the request as written and its status before (null: the request is new). */
export type StatusChangeListener = (request: StoredRequest, previous: RequestStatus | null) => void;

const listeners = new WeakMap<Store, Set<StatusChangeListener>>();

/** Adds a listener of `store`'s status changes; returns the function that removes it. */
export function onStatusChange(store: Store, listener: StatusChangeListener): () => void {
  const set = listeners.get(store) ?? new Set();
  listeners.set(store, set);
  set.add(listener);
  return () => {
    set.delete(listener);
  };
}

/** Reports a write of `request` whose status was `previous` (only when it is new or changed). */
export function reportStatus(store: Store, request: StoredRequest, previous: RequestStatus | null): void {
  if (previous === request.record.status) return;
  for (const listener of listeners.get(store) ?? []) listener(request, previous);
}
