/**
 * Carries out scenarios (mock-only): gives each new request its scenario, holds its deposit
 * sightings as long as the scenario says (a deposit noticed late, a slow confirmation), rewinds the
 * origin chain under a deposit (`deposit-reorg`, through the chain's `snapshot` / `rewind`), and
 * makes the lifecycle wait before the fill and before confirming it. How a request ends is decided
 * in the lifecycle (`Lifecycle.#settleAsScenario`) from the plan this returns.
 */
import type { ChainAdapter } from "../chains/types.ts";
import { ClockTimers } from "../clock-timers.ts";
import type { DepositObservation } from "../lifecycle.ts";
import type { StoredRequest } from "../records.ts";
import type { ScenarioBook } from "./book.ts";
import { chainEventFits, type RequestFacts } from "./matcher.ts";
import type { ScenarioPlan } from "./schema.ts";

/** A scenario's hold was cut short by a snapshot or revert; the lifecycle starts it again after. */
export class ScenarioHoldSuspendedError extends Error {
  constructor() {
    super("a devnet snapshot or revert suspended the scenario's hold");
    this.name = "ScenarioHoldSuspendedError";
  }
}

/** A scenario's wait was cut short because the service is closing. */
export class ScenarioClosedError extends Error {
  constructor() {
    super("the service closed during a scenario's hold");
    this.name = "ScenarioClosedError";
  }
}

interface Progress {
  /** When its deposit was first seen (since the last reorg). */
  firstSeenAt?: number;
  /** When a sighting of its deposit first got past the `waiting` hold (it shows `depositing` from then). */
  shownAt?: number;
  /** `deposit-reorg` only: the origin chain's snapshot taken when the request was quoted. */
  snapshot?: Promise<string | null>;
  reorg?: "armed" | "running" | "done";
}

export interface ScenarioDirectorOptions {
  book: ScenarioBook;
  adapters: ReadonlyMap<number, ChainAdapter>;
  now: () => number;
  /** The service's timers on `now` (default: timers of its own). */
  timers?: ClockTimers;
  onError: (error: unknown, context: string) => void;
}

/**
 * The lifecycle's waits a scenario holds: before the fill (`pending`), the destination fill delayed
 * (`delayed`), and before confirming it (`submitted`).
 */
export type HoldPhase = "pending" | "delayed" | "submitted";

export class ScenarioDirector {
  readonly book: ScenarioBook;
  readonly #o: ScenarioDirectorOptions;
  readonly #progress = new Map<string, Progress>();
  readonly #timers: ClockTimers;
  /** Held sightings and reorgs waiting for the clock, by key: their cancel functions. */
  readonly #waiting = new Map<string, () => void>();
  /** Holds in progress: each ends its wait with the error it is given. */
  readonly #holds = new Set<(error: Error) => void>();
  /** Each hold's deadline on the service's clock, by request and phase. */
  readonly #deadlines = new Map<string, number>();
  #closed = false;
  #suspended = false;

  constructor(options: ScenarioDirectorOptions) {
    this.#o = options;
    this.book = options.book;
    this.#timers = options.timers ?? new ClockTimers(options.now);
  }

