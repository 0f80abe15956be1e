/**
 * One snapshot of the whole devnet: every part (each EVM chain, the SVM chain, the service's database
 * and its work in flight, the clock) is a `SnapshotParticipant`, captured and restored together.
 * Ids and semantics follow anvil's `evm_snapshot` / `evm_revert`: ids are hex quantities ("0x1"),
 * reverting to one deletes it and every later snapshot, and an unknown id reverts nothing (false).
 */
import { AttestkitError } from "../errors.ts";

/** One part of the devnet that a snapshot captures and a revert restores. */
export interface SnapshotParticipant<T = unknown> {
  /** Names the part in errors (e.g. "evm 8453"). */
  readonly name: string;
  /**
   * Stops the part's background work (timers, polling) and waits for what is in flight, so capture
   * and restore see a settled state; returns the function that starts it again. Called for every
   * participant before any capture or restore.
   */
  quiesce?(): Promise<() => void> | (() => void);
  /** The part's state now. */
  capture(): Promise<T> | T;
  /** Puts the part back to a state `capture` returned. */
  restore(state: T): Promise<void> | void;
}

/** A devnet snapshot's id: a hex quantity, as anvil's `evm_snapshot` returns. */
export type DevnetSnapshotId = `0x${string}`;

/** A revert that reached some participants and failed in another: the devnet is in a mixed state. */
export class SnapshotRevertError extends AttestkitError {
  constructor(participant: string, cause: unknown) {
    super(
      "SNAPSHOT_REVERT_FAILED",
      `reverting ${participant} failed: ${(cause as Error)?.message ?? String(cause)}`,
      {
        cause,
      },
    );
  }
}

/**
 * Snapshots of the whole devnet (`devnet.snapshot()`, `devnet.revert(id)`): every participant is
 * quiesced, then captured or restored together; ids and revert rules as anvil's.
 */
export class DevnetSnapshots {
  readonly #participants: SnapshotParticipant[] = [];
  readonly #taken = new Map<number, unknown[]>();
  #next = 1;
  /** Snapshot and revert calls run one at a time, in call order. */
  #queue: Promise<unknown> = Promise.resolve();

  /** Adds a part (e.g. a clock) to every later snapshot; snapshots taken before it do not cover it. */
  add<T>(participant: SnapshotParticipant<T>): void {
    this.#participants.push(participant as SnapshotParticipant);
  }

  #serial<T>(work: () => Promise<T>): Promise<T> {
    const run = this.#queue.then(work, work);
    this.#queue = run.catch(() => {});
    return run;
  }

  /** Runs `work` in turn with the snapshots, every participant quiesced (a saved state's capture). */
  settled<T>(work: () => Promise<T> | T): Promise<T> {
    return this.#serial(() => this.#quiesced(async () => work()));
  }

  async #quiesced<T>(work: () => Promise<T>): Promise<T> {
    const resumes: (() => void)[] = [];
    try {
      for (const participant of this.#participants) {
        if (participant.quiesce) resumes.push(await participant.quiesce());
      }
      return await work();
    } finally {
      for (const resume of resumes.reverse()) resume();
    }
  }

  /** Captures every participant; resolves to the id `revert` takes. */
  snapshot(): Promise<DevnetSnapshotId> {
    return this.#serial(() =>
      this.#quiesced(async () => {
        const states: unknown[] = [];
        for (const participant of this.#participants) states.push(await participant.capture());
        const id = this.#next++;
        this.#taken.set(id, states);
        return `0x${id.toString(16)}` as DevnetSnapshotId;
      }),
    );
  }

  /**
   * Restores every participant to snapshot `id` and deletes it and every later snapshot.
   * @returns false (nothing changed) when `id` is not a live snapshot.
   * @throws SnapshotRevertError when a participant fails to restore.
   */
  revert(id: string): Promise<boolean> {
    return this.#serial(async () => {
      const number = /^0x[0-9a-f]+$/i.test(id) ? Number.parseInt(id, 16) : Number.NaN;
      const states = this.#taken.get(number);
      if (states === undefined) return false;
      for (const later of [...this.#taken.keys()]) if (later >= number) this.#taken.delete(later);
      await this.#quiesced(async () => {
        for (const [index, state] of states.entries()) {
          const participant = this.#participants[index] as SnapshotParticipant;
          try {
            await participant.restore(state);
          } catch (error) {
            throw new SnapshotRevertError(participant.name, error);
          }
        }
      });
      return true;
    });
  }
}
