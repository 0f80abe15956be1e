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

const listeners = new WeakMap<Store, StatusChangeListener>();

/** Sets the listener of `store`'s status changes; returns the function that removes it. */
export function onStatusChange(store: Store, listener: StatusChangeListener): () => void {
  listeners.set(store, listener);
  return () => {
    if (listeners.get(store) === listener) listeners.delete(store);
  };
}

/** Reports a write of `request` whose status was `previous` (only when it is new or changed). */
export function reportStatus(store: Store, request: StoredRequest, previous: RequestStatus | null): void {
  if (previous === request.record.status) return;
  listeners.get(store)?.(request, previous);
}
