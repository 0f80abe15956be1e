/**
 * Sends the webhook outbox: due deliveries, oldest first, at most `concurrency` at once, each
 * request's in order (a later status waits until the earlier one is delivered or given up), each
 * signed at send time with its key and the wall-clock time (due times and the delivery log follow
 * the service's clock, the devnet's under the devnet). A non-2xx answer or no answer is retried `maxRetries` times with
 * exponential backoff. The dispatcher runs beside the service and never in a request's path: the
 * only thing a status change does is insert a row.
 */
import { createHmac } from "node:crypto";
import { hashApiKey } from "../auth.ts";
import { crashPoint } from "../crash-points.ts";
import type { AttemptOutcome, Delivery, WebhookOutbox } from "./outbox.ts";
import { type PostLimits, postBounded } from "./post.ts";

/** Delivery tuning of the mock's webhooks (`ServiceOptions.webhooks`). */
export interface WebhookOptions {
  /** Endpoints by API key (the key itself, one endpoint each), set at start; the control routes change them. */
  endpoints?: Readonly<Record<string, string>>;
  /** Retries after the first attempt (default 10). */
  maxRetries?: number;
  /** First retry delay in ms, doubled each retry (default 1000). */
  retryBaseMs?: number;
  /** Longest retry delay in ms (default 10 minutes). */
  retryMaxMs?: number;
  /** Deadline of one attempt in ms (default 5000). */
  timeoutMs?: number;
  /** Response body bytes read at most (default 1024). */
  maxResponseBytes?: number;
  /** Deliveries in flight at most (default 8). */
  concurrency?: number;
  /** How often the outbox is checked for due retries, in ms (default 250). */
  pollMs?: number;
}

/** Hex HMAC-SHA256 of `${timestamp}.${body}` keyed with the API key: `X-Signature-SHA256`. */
export function webhookSignature(apiKey: string, timestamp: string, body: string): string {
  return createHmac("sha256", apiKey).update(`${timestamp}.${body}`).digest("hex");
}

/** Delay before retry number `retry` (1-based): `base * 2^(retry-1)`, capped. */
export function retryDelay(retry: number, baseMs: number, maxMs: number): number {
  return Math.min(maxMs, baseMs * 2 ** (retry - 1));
}

const is2xx = (statusCode: number | null) => statusCode !== null && statusCode >= 200 && statusCode < 300;

/** The webhook outbox and its sender: signs each event, posts it, and retries with backoff until delivered. */
export class WebhookDispatcher {
  readonly outbox: WebhookOutbox;
  readonly #keys: Map<string, string>;
  readonly #now: () => number;
  readonly #limits: PostLimits;
  readonly #maxRetries: number;
  readonly #retryBaseMs: number;
  readonly #retryMaxMs: number;
  readonly #concurrency: number;
  readonly #pollMs: number;
  readonly #onError: (error: unknown, context: string) => void;
  readonly #inFlight = new Map<string, Promise<void>>();
  readonly #abort = new AbortController();
  /** Outcomes waiting to be written, in one transaction (one fsync) for all that finish together. */
  #unrecorded: { write: () => void; done: () => void }[] = [];
  #timer: NodeJS.Timeout | null = null;
  #running = false;
  #scheduled = false;

