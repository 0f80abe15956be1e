/**
 * A circuit breaker per webhook endpoint (by API key): an endpoint that let `threshold` attempts in a
 * row run out their deadline stops being sent to for a cool-down (doubled on each further trip, up
 * to `maxCooldownMs`), then gets one attempt at a time until one is answered. A stalled endpoint then
 * holds at most one sending slot instead of every slot it can get.
 */

export interface BreakerOptions {
  /** Timed-out attempts in a row that trip the breaker (0: never trips). */
  threshold: number;
  /** First cool-down in ms. */
  cooldownMs: number;
  /** Longest cool-down in ms. */
  maxCooldownMs: number;
}

interface EndpointHealth {
  timeouts: number;
  trips: number;
  openUntil: number;
}

export class EndpointBreakers {
  readonly #options: BreakerOptions;
  readonly #health = new Map<string, EndpointHealth>();

  constructor(options: BreakerOptions) {
    this.#options = options;
  }

  /** Attempts the endpoint of `keyHash` may have in flight at `now`: unbounded, 1 (tripped), or 0 (cooling down). */
  room(keyHash: string, now: number): number {
    const health = this.#health.get(keyHash);
    if (health === undefined || health.trips === 0) return Number.POSITIVE_INFINITY;
    return now < health.openUntil ? 0 : 1;
  }

  /** Notes how an attempt ended: `timedOut` when no answer came before its deadline. */
  record(keyHash: string, timedOut: boolean, now: number): void {
    if (!timedOut) {
      this.#health.delete(keyHash);
      return;
    }
    const { threshold, cooldownMs, maxCooldownMs } = this.#options;
    const health = this.#health.get(keyHash) ?? { timeouts: 0, trips: 0, openUntil: 0 };
    health.timeouts++;
    if (threshold > 0 && health.timeouts >= threshold) {
      health.trips++;
      health.timeouts = 0;
      health.openUntil = now + Math.min(maxCooldownMs, cooldownMs * 2 ** (health.trips - 1));
    }
    this.#health.set(keyHash, health);
  }

  /** The earliest end of a cool-down after `now`, or null when no endpoint is cooling down. */
  nextOpen(now: number): number | null {
    let next: number | null = null;
    for (const { openUntil } of this.#health.values()) {
      if (openUntil > now && (next === null || openUntil < next)) next = openUntil;
    }
    return next;
  }

  /** Whether the endpoint of `keyHash` is tripped (cooling down or on one attempt at a time). */
  tripped(keyHash: string): boolean {
    return (this.#health.get(keyHash)?.trips ?? 0) > 0;
  }
}
