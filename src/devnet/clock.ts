/**
 * The devnet's one clock: every chain and the mock service read their time from it, so moving or
 * pausing it moves or pauses them all together. It runs at wall-clock speed from an offset
 * (`offsetMs`) until paused, then holds still at `frozenAtMs` until resumed. It never goes back.
 *
 * Chains join it as participants: each is told of every move, pause and resume (the EVM chains stamp
 * their next block, the SVM chain skips slots to match) and may veto a target it cannot reach before
 * anything moves. Operations run one at a time, in call order.
 */

/** The clock's state as plain JSON, for snapshots and saved state (`restore`). */
export interface DevnetClockState {
  /** Devnet time minus wall time while running, in ms. */
  offsetMs: number;
  /** The devnet time the clock is held at (unix ms), or null while it runs. */
  frozenAtMs: number | null;
}

/** What a participant is told: the clock moved from `fromMs` to `toMs` (unix ms). */
export interface ClockMove {
  fromMs: number;
  toMs: number;
  /** The move sets the next block's timestamp exactly (`setNext`), rather than advancing time. */
  exact: boolean;
}

/** A part of the devnet that follows the clock (an EVM chain, the SVM chain, the service's holds). */
export interface ClockParticipant {
  /** Throws (a JSON-RPC error the caller relays) when the participant cannot move to `toMs`. */
  check?(move: ClockMove): Promise<void> | void;
  /** The clock moved: follow it (stamp the next block, pass slots). */
  moved?(move: ClockMove): Promise<void> | void;
  /** The clock stopped at `atMs` (unix ms). */
  paused?(atMs: number): Promise<void> | void;
  /** The clock runs again from `atMs` (unix ms). */
  resumed?(atMs: number): Promise<void> | void;
}

/** The JSON answer of the clock's control surfaces. */
export interface DevnetTime {
  /** Devnet time, unix ms. */
  now: number;
  /** Devnet time, unix seconds (what the next block or slot is stamped with). */
  timestamp: number;
  paused: boolean;
  /** Devnet time minus wall time, in ms. */
  offsetMs: number;
}

/** The devnet's one clock (`devnet.time`): every chain's time and the service's follow it. */
export interface DevnetClock {
  /** Devnet time in unix ms (the service's `now`). */
  now(): number;
  /** Devnet time in whole unix seconds. */
  seconds(): number;
  readonly paused: boolean;
  /** Moves every clock forward by `seconds` (a non-negative integer). */
  increase(seconds: number): Promise<DevnetTime>;
  /** Moves every clock to `timestamp` (unix seconds, not before the current second); the next EVM block of each chain is stamped exactly `timestamp`. */
  setNext(timestamp: number): Promise<DevnetTime>;
  /** Moves every clock forward to `toMs` (unix ms; earlier targets are refused). */
  travelTo(toMs: number): Promise<DevnetTime>;
  /**
   * Moves every clock forward to `toMs` unless, when its turn comes, the clock already reads that or
   * later (then nothing moves): how the clock follows a chain that mined ahead of it.
   */
  catchUp(toMs: number): Promise<DevnetTime>;
  /** Holds every clock still until `resume()` (EVM blocks still mine, one second apart; slots stop). */
  pause(): Promise<DevnetTime>;
  /** Lets every clock run again from where it was held. */
  resume(): Promise<DevnetTime>;
  /** The clock's reading, as the control endpoint answers it. */
  time(): DevnetTime;
  /** The clock as plain JSON (snapshots and saved state). */
  state(): DevnetClockState;
  /**
   * Puts the clock back to a captured state. Participants are told of the pause or resume it implies
   * (so the SVM chain's slots stop or run), not of the time change: the caller restores the chains.
   */
  restore(state: DevnetClockState): Promise<void>;
  /** Adds a participant; returns the function that removes it. */
  join(participant: ClockParticipant): () => void;
}

/** An invalid clock request (the RPC surfaces relay `code` as their JSON-RPC error code). */
export class DevnetClockError extends Error {
  readonly code: number;
  constructor(message: string, code = -32602) {
    super(message);
    this.name = "DevnetClockError";
    this.code = code;
  }
}

/** Largest move at once: 100 years, far past any deadline and within every chain's integer range. */
export const MAX_CLOCK_STEP_SECONDS = 100 * 365 * 24 * 3600;

function assertStep(seconds: number, what: string): void {
  if (!Number.isSafeInteger(seconds) || seconds < 0 || seconds > MAX_CLOCK_STEP_SECONDS) {
    throw new DevnetClockError(
      `${what} must be an integer number of seconds from 0 to ${MAX_CLOCK_STEP_SECONDS}, got ${String(seconds)}`,
    );
  }
}

