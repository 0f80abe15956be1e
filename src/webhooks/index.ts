/**
 * `attestkit/webhooks`: verify the service's signed webhook deliveries (Web Crypto, so it runs in
 * Node, edge runtimes and browsers) and get the schema-checked event.
 */

export {
  type RequestStatusUpdatedEvent,
  RequestStatusUpdatedEventSchema,
  type WebhookEvent,
  WebhookEventSchema,
} from "../schemas/webhook.ts";
export {
  WebhookBodyError,
  WebhookMissingHeaderError,
  WebhookSignatureError,
  WebhookTimestampError,
  WebhookVerificationError,
} from "./errors.ts";
export {
  DEFAULT_TOLERANCE_SECONDS,
  signWebhook,
  type VerifyWebhookInput,
  verifyWebhook,
  WEBHOOK_HEADERS,
  type WebhookHeaders,
} from "./verify.ts";
