/**
 * Timers on the service's clock (`now`, the devnet's clock under the devnet): each fires once the
 * clock reads its due time, not after a span of wall time. A wall-clock timeout only wakes a timer
 * to look at the clock again; when the clock jumps (`moved`), every timer that came due fires at
 * once, and while the clock is held still (`paused`) none fires.
 */

/** Longest single wall-clock wait (setTimeout's limit); a later due time is looked at again then. */
const MAX_WAIT_MS = 2 ** 31 - 1;

interface Entry {
  dueMs: number;
  fire: () => void;
  handle?: NodeJS.Timeout;
}

export class ClockTimers {
  readonly #now: () => number;
  readonly #entries = new Set<Entry>();
  #paused = false;

  constructor(now: () => number) {
    this.#now = now;
  }

  /** Runs `fire` once the clock reads `dueMs` (unix ms) or later; returns the function that cancels it. */
  at(dueMs: number, fire: () => void): () => void {
    const entry: Entry = { dueMs, fire };
    this.#entries.add(entry);
    this.#check(entry);
    return () => {
      clearTimeout(entry.handle);
      this.#entries.delete(entry);
    };
  }

  /** Timers waiting. */
  get size(): number {
    return this.#entries.size;
  }

  /** The clock jumped (forward or, on a revert, back): fires what is due, re-times the rest. */
  moved(): void {
    for (const entry of [...this.#entries]) this.#check(entry);
  }

  /** The clock stopped: no timer fires until `resumed`. */
  paused(): void {
    this.#paused = true;
    for (const entry of this.#entries) clearTimeout(entry.handle);
  }

  /** The clock runs again. */
  resumed(): void {
    this.#paused = false;
    this.moved();
  }

  /** Cancels every timer. */
  clear(): void {
    for (const entry of this.#entries) clearTimeout(entry.handle);
    this.#entries.clear();
  }

  #check(entry: Entry): void {
    if (!this.#entries.has(entry)) return;
    clearTimeout(entry.handle);
    const left = entry.dueMs - this.#now();
    if (left <= 0) {
      this.#entries.delete(entry);
      entry.fire();
      return;
    }
    if (this.#paused) return;
    entry.handle = setTimeout(() => this.#check(entry), Math.min(left, MAX_WAIT_MS));
  }
}
