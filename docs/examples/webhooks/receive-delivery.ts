import {
  verifyWebhook,
  type WebhookEvent,
  type WebhookHeaders,
  WebhookVerificationError,
} from "attestkit/webhooks";

/** What a receiver answers: 2xx tells the service to stop retrying this delivery. */
export interface WebhookAnswer {
  status: number;
  body: string;
}

/**
 * The framework-free core of a webhook receiver: verify the signature over the raw body, drop
 * repeats (the service delivers at least once), hand the event on, answer. Refusals get a 4xx so
 * nothing forged or replayed is acted on; your own failure gets a 5xx so the service retries.
 *
 * `seen` stands for your database: record the event's key in the same transaction as what
 * `onEvent` changes, so a delivery retried after a crash is recognised.
 */
export async function receiveDelivery(
  delivery: { headers: WebhookHeaders; rawBody: string | Uint8Array },
  options: {
    secret: string;
    seen: Set<string>;
    onEvent: (event: WebhookEvent) => void | Promise<void>;
  },
): Promise<WebhookAnswer> {
  let event: WebhookEvent;
  try {
    event = await verifyWebhook({
      headers: delivery.headers,
      rawBody: delivery.rawBody,
      secret: options.secret,
    });
  } catch (error) {
    if (error instanceof WebhookVerificationError) return { status: 401, body: error.code };
    throw error;
  }
  // A retry repeats the body byte for byte, so the signed event names it: the request, the status
  // and the moment it changed (a status can recur, e.g. depositing again after a reorg).
  const key = `${event.data.requestId}:${event.data.status}:${event.timestamp}`;
  if (options.seen.has(key)) return { status: 200, body: "duplicate" };
  await options.onEvent(event);
  options.seen.add(key);
  return { status: 200, body: "ok" };
}
