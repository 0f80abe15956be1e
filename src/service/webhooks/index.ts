/**
 * Webhooks of the mock service (the service's documentation: one endpoint per API key, event
 * `request.status.updated` on every status of a request, signed with the key). Wires the outbox to
 * the status changes of the service's store and starts the dispatcher.
 */
import { hashApiKey } from "../auth.ts";
import type { ClockTimers } from "../clock-timers.ts";
import { onStatusChange } from "../status-changes.ts";
import type { Store } from "../store.ts";
import { WebhookDispatcher, type WebhookOptions } from "./dispatcher.ts";
import { parseWebhookUrl } from "./endpoint-url.ts";
import { WebhookOutbox } from "./outbox.ts";

export { retryDelay, WebhookDispatcher, type WebhookOptions, webhookSignature } from "./dispatcher.ts";
export type { Delivery, DeliveryAttempt, DeliveryState } from "./outbox.ts";

/**
 * The webhooks of a service over `store`: endpoints from `options.endpoints` recorded, every status
 * change of a request under a key with an endpoint queued in the transaction that makes it.
 */
export function createWebhooks(params: {
  store: Store;
  apiKeys: readonly string[];
  now: () => number;
  timers: ClockTimers;
  options: WebhookOptions;
  onError: (error: unknown, context: string) => void;
}): { dispatcher: WebhookDispatcher; detach: () => void } {
  const outbox = new WebhookOutbox(params.store);
  for (const [key, url] of Object.entries(params.options.endpoints ?? {})) {
    if (!params.apiKeys.includes(key))
      throw new Error("a webhook endpoint names a key that is not an API key");
    outbox.setEndpoint(hashApiKey(key), parseWebhookUrl(url, "webhook endpoint"), params.now());
  }
  const dispatcher = new WebhookDispatcher({ outbox, ...params, webhooks: params.options });
  const detach = onStatusChange(params.store, (request) => {
    if (outbox.enqueue(request, params.now()) !== null) dispatcher.wake();
  });
  return { dispatcher, detach };
}
