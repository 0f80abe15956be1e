/**
 * Sends the webhook outbox: due deliveries, at most `concurrency` at once, each request's in order (a
 * later status waits until the earlier one is delivered or given up), each signed at send time with
 * its key and the wall-clock time (due times and the delivery log follow the service's clock, the
 * devnet's under the devnet). Keys share the slots fairly: free slots go round-robin across the keys
 * with something due (oldest first within a key), no key holds more than `perKeyConcurrency`, and an
 * endpoint that keeps timing out is slowed by its breaker (`breaker.ts`), so one stalled endpoint never
 * delays another key's. A non-2xx answer or no answer is retried `maxRetries` times with
 * exponential backoff. The dispatcher runs beside the service and never in a request's path: the
 * only thing a status change does is insert a row and wake it. It never polls: after each round it
 * sets one timer on the service's clock for the next retry or the end of an endpoint's cool-down, and
 * an attempt that ends wakes it for what waited on it, so with nothing due it makes no wake-ups.
 */
import { createHmac } from "node:crypto";
import { hashApiKey } from "../auth.ts";
import type { ClockTimers } from "../clock-timers.ts";
import { crashPoint } from "../crash-points.ts";
import { EndpointBreakers } from "./breaker.ts";
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
  /** Deliveries in flight at most for one key (default half of `concurrency`, at least 1). */
  perKeyConcurrency?: number;
  /** Timed-out attempts in a row that slow an endpoint down (default 3; 0: never). */
  breakerThreshold?: number;
  /** First pause of a slowed endpoint in ms, doubled each time it trips again (default 5000, at most 5 minutes). */
  breakerCooldownMs?: number;
  /**
   * Deliver to private-network addresses (10/8, 172.16/12, 192.168/16, 100.64/10, fc00::/7); default
   * false. Loopback is always allowed; link-local and metadata addresses never are.
   */
  allowPrivateNetworks?: boolean;
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
  readonly #perKeyConcurrency: number;
  readonly #breakers: EndpointBreakers;
  /** Deliveries in flight per key. */
  readonly #keyInFlight = new Map<string, number>();
  /** Which key the next round of free slots starts with. */
  #turn = 0;
  readonly #timers: ClockTimers;
  /** When the timer set for the next due time fires, and how to cancel it. */
  #next: { at: number; cancel: () => void } | null = null;
  readonly #onError: (error: unknown, context: string) => void;
  readonly #inFlight = new Map<string, Promise<void>>();
  readonly #abort = new AbortController();
  /** Outcomes waiting to be written, in one transaction (one fsync) for all that finish together. */
  #unrecorded: { write: () => void; done: () => void }[] = [];
  #running = false;
  #scheduled = false;

  constructor(options: {
    outbox: WebhookOutbox;
    apiKeys: readonly string[];
    now: () => number;
    /** Timers on the service's clock (`now`): a retry is due when the clock reads its time. */
    timers: ClockTimers;
    webhooks: WebhookOptions;
    onError: (error: unknown, context: string) => void;
  }) {
    const tuning = options.webhooks;
    this.outbox = options.outbox;
    this.#keys = new Map(
      options.apiKeys.filter((key) => key.length > 0).map((key) => [hashApiKey(key), key]),
    );
    this.#now = options.now;
    this.#timers = options.timers;
    this.#limits = {
      timeoutMs: tuning.timeoutMs ?? 5000,
      maxResponseBytes: tuning.maxResponseBytes ?? 1024,
      allowPrivateNetworks: tuning.allowPrivateNetworks ?? false,
    };
    this.#maxRetries = tuning.maxRetries ?? 10;
    this.#retryBaseMs = tuning.retryBaseMs ?? 1000;
    this.#retryMaxMs = tuning.retryMaxMs ?? 10 * 60_000;
    this.#concurrency = Math.max(1, tuning.concurrency ?? 8);
    this.#perKeyConcurrency = Math.max(
      1,
      Math.min(this.#concurrency, tuning.perKeyConcurrency ?? Math.floor(this.#concurrency / 2)),
    );
    const cooldownMs = tuning.breakerCooldownMs ?? 5000;
    this.#breakers = new EndpointBreakers({
      threshold: tuning.breakerThreshold ?? 3,
      cooldownMs,
      maxCooldownMs: Math.max(cooldownMs, 5 * 60_000),
    });
    this.#onError = options.onError;
  }

  /** Whether endpoints may be on private networks (`WebhookOptions.allowPrivateNetworks`). */
  get allowsPrivateNetworks(): boolean {
    return this.#limits.allowPrivateNetworks;
  }

  /** Starts sending (after the service's start-up reconciliation). */
  start(): void {
    if (this.#running) return;
    this.#running = true;
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
        this.#wakeWhenDue();
      } catch (error) {
        this.#onError(error, "webhook dispatch");
      }
    });
  }

  #fill(): void {
    if (!this.#running) return;
    const free = this.#concurrency - this.#inFlight.size;
    if (free <= 0) return;
    const now = this.#now();
    const keys = this.outbox.dueKeys(now);
    if (keys.length === 0) return;
    const start = this.#turn++ % keys.length;
    const busy = new Set(this.#inFlight.keys());
    const queues = [...keys.slice(start), ...keys.slice(0, start)].map((keyHash) => {
      const held = this.#keyInFlight.get(keyHash) ?? 0;
      const room = Math.min(this.#perKeyConcurrency, this.#breakers.room(keyHash, now)) - held;
      return room > 0 ? this.outbox.due(now, Math.min(room, free), busy, keyHash) : [];
    });
    let taken = 0;
    for (let round = 0; taken < free; round++) {
      const next = queues.map((queue) => queue[round]).filter((delivery) => delivery !== undefined);
      if (next.length === 0) break;
      for (const delivery of next.slice(0, free - taken)) this.#begin(delivery);
      taken += next.length;
    }
  }

  /**
   * One timer for the next time something may become sendable without an attempt ending: a pending
   * delivery's due time, or an endpoint's cool-down running out. What is due now and was not taken
   * waits on an attempt in flight (a slot, its key's share, its request's earlier status), whose end
   * wakes the dispatcher.
   */
  #wakeWhenDue(): void {
    if (!this.#running) return;
    const now = this.#now();
    const due = this.outbox.nextDue(now);
    const open = this.#breakers.nextOpen(now);
    const at = due === null ? open : open === null ? due : Math.min(due, open);
    if (at === (this.#next?.at ?? null)) return;
    this.#next?.cancel();
    this.#next = null;
    if (at === null) return;
    const next = { at, cancel: () => {} };
    this.#next = next;
    next.cancel = this.#timers.at(at, () => {
      if (this.#next === next) this.#next = null;
      this.wake();
    });
  }

  #begin(delivery: Delivery): void {
    const { keyHash } = delivery;
    this.#keyInFlight.set(keyHash, (this.#keyInFlight.get(keyHash) ?? 0) + 1);
    const sending = this.#send(delivery)
      .catch((error) => this.#onError(error, `webhook ${delivery.id}`))
      .finally(() => {
        this.#inFlight.delete(delivery.id);
        const held = (this.#keyInFlight.get(keyHash) ?? 1) - 1;
        if (held > 0) this.#keyInFlight.set(keyHash, held);
        else this.#keyInFlight.delete(keyHash);
        this.wake();
      });
    this.#inFlight.set(delivery.id, sending);
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
    this.#breakers.record(delivery.keyHash, result.statusCode === null && result.timedOut, this.#now());
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
    this.#next?.cancel();
    this.#next = null;
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
