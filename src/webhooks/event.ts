/**
 * The body check of `verifyWebhook` in plain code: it accepts exactly what `WebhookEventSchema` accepts
 * and returns the same value (the schema's shape members first, then the others, as zod builds it), so
 * that a browser bundle of `verifyWebhook` carries no zod. The schemas stay the published contract; a
 * differential property test holds the two together.
 */
import { REQUEST_ID_PATTERN } from "../schemas/patterns.ts";
import { FAIL_REASONS, REFUND_FAIL_REASONS, REQUEST_STATUSES } from "../schemas/status-values.ts";
import type { WebhookEvent } from "../schemas/webhook.ts";

/** Where the body departs from the schema, and how. */
export class WebhookEventIssue {
  readonly path: string;
  readonly message: string;
  constructor(path: string, message: string) {
    this.path = path;
    this.message = message;
  }
}

type Member = (value: unknown, path: string) => unknown;

function fail(path: string, message: string): never {
  throw new WebhookEventIssue(path, message);
}

const string: Member = (value, path) => (typeof value === "string" ? value : fail(path, "expected a string"));

/** A finite number satisfying `accepts` (JSON's 1e400 parses to Infinity, which the schema refuses). */
const number =
  (accepts: (value: number) => boolean, what: string): Member =>
  (value, path) =>
    typeof value === "number" && Number.isFinite(value) && accepts(value)
      ? value
      : fail(path, `expected ${what}`);

const oneOf =
  (values: readonly string[]): Member =>
  (value, path) =>
    typeof value === "string" && values.includes(value)
      ? value
      : fail(path, `expected one of ${values.join("|")}`);

const optional =
  (member: Member): Member =>
  (value, path) =>
    value === undefined ? value : member(value, path);

const array =
  (item: Member): Member =>
  (value, path) =>
    Array.isArray(value)
      ? value.map((entry, index) => item(entry, `${path}.${index}`))
      : fail(path, "expected an array");

/** An object with the `shape` members checked, every other member kept as it is. */
const looseObject =
  (shape: Record<string, Member>): Member =>
  (value, path) => {
    if (typeof value !== "object" || value === null || Array.isArray(value)) fail(path, "expected an object");
    const input = value as Record<string, unknown>;
    const out: Record<string, unknown> = {};
    for (const [key, member] of Object.entries(shape)) {
      const checked = member(input[key], path === "" ? key : `${path}.${key}`);
      if (checked !== undefined || key in input) out[key] = checked;
    }
    for (const key of Object.keys(input)) if (!Object.hasOwn(shape, key)) out[key] = input[key];
    return out;
  };

const safeInteger = (accepts: (value: number) => boolean, what: string) =>
  number((value) => Number.isSafeInteger(value) && accepts(value), what);
const chainId = safeInteger((value) => value > 0, "a positive integer");

const requestStatusUpdated = looseObject({
  event: (value, path) =>
    value === "request.status.updated" ? value : fail(path, 'expected "request.status.updated"'),
  timestamp: safeInteger((value) => value >= 0, "a non-negative integer"),
  data: looseObject({
    requestId: (value, path) =>
      REQUEST_ID_PATTERN.test(string(value, path) as string)
        ? value
        : fail(path, "expected 0x followed by 64 hex characters"),
    status: oneOf(REQUEST_STATUSES),
    inTxHashes: array(string),
    txHashes: array(string),
    updatedAt: number((value) => value >= 0, "a non-negative number"),
    originChainId: chainId,
    destinationChainId: chainId,
    failReason: optional(oneOf(FAIL_REASONS)),
    refundFailReason: optional(oneOf(REFUND_FAIL_REASONS)),
  }),
});

/** The webhook event `body` is (parsed JSON), or a thrown `WebhookEventIssue` at its first departure. */
export function checkWebhookEvent(body: unknown): WebhookEvent {
  return requestStatusUpdated(body, "") as WebhookEvent;
}