export function isDevnetClockState(value: unknown): value is DevnetClockState {
  const state = value as Partial<DevnetClockState> | null;
  return (
    typeof state === "object" &&
    state !== null &&
    Number.isSafeInteger(state.offsetMs) &&
    (state.frozenAtMs === null || Number.isSafeInteger(state.frozenAtMs))
  );
}

export function createDevnetClock(wall: () => number = Date.now): DevnetClock {
  let offsetMs = 0;
  let frozenAtMs: number | null = null;
  const participants = new Set<ClockParticipant>();
  let queue: Promise<unknown> = Promise.resolve();

  const now = () => frozenAtMs ?? wall() + offsetMs;
  const time = (): DevnetTime => {
    // One reading of the wall clock for both fields: a millisecond passing between two readings
    // would report an offset 1 ms off the one kept.
    const wallMs = wall();
    const at = frozenAtMs ?? wallMs + offsetMs;
    return { now: at, timestamp: Math.floor(at / 1000), paused: frozenAtMs !== null, offsetMs: at - wallMs };
  };
  /** Runs `operation` after every earlier one settled. */
  const serial = <T>(operation: () => Promise<T>): Promise<T> => {
    const next = queue.then(operation, operation);
    queue = next.catch(() => {});
    return next;
  };

  /**
   * Moves the clock to `target(fromMs)`, `fromMs` being its one reading at the start of the move
   * (read twice, a running clock could be a millisecond further on the second time).
   */
  async function move(target: (fromMs: number) => number, exact: boolean): Promise<DevnetTime> {
    const fromMs = now();
    const toMs = target(fromMs);
    if (toMs < fromMs) {
      throw new DevnetClockError(`the devnet clock never goes back: ${toMs} is before ${fromMs} (unix ms)`);
    }
    const event: ClockMove = { fromMs, toMs, exact };
    for (const participant of participants) await participant.check?.(event);
    if (frozenAtMs === null) offsetMs += toMs - fromMs;
    else frozenAtMs = toMs;
    for (const participant of participants) await participant.moved?.(event);
    return time();
  }

  return {
    now,
    seconds: () => Math.floor(now() / 1000),
    get paused() {
      return frozenAtMs !== null;
    },
    increase(seconds) {
      return serial(async () => {
        assertStep(seconds, "the time increase");
        return move((fromMs) => fromMs + seconds * 1000, false);
      });
    },
    setNext(timestamp) {
      return serial(async () => {
        const current = Math.floor(now() / 1000);
        if (!Number.isSafeInteger(timestamp) || timestamp < current) {
          throw new DevnetClockError(
            `the next timestamp must be an integer unix time in seconds, not before the devnet's current time ${current}, got ${String(timestamp)}`,
          );
        }
        assertStep(timestamp - current, "the step to the next timestamp");
        return move((fromMs) => Math.max(fromMs, timestamp * 1000), true);
      });
    },
    travelTo(toMs) {
      return serial(async () => {
        if (!Number.isSafeInteger(toMs)) throw new DevnetClockError(`not a unix time in ms: ${String(toMs)}`);
        assertStep(Math.ceil((toMs - now()) / 1000), "the time travel");
        return move(() => toMs, false);
      });
    },
    catchUp(toMs) {
      return serial(async () => {
        if (!Number.isSafeInteger(toMs)) throw new DevnetClockError(`not a unix time in ms: ${String(toMs)}`);
        if (toMs <= now()) return time();
        assertStep(Math.ceil((toMs - now()) / 1000), "the catch-up");
        return move((fromMs) => Math.max(fromMs, toMs), false);
      });
    },
    pause() {
      return serial(async () => {
        if (frozenAtMs === null) {
          frozenAtMs = now();
          for (const participant of participants) await participant.paused?.(frozenAtMs);
        }
        return time();
      });
    },
    resume() {
      return serial(async () => {
        if (frozenAtMs !== null) {
          const at = frozenAtMs;
          offsetMs = at - wall();
          frozenAtMs = null;
          for (const participant of participants) await participant.resumed?.(at);
        }
        return time();
      });
    },
    time,
    state: () => ({ offsetMs, frozenAtMs }),
    restore(state) {
      return serial(async () => {
        if (!isDevnetClockState(state)) throw new DevnetClockError("not a devnet clock state");
        const wasPaused = frozenAtMs !== null;
        offsetMs = state.offsetMs;
        frozenAtMs = state.frozenAtMs;
        const at = now();
        for (const participant of participants) {
          if (!wasPaused && frozenAtMs !== null) await participant.paused?.(at);
          if (wasPaused && frozenAtMs === null) await participant.resumed?.(at);
        }
      });
    },
    join(participant) {
      participants.add(participant);
      return () => participants.delete(participant);
    },
  };
}
