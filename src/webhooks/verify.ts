/**
 * Verification of the service's signed webhooks with Web Crypto only (browsers, edge runtimes, Node
 * >= 20): `X-Signature-SHA256` is the hex HMAC-SHA256 of `${X-Signature-Timestamp}.${raw body}`
 * keyed with the API key; the timestamp is Unix milliseconds. The HMAC is checked by
 * `crypto.subtle.verify`, which compares in constant time.
 */
import type { WebhookEvent } from "../schemas/webhook.ts";
import {
  WebhookBodyError,
  WebhookMissingHeaderError,
  WebhookSignatureError,
  WebhookTimestampError,
} from "./errors.ts";
import { checkWebhookEvent, WebhookEventIssue } from "./event.ts";

/** Header names of a delivery (HTTP header names are case-insensitive). */
export const WEBHOOK_HEADERS = {
  timestamp: "x-signature-timestamp",
  signature: "x-signature-sha256",
  /** Mock extension: the delivery's stable id, the same on every retry (deduplicate on it). */
  deliveryId: "x-delivery-id",
} as const;

/** Default replay window: a delivery signed more than 5 minutes from `now` is refused. */
export const DEFAULT_TOLERANCE_SECONDS = 300;

/** Request headers as frameworks hand them over: a fetch `Headers`, or Node's header object. */
export type WebhookHeaders =
  | {
      /** The header's value, or null when absent. */
      get(name: string): string | null;
    }
  | Readonly<Record<string, string | readonly string[] | undefined>>;

/** What `verifyWebhook` checks: the request as received and the key it is signed with. */
export interface VerifyWebhookInput {
  /** The request's headers (the signature and timestamp headers are read from them). */
  headers: WebhookHeaders;
  /** The body exactly as received (never a re-serialized parse). */
  rawBody: string | Uint8Array | ArrayBuffer;
  /** The API key the endpoint is registered for. */
  secret: string;
  /** Replay window in seconds either side of `now` (default 300). */
  toleranceSeconds?: number;
  /** The receiver's clock, Unix milliseconds (default `Date.now()`). */
  now?: number;
}

const encoder = new TextEncoder();

function header(headers: WebhookHeaders, name: string): string {
  const value =
    typeof headers.get === "function"
      ? (headers as { get(name: string): string | null }).get(name)
      : Object.entries(headers).find(([key]) => key.toLowerCase() === name)?.[1];
  const values = Array.isArray(value) ? value : value === null || value === undefined ? [] : [value];
  if (values.length !== 1 || values[0] === "" || (values[0] as string).includes(",")) {
    throw new WebhookMissingHeaderError(
      name,
      values.length > 1 || values[0]?.includes(",")
        ? `the ${name} header was sent more than once`
        : `the ${name} header is missing`,
    );
  }
  return values[0] as string;
}

function bytesOf(body: string | Uint8Array | ArrayBuffer): Uint8Array {
  if (typeof body === "string") return encoder.encode(body);
  return body instanceof Uint8Array ? body : new Uint8Array(body);
}

function hexBytes(hex: string): Uint8Array | null {
  if (!/^[0-9a-fA-F]{64}$/.test(hex)) return null;
  const out = new Uint8Array(32);
  for (let i = 0; i < 32; i++) out[i] = Number.parseInt(hex.slice(i * 2, i * 2 + 2), 16);
  return out;
}

function hmacKey(secret: string, usage: "sign" | "verify"): ReturnType<typeof crypto.subtle.importKey> {
  if (typeof secret !== "string" || secret.length === 0) {
    throw new TypeError("the webhook secret (the API key) must be a non-empty string");
  }
  return crypto.subtle.importKey("raw", encoder.encode(secret), { name: "HMAC", hash: "SHA-256" }, false, [
    usage,
  ]);
}

function signedContent(timestamp: string, body: Uint8Array): Uint8Array<ArrayBuffer> {
  const prefix = encoder.encode(`${timestamp}.`);
  const content = new Uint8Array(prefix.length + body.length);
  content.set(prefix);
  content.set(body, prefix.length);
  return content;
}

/**
 * Checks a webhook delivery and returns its event: headers present, HMAC right (constant-time),
 * timestamp inside the replay window, body a known event (`WebhookEventSchema`'s rules, checked without
 * zod so that a browser bundle stays small). Throws a
 * `WebhookVerificationError` subclass otherwise.
 * @example
 * ```ts
 * const event = await verifyWebhook({ headers: request.headers, rawBody, secret: process.env.API_KEY! });
 * if (event.data.status === "refund") markRefunded(event.data.requestId, event.data.failReason);
 * ```
 */
export async function verifyWebhook(input: VerifyWebhookInput): Promise<WebhookEvent> {
  const timestamp = header(input.headers, WEBHOOK_HEADERS.timestamp);
  const signatureHex = header(input.headers, WEBHOOK_HEADERS.signature);
  const key = await hmacKey(input.secret, "verify");
  if (!/^[0-9]{1,16}$/.test(timestamp)) {
    throw new WebhookTimestampError(`${WEBHOOK_HEADERS.timestamp} is not Unix milliseconds`);
  }
  const signature = hexBytes(signatureHex);
  const body = bytesOf(input.rawBody);
  const valid =
    signature !== null &&
    (await crypto.subtle.verify("HMAC", key, signature, signedContent(timestamp, body)));
  if (!valid) {
    throw new WebhookSignatureError(
      "the signature does not match this body and timestamp under this secret (tampered, or signed with another key)",
    );
  }
  const toleranceMs = (input.toleranceSeconds ?? DEFAULT_TOLERANCE_SECONDS) * 1000;
  const skew = (input.now ?? Date.now()) - Number(timestamp);
  if (!(Math.abs(skew) <= toleranceMs)) {
    const seconds = Math.round(Math.abs(skew) / 1000);
    throw new WebhookTimestampError(
      `signed ${seconds} s ${skew > 0 ? "ago" : "in the future"}, outside the ${toleranceMs / 1000} s replay window`,
    );
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(body));
  } catch (error) {
    throw new WebhookBodyError("the body is not UTF-8 JSON", { cause: error });
  }
  try {
    return checkWebhookEvent(parsed);
  } catch (error) {
    if (!(error instanceof WebhookEventIssue)) throw error;
    throw new WebhookBodyError(
      `the body is not a known webhook event (${error.path || "body"}: ${error.message})`,
      { cause: error },
    );
  }
}

/**
 * The `X-Signature-SHA256` of `rawBody` at `timestamp` under `secret`: for tests that post signed
 * deliveries to a receiver.
 * @example
 * ```ts
 * const timestamp = String(Date.now());
 * const signature = await signWebhook({ secret: apiKey, timestamp, rawBody: body });
 * ```
 */
export async function signWebhook(input: {
  secret: string;
  timestamp: string;
  rawBody: string | Uint8Array | ArrayBuffer;
}): Promise<string> {
  const key = await hmacKey(input.secret, "sign");
  const mac = new Uint8Array(
    await crypto.subtle.sign("HMAC", key, signedContent(input.timestamp, bytesOf(input.rawBody))),
  );
  return Array.from(mac, (byte) => byte.toString(16).padStart(2, "0")).join("");
}
