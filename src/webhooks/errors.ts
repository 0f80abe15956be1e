/** Why a webhook delivery was refused: one class per failure, all `WebhookVerificationError`s. */
import { AttestkitError } from "../errors.ts";

/** A refused webhook delivery; `code` says which check failed. Answer it with a 4xx and drop it. */
export class WebhookVerificationError extends AttestkitError {}

/** `X-Signature-Timestamp` or `X-Signature-SHA256` is absent, empty or sent more than once. */
export class WebhookMissingHeaderError extends WebhookVerificationError {
  readonly header: string;

  constructor(header: string, message: string) {
    super("WEBHOOK_MISSING_HEADER", message);
    this.header = header;
  }
}

/** The signature is not the HMAC of this timestamp and body under this secret (tampered, or another key). */
export class WebhookSignatureError extends WebhookVerificationError {
  constructor(message: string) {
    super("WEBHOOK_BAD_SIGNATURE", message);
  }
}

/** The signed timestamp is malformed or outside the replay window (an old delivery replayed). */
export class WebhookTimestampError extends WebhookVerificationError {
  constructor(message: string) {
    super("WEBHOOK_STALE_TIMESTAMP", message);
  }
}

/** Authentic, but not a JSON event this library knows the shape of. */
export class WebhookBodyError extends WebhookVerificationError {
  constructor(message: string, options?: { cause?: unknown }) {
    super("WEBHOOK_MALFORMED_BODY", message, options);
  }
}