  /** A request was quoted: it takes the first scenario that applies, if any. */
  onQuoted(request: StoredRequest): void {
    const plan = this.book.claim(request, (candidate, facts) => this.#canHappen(candidate, facts));
    if (plan?.chainEvent !== "deposit-reorg") return;
    const id = request.record.id.toLowerCase();
    const adapter = this.#o.adapters.get(request.meta.originChainId);
    const progress: Progress = { reorg: "armed" };
    progress.snapshot = (adapter?.snapshot?.() ?? Promise.resolve(null)).catch((error) => {
      this.book.note(id, `no snapshot of chain ${request.meta.originChainId}: ${String(error)}`);
      return null;
    });
    this.#progress.set(id, progress);
  }

  planOf(requestId: string): ScenarioPlan | null {
    return this.book.planOf(requestId);
  }

  /**
   * What the lifecycle should apply of a deposit sighting: the sighting itself, a not-yet-final copy
   * (its confirmation is held), or nothing (it is held, or its block is about to be reorged away).
   * A held sighting is applied again through `replay` when its hold ends.
   */
  gateDeposit(
    request: StoredRequest,
    observation: DepositObservation,
    replay: (observation: DepositObservation) => void,
    now: number,
  ): DepositObservation | null {
    const plan = this.planOf(request.record.id);
    if (plan === null) return observation;
    const id = request.record.id.toLowerCase();
    const progress = this.#progress.get(id) ?? {};
    this.#progress.set(id, progress);
    progress.firstSeenAt ??= now;
    const key = `${id}:${observation.txHash}:${observation.position ?? "tx"}:${observation.final}`;
    const noticedAt = progress.firstSeenAt + plan.delays.waiting;
    if (now < noticedAt) {
      this.#later(key, noticedAt - now, () => replay(observation));
      return null;
    }
    if (progress.reorg === "armed" || progress.reorg === "running") {
      if (progress.reorg === "armed") {
        progress.reorg = "running";
        this.#later(`reorg:${id}`, 0, () => this.#reorg(id, progress, observation, replay));
      }
      // The non-final sighting shows `depositing`; a final one never counts, its block is going away.
      return observation.final ? null : observation;
    }
    // `now` is the lifecycle's stamp: `depositing` shows from `shownAt`, and the confirmation
    // (`pending`) is stamped no earlier than `shownAt` plus the delay.
    progress.shownAt ??= now;
    if (!observation.final) return observation;
    const confirmedAt = progress.shownAt + plan.delays.depositing;
    if (now < confirmedAt) {
      this.#later(key, confirmedAt - now, () => replay(observation));
      return { ...observation, final: false };
    }
    return observation;
  }

  /**
   * Waits on the service's clock until `ms` after the first call for this request's `phase` (0: not
   * at all): the clock's moves end it at once, a paused clock holds it. The deadline is kept, so
   * the hold a snapshot or revert cancelled (`suspend`) ends when it would have when it runs again.
   * Rejects with `ScenarioClosedError` when the service closes, `ScenarioHoldSuspendedError` when a
   * snapshot or revert suspends the holds.
   */
  hold(requestId: string, phase: HoldPhase, ms: number): Promise<void> {
    if (ms <= 0) return Promise.resolve();
    if (this.#closed) return Promise.reject(new ScenarioClosedError());
    if (this.#suspended) return Promise.reject(new ScenarioHoldSuspendedError());
    const key = `${requestId.toLowerCase()}:${phase}`;
    const until = this.#deadlines.get(key) ?? this.#o.now() + ms;
    this.#deadlines.set(key, until);
    return new Promise((resolve, reject) => {
      let cancelTimer = () => {};
      const stop = (error: Error) => {
        cancelTimer();
        this.#holds.delete(stop);
        reject(error);
      };
      this.#holds.add(stop);
      cancelTimer = this.#timers.at(until, () => {
        this.#holds.delete(stop);
        resolve();
      });
    });
  }

  /** Holds in progress (their requests' work waits on them). */
  get holding(): number {
    return this.#holds.size;
  }

  /**
   * Ends every hold in progress with `ScenarioHoldSuspendedError`, and every new one until `resume`,
   * so a snapshot or revert never waits for a hold; the lifecycle starts them again afterwards.
   */
  suspend(): void {
    this.#suspended = true;
    for (const stop of [...this.#holds]) stop(new ScenarioHoldSuspendedError());
  }

  /** Lets holds run again after `suspend`. */
  resume(): void {
    this.#suspended = false;
  }

  /** Notes what the scenario did to a request (listed with the scenario). */
  note(requestId: string, event: string): void {
    this.book.note(requestId, event);
  }

  /** Cancels every hold and held sighting. */
  close(): void {
    this.#closed = true;
    for (const cancel of this.#waiting.values()) cancel();
    this.#waiting.clear();
    for (const stop of [...this.#holds]) stop(new ScenarioClosedError());
  }

  #canHappen(plan: ScenarioPlan, facts: RequestFacts): boolean {
    if (!chainEventFits(plan.chainEvent, facts)) return false;
    if (plan.chainEvent === "deposit-reorg") {
      const origin = this.#o.adapters.get(facts.originChainId);
      return origin?.snapshot !== undefined && origin.rewind !== undefined;
    }
    if (plan.chainEvent === "fill-reverts") return this.#o.adapters.has(facts.destinationChainId);
    return true;
  }

  /** Runs `work` once the service's clock has moved on `ms`, once per `key` at a time; never after `close`. */
  #later(key: string, ms: number, work: () => void | Promise<void>): void {
    if (this.#closed || this.#waiting.has(key)) return;
    this.#waiting.set(key, () => {});
    const cancel = this.#timers.at(this.#o.now() + ms, () => {
      this.#waiting.delete(key);
      Promise.resolve()
        .then(work)
        .catch((error) => this.#o.onError(error, `scenario ${key}`));
    });
    if (this.#waiting.has(key)) this.#waiting.set(key, cancel);
  }

  /** Drops every origin block since the request was quoted: its deposit is gone from the chain. */
  async #reorg(
    id: string,
    progress: Progress,
    observation: DepositObservation,
    replay: (observation: DepositObservation) => void,
  ): Promise<void> {
    const adapter = this.#o.adapters.get(observation.chainId);
    const snapshot = (await progress.snapshot) ?? null;
    try {
      if (snapshot === null || adapter?.rewind === undefined) throw new Error("no snapshot to rewind to");
      await adapter.rewind(snapshot);
      this.book.note(id, `deposit ${observation.txHash} reorged away on chain ${observation.chainId}`);
    } catch (error) {
      this.book.note(id, `reorg failed: ${String(error)}`);
      progress.reorg = "done";
      if (observation.final) replay(observation);
      return;
    }
    progress.reorg = "done";
    delete progress.firstSeenAt;
    delete progress.shownAt;
  }
}