  constructor(options: {
    outbox: WebhookOutbox;
    apiKeys: readonly string[];
    now: () => number;
    webhooks: WebhookOptions;
    onError: (error: unknown, context: string) => void;
  }) {
    const tuning = options.webhooks;
    this.outbox = options.outbox;
    this.#keys = new Map(
      options.apiKeys.filter((key) => key.length > 0).map((key) => [hashApiKey(key), key]),
    );
    this.#now = options.now;
    this.#limits = {
      timeoutMs: tuning.timeoutMs ?? 5000,
      maxResponseBytes: tuning.maxResponseBytes ?? 1024,
    };
    this.#maxRetries = tuning.maxRetries ?? 10;
    this.#retryBaseMs = tuning.retryBaseMs ?? 1000;
    this.#retryMaxMs = tuning.retryMaxMs ?? 10 * 60_000;
    this.#concurrency = Math.max(1, tuning.concurrency ?? 8);
    this.#pollMs = tuning.pollMs ?? 250;
    this.#onError = options.onError;
  }

  /** Starts sending (after the service's start-up reconciliation). */
  start(): void {
    if (this.#running) return;
    this.#running = true;
    this.#timer = setInterval(() => this.wake(), this.#pollMs);
    this.#timer.unref();
    this.wake();
  }

  /** Sends what is due now, soon (called after a delivery is recorded; never blocks the caller). */
  wake(): void {
    if (!this.#running || this.#scheduled) return;
    this.#scheduled = true;
    setImmediate(() => {
      this.#scheduled = false;
      try {
        this.#fill();
      } catch (error) {
        this.#onError(error, "webhook dispatch");
      }
    });
  }

  #fill(): void {
    if (!this.#running) return;
    const free = this.#concurrency - this.#inFlight.size;
    if (free <= 0) return;
    const busy = new Set(this.#inFlight.keys());
    for (const delivery of this.outbox.due(this.#now(), free, busy)) {
      const sending = this.#send(delivery)
        .catch((error) => this.#onError(error, `webhook ${delivery.id}`))
        .finally(() => {
          this.#inFlight.delete(delivery.id);
          this.wake();
        });
      this.#inFlight.set(delivery.id, sending);
    }
  }

  async #send(delivery: Delivery): Promise<void> {
    const key = this.#keys.get(delivery.keyHash);
    const url = this.outbox.endpoint(delivery.keyHash);
    if (key === undefined || url === null) {
      const reason = key === undefined ? "API_KEY_NOT_CONFIGURED" : "ENDPOINT_REMOVED";
      this.outbox.abandon(delivery, reason, this.#now());
      return;
    }
    const startedAt = this.#now();
    // Signed on the wall clock, as the service signs: a receiver checks it against its own clock,
    // which a devnet clock moved hours ahead would put outside every replay window.
    const timestamp = String(Date.now());
    const result = await postBounded(
      new URL(url),
      delivery.body,
      {
        "user-agent": "attestkit-mock-webhooks",
        "x-signature-timestamp": timestamp,
        "x-signature-sha256": webhookSignature(key, timestamp, delivery.body),
        "x-delivery-id": delivery.id,
        "x-delivery-attempt": String(delivery.attempts + 1),
      },
      this.#limits,
      this.#abort.signal,
    );
    if (!this.#running) return;
    if (is2xx(result.statusCode)) crashPoint("webhook-answered");
    const outcome: AttemptOutcome = { url, startedAt, ...result };
    await this.#record(() => this.#settle(delivery, outcome));
  }

  #settle(delivery: Delivery, outcome: AttemptOutcome): void {
    const ok = is2xx(outcome.statusCode);
    const retry = delivery.attempts + 1;
    const at = this.#now();
    if (ok) this.outbox.recordAttempt(delivery, outcome, { state: "delivered", at });
    else if (retry > this.#maxRetries) this.outbox.recordAttempt(delivery, outcome, { state: "failed", at });
    else {
      const retryAt = at + retryDelay(retry, this.#retryBaseMs, this.#retryMaxMs);
      this.outbox.recordAttempt(delivery, outcome, { state: "pending", retryAt });
    }
  }

  /**
   * Writes `write` with the other outcomes that arrive in the same turn of the event loop; resolves
   * once written. The delivery stays in flight until then, so it is never picked up twice.
   */
  #record(write: () => void): Promise<void> {
    return new Promise((done) => {
      this.#unrecorded.push({ write, done });
      if (this.#unrecorded.length > 1) return;
      setImmediate(() => {
        const batch = this.#unrecorded;
        this.#unrecorded = [];
        try {
          if (this.#running)
            this.outbox.store.transaction(() => {
              for (const entry of batch) entry.write();
            });
        } catch (error) {
          this.#onError(error, "webhook delivery log");
        }
        for (const entry of batch) entry.done();
      });
    });
  }

  /** Stops sending; attempts in flight are cut off unrecorded (sent again after a restart). */
  async stop(): Promise<void> {
    this.#running = false;
    this.#abort.abort();
    if (this.#timer) clearInterval(this.#timer);
    this.#timer = null;
    await Promise.allSettled([...this.#inFlight.values()]);
  }

  /** Waits for the attempts in flight to be recorded (a devnet snapshot's quiescing). */
  async settled(): Promise<void> {
    while (this.#inFlight.size > 0) await Promise.allSettled([...this.#inFlight.values()]);
  }

  /** Waits until nothing is in flight and nothing pending is due (tests, benchmarks). */
  async drained(): Promise<void> {
    for (;;) {
      await Promise.allSettled([...this.#inFlight.values()]);
      const next = this.outbox.nextDue();
      if (this.#inFlight.size === 0 && (next === null || next > this.#now())) return;
      this.wake();
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  }
}
