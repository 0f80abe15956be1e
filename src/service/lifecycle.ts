/**
 * Request status lifecycle (service interface: Fast fill, Endpoints): waiting -> depositing -> pending -> submitted -> success,
 * or failure (with a failReason) or refund. Every transition is caused by an observation of a chain
 * (through the indexer, or the mock-only admin routes that stand in for a chain in tests) or by the
 * solver's own fill. Fast fill (service interface: Fast fill) lives here too because it is a transition with a hold.
 */
import { keccak256, toHex } from "viem";
import {
  FAIL_REASON_STATUSES,
  type FailReason,
  type RefundFailReason,
  type RequestRecord,
  type Transaction,
} from "../schemas/index.ts";
import type { ActivityEvent } from "./activity.ts";
import { RefundHeldError } from "./chains/refund-held.ts";
import { RevertedTransferError } from "./chains/types.ts";
import { crashPoint } from "./crash-points.ts";
import {
  type BookedDeposit,
  bookDeposit,
  type DepositDecision,
  recordDepositRefund,
  recordRefundHeld,
  requestDeposit,
  requestHasDeposit,
  unrefundedDeposits,
} from "./deposits.ts";
import { conflict, forbidden, notFound, ServiceHttpError } from "./errors.ts";
import type { Hold, Ledger } from "./ledger.ts";
import { legVerdict } from "./leg-verification.ts";
import { normalizeLookup, type StoredRequest } from "./records.ts";
import { type NoAutomaticRefund, type RefundPayment, refundDestination } from "./refund-destination.ts";
import { getRequest, updateRequest } from "./requests-repo.ts";
import type { ScenarioPlan } from "./scenarios/schema.ts";
import type { Store } from "./store.ts";
import { formatMicroUsd } from "./tokens.ts";

/** A transaction the service saw on a chain. */
export interface ObservedTx {
  txHash: string;
  chainId: number;
  block: number;
  /** Unix seconds. */
  timestamp?: number;
  from?: string;
  status?: "success" | "failure";
  /** Fee paid in native smallest units. */
  fee?: string;
  data?: unknown;
}

/** An origin deposit seen on a chain for a request. */
export interface DepositObservation extends ObservedTx {
  /**
   * Who paid it: the account whose balance it came from (or the payer a receiver bound), however
   * its transaction reached the chain; never an account that only relayed it or paid its fees.
   * Absent: the request's user (the mock deposit endpoint).
   */
  from?: string;
  requestId: string;
  /** Currency and amount that arrived (smallest units). */
  currency?: string;
  amount?: string;
  /** Whether the deposit is final (enough confirmations); a first sighting is usually not. */
  final: boolean;
  /** Where in its transaction the deposit is named (`DepositPosition`; default `tx`). */
  position?: string;
}

/** Result of a solver fill or refund on a chain. */
export interface SolverTx {
  txHash: string;
  chainId: number;
  block: number;
  final: boolean;
}

/** A deposit as it arrived: what a refund returns, and to whom. */
export interface RefundableDeposit {
  currency: string;
  amount: bigint;
  /** The refund's recipient on the origin chain (`refundDestination`). */
  to: string;
  /** The deposit transaction returned, when it is not the request's own deposit (one refund each). */
  depositTx?: string;
  /** Where in `depositTx` that deposit is named, when the transaction holds several (`DepositPosition`). */
  depositPosition?: string;
}

/** A deposit the lifecycle may refund: where to (`refundDestination`), or why it gets no automatic refund. */
type RefundPlan = Omit<RefundableDeposit, "to"> &
  ({ to: string } | { to: null; noRefund: NoAutomaticRefund });

/** How a fill is sent. */
export interface FillOptions {
  /** Scenarios only: a fill that reverts on chain (`RevertedTransferError`). */
  revert?: boolean;
}

/** Fills and refunds requests on chains. */
export interface Solver {
  fill(request: StoredRequest, amount: bigint, options?: FillOptions): Promise<SolverTx>;
  /** Returns a deposit to the payer on the origin chain: what arrived, in the currency it arrived in. */
  refund(request: StoredRequest, deposit: RefundableDeposit): Promise<SolverTx>;
}

/** A solver for requests whose chains are not wired: deterministic mock hashes, final at once. */
export const simulatedSolver: Solver = {
  async fill(request) {
    return {
      txHash: keccak256(toHex(`fill:${request.record.id}`)),
      chainId: request.meta.destinationChainId,
      block: 0,
      final: true,
    };
  },
  async refund(request) {
    return {
      txHash: keccak256(toHex(`refund:${request.record.id}`)),
      chainId: request.meta.originChainId,
      block: 0,
      final: true,
    };
  },
};

function toTransaction(tx: ObservedTx, type: string, now: number): Transaction {
  return {
    txHash: tx.txHash,
    fee: tx.fee ?? "0",
    feeUsd: "0",
    block: tx.block,
    type,
    chainId: tx.chainId,
    timestamp: tx.timestamp ?? Math.floor(now / 1000),
    status: tx.status ?? "success",
    data: tx.data ?? null,
    stateChanges: null,
  };
}

const sameHash = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

function upsertTx(list: Transaction[], tx: Transaction): void {
  const index = list.findIndex((existing) => sameHash(existing.txHash, tx.txHash));
  if (index >= 0) list[index] = tx;
  else list.push(tx);
}

export interface FastFillOutcome {
  requestId: string;
  status: "filled" | "skipped";
  fillTxHash: string | null;
  hold: { amount: string; amountFormatted: string; amountUsd: string } | null;
  reason?: string;
}

/** What the lifecycle asks of the mock's scenarios (`scenarios/director.ts`). */
export interface LifecycleScenarios {
  /** The scenario the request follows, or null. */
  planOf(requestId: string): ScenarioPlan | null;
  /**
   * The part of a deposit sighting to apply at `now` (null: none), `now` being the time the
   * lifecycle stamps what it applies; a held one comes back through `replay`.
   */
  gateDeposit(
    request: StoredRequest,
    observation: DepositObservation,
    replay: (observation: DepositObservation) => void,
    now: number,
  ): DepositObservation | null;
  /**
   * Waits until `ms` after the first hold of this request's `phase` on the service's clock; rejects
   * when the service closes, or a devnet snapshot or revert suspends it (`resumeHeld` restarts it).
   */
  hold(requestId: string, phase: "pending" | "delayed" | "submitted", ms: number): Promise<void>;
}

export interface LifecycleOptions {
  store: Store;
  ledger: Ledger;
  solver: Solver;
  /** How long a fast-fill hold waits for the deposit before it becomes a permanent debit. */
  holdTimeoutMs: number;
  now?: () => number;
  onError?: (error: unknown, context: string) => void;
  /** Deposits seen, fills, holds and refunds as they happen (the activity feed). */
  onActivity?: (event: ActivityEvent) => void;
  /** Mock-only scenarios, when enabled: they hold, end and break requests on demand. */
  scenarios?: LifecycleScenarios;
}

export class Lifecycle {
  readonly #o: LifecycleOptions;
  readonly #now: () => number;
  /** Fills in flight, so tests and shutdown can wait for them. */
  readonly pending = new Set<Promise<unknown>>();

  constructor(options: LifecycleOptions) {
    this.#o = options;
    this.#now = options.now ?? Date.now;
  }

  #track<T>(promise: Promise<T>): Promise<T> {
    this.pending.add(promise);
    promise.finally(() => this.pending.delete(promise)).catch(() => {});
    return promise;
  }

  /** Waits for every fill/refund in flight. */
  async idle(): Promise<void> {
    while (this.pending.size > 0) await Promise.allSettled([...this.pending]);
  }

  /**
   * An origin deposit was seen. A deposit counts for the request only when its user paid it (`from`:
   * the account whose balance it came from, whoever relayed the transaction): anything else never
   * moves the request and, once final, goes back on its own to whoever paid it (what arrived, never
   * more); a deposit of nothing is ignored. The user's deposit, not final: waiting -> depositing. Final, the first one: filled
   * (pending), or refunded when it does not match the quote or arrived after its order's deadline;
   * for a fast-filled request it settles the hold. A later one (the request already took its
   * deposit or is closed) is refunded. Each final deposit is booked once (`deposits`, keyed by its
   * position in its transaction), so rescans are no-ops.
   */
  observeDeposit(sighting: DepositObservation): StoredRequest | null {
    const now = this.#now();
    const current = getRequest(this.#o.store, sighting.requestId);
    if (current === null) return null;
    const { scenarios } = this.#o;
    const observation =
      scenarios === undefined
        ? sighting
        : scenarios.gateDeposit(current, sighting, (held) => this.observeDeposit(held), now);
    if (observation === null) return current;
    const arrived = {
      currency: observation.currency ?? current.meta.originCurrency,
      amount: BigInt(observation.amount ?? current.meta.originAmount),
    };
    if (arrived.amount === 0n) return current;
    const fromUser = fromRequestUser(current.record, observation);
    if (!fromUser) {
      if (!observation.final) return current;
      const sender = observation.from;
      const booked =
        sender !== undefined &&
        bookDeposit(
          this.#o.store,
          {
            ...this.#booking(current, observation, arrived, sender, false, "refund", "NOT_FROM_USER"),
            separate: true,
          },
          now,
        );
      if (booked) {
        const refund = { ...arrived, ...refundTarget(current.record, sender), ...depositRef(observation) };
        this.#track(this.#refundDeposit(current, observation, refund)).catch(() => {});
      }
      return current;
    }
    let action: "fill" | "refund-request" | "refund-deposit" | null = null;
    let refundReason: FailReason | null = null;
    const updated = updateRequest(
      this.#o.store,
      observation.requestId,
      (request) => {
        const { record, meta } = request;
        if (!observation.final) {
          upsertTx(record.data.inTxs, toTransaction(observation, "deposit", now));
          if (record.sender === null) record.sender = observation.from ?? record.user;
          if (meta.depositSeenAt === null) meta.depositSeenAt = now;
          if (record.status === "waiting") record.status = "depositing";
          return;
        }
        const fastFilled = record.data.triggeredByFastFill === true;
        const open = record.status === "waiting" || record.status === "depositing";
        const expected = (open || fastFilled) && !requestHasDeposit(this.#o.store, record.id);
        const mismatch = expected ? depositMismatch(request, observation, now) : null;
        const kind = !expected || mismatch !== null ? "refund" : fastFilled ? "settle" : "fill";
        const reason = expected ? mismatch : "REQUEST_CLOSED";
        const booking = {
          ...this.#booking(request, observation, arrived, record.user, true, kind, reason),
          separate: !expected || (fastFilled && mismatch !== null),
        };
        if (!bookDeposit(this.#o.store, booking, now)) return;
        if (!expected) {
          action = "refund-deposit";
          return;
        }
        upsertTx(record.data.inTxs, toTransaction(observation, "deposit", now));
        if (record.sender === null) record.sender = observation.from ?? record.user;
        if (meta.depositSeenAt === null) meta.depositSeenAt = now;
        // A hold is released only by the deposit it stood for: a short or foreign one leaves it to expire.
        if (mismatch === null) this.#o.ledger.releaseHold(record.id, now);
        if (fastFilled) {
          if (mismatch !== null) action = "refund-deposit";
          return;
        }
        record.status = "pending";
        refundReason = mismatch;
        action = mismatch === null ? "fill" : "refund-request";
      },
      now,
    );
    if (updated !== null) {
      this.#o.onActivity?.({
        kind: "deposit",
        requestId: updated.record.id,
        chainId: observation.chainId,
        txHash: observation.txHash,
        final: observation.final,
      });
    }
    if (updated === null) return null;
    crashPoint(observation.final ? "deposit-final" : "deposit-indexed");
    const toUser = { ...arrived, ...refundTarget(updated.record, observation.from ?? updated.record.user) };
    if (action === "refund-request")
      this.#track(this.#refund(updated, refundReason!, toUser)).catch(() => {});
    else if (action === "refund-deposit")
      this.#track(this.#refundDeposit(updated, observation, { ...toUser, ...depositRef(observation) })).catch(
        () => {},
      );
    else if (action === "fill") this.#track(this.#fillOrRefund(updated, toUser)).catch(() => {});
    return updated;
  }

  /**
   * The indexer rescanned `chainId` from `fromBlock` to `toBlock` and `stillThere` says
   * which deposits it saw: a deposit of this request it had recorded in those blocks and no longer
   * sees was reorged out. It is forgotten, and a request left without a deposit is `waiting` again.
   * Only the indexer's own sightings count (mock deposits have no chain to disappear from).
   */
  forgetReorgedDeposits(
    requestId: string,
    chainId: number,
    fromBlock: number,
    toBlock: number,
    stillThere: (txHash: string) => boolean,
  ): StoredRequest | null {
    const reorged = (tx: Transaction) =>
      tx.chainId === chainId &&
      tx.block >= fromBlock &&
      tx.block <= toBlock &&
      (tx.data as { via?: string } | null)?.via !== undefined &&
      !stillThere(tx.txHash);
    const current = getRequest(this.#o.store, requestId);
    // A fast-filled request keeps its sighting: its fill went out, and its hold stands for the deposit.
    const data = current?.record.data;
    if (
      current?.record.status !== "depositing" ||
      data?.triggeredByFastFill === true ||
      !data?.inTxs.some(reorged)
    )
      return current;
    return updateRequest(
      this.#o.store,
      requestId,
      ({ record, meta }) => {
        record.data.inTxs = record.data.inTxs.filter((tx) => !reorged(tx));
        if (record.data.inTxs.length > 0 || record.status !== "depositing") return;
        record.status = "waiting";
        record.sender = null;
        meta.depositSeenAt = null;
      },
      this.#now(),
    );
  }

  /**
   * Start-up reconciliation, before the indexer or the API act. Whatever was decided and not seen
   * through before a crash is carried out again, and the outbox (`sendOnce`) turns each into a
   * look-up when its transaction went out: a request left `pending` gets its fill or refund; a
   * deposit booked for a refund of its own gets it; a fast fill whose result was not recorded
   * (the request still `depositing`, its hold placed and not cancelled, whether since released or
   * expired) is completed, as the hold promised. Requests a scenario holds (`pending` with their
   * deposit, or `submitted`) wait out their holds again once this is done (`resumeHeld`), beside the
   * API: a hold never delays the start.
   */
  async resume(): Promise<void> {
    const store = this.#o.store;
    const ids = (column: string, value: string) =>
      (store.prepare(`SELECT id FROM requests WHERE ${column} = ?`).all(value) as { id: string }[]).map(
        (row) => row.id,
      );
    // A `delayed` request is a `pending` one whose fill is late: both still owe their fill or refund.
    for (const id of [...ids("status", "pending"), ...ids("status", "delayed")]) {
      const request = getRequest(store, id);
      const deposit = requestDeposit(store, id);
      if (request === null || deposit === null) continue;
      const held = (this.#o.scenarios?.planOf(id) ?? null) !== null && !orderExpired(request, this.#now());
      if (held && deposit.kind === "fill") continue;
      const toUser = {
        currency: deposit.currency,
        amount: deposit.amount,
        ...refundTarget(request.record, deposit.sender),
      };
      // (`settle`: a fast fill's deposit whose fill failed after it arrived, filled the ordinary way)
      if (deposit.kind === "fill" || deposit.kind === "settle")
        this.#track(this.#fillOrRefund(request, toUser)).catch(() => {});
      else if (deposit.kind === "refund") {
        this.#track(this.#refund(request, deposit.reason as FailReason, toUser)).catch(() => {});
      }
    }
    for (const deposit of unrefundedDeposits(store)) {
      const request = getRequest(store, deposit.requestId);
      if (request === null) continue;
      const refund = {
        currency: deposit.currency,
        amount: deposit.amount,
        ...refundTarget(request.record, deposit.sender),
        ...depositRef(deposit),
      };
      this.#track(this.#refundDeposit(request, deposit, refund)).catch(() => {});
    }
    for (const id of ids("status", "depositing")) {
      const request = getRequest(store, id);
      // Released (its deposit settled it) or debited (it expired) says nothing about the fill itself.
      const hold = this.#o.ledger.getHold(id);
      if (request?.record.data.triggeredByFastFill !== true || hold === null || hold.status === "cancelled")
        continue;
      const input = BigInt(request.meta.fastFillInput ?? request.meta.originAmount);
      this.#track(this.#fill(request, input)).catch((error) => this.#o.onError?.(error, `fast fill ${id}`));
    }
    await this.idle();
    this.resumeHeld();
  }

  /**
   * Starts again the scenario holds a restart, or a devnet snapshot or revert, cut short (the
   * database as it is now: after a revert, the holds of its snapshot): a `pending` or `delayed` request
   * with its deposit waits out its `pending` and `delayed` holds and ends as its scenario says; a
   * `submitted` one waits out its `submitted` hold
   * and confirms its fill. Each hold keeps its deadline, so it ends when it would have.
   */
  resumeHeld(): void {
    const scenarios = this.#o.scenarios;
    if (scenarios === undefined) return;
    const store = this.#o.store;
    const rows = store
      .prepare("SELECT id, status FROM requests WHERE status IN ('pending', 'delayed', 'submitted')")
      .all() as { id: string; status: "pending" | "delayed" | "submitted" }[];
    for (const { id, status } of rows) {
      const request = getRequest(store, id);
      const plan = scenarios.planOf(id);
      if (request === null || plan === null) continue;
      if (status !== "submitted") {
        const deposit = requestDeposit(store, id);
        if (deposit === null || deposit.kind !== "fill") continue;
        const toUser = {
          currency: deposit.currency,
          amount: deposit.amount,
          ...refundTarget(request.record, deposit.sender),
        };
        this.#track(this.#settleAsScenario(request, toUser, plan)).catch(() => {});
        continue;
      }
      const fill = request.record.data.outTxs.find((tx) => tx.type === "fill");
      if (fill === undefined) continue;
      const tx = {
        txHash: fill.txHash,
        chainId: fill.chainId,
        block: fill.block,
        status: "success" as const,
      };
      this.#track(
        scenarios
          .hold(id, "submitted", plan.delays.submitted)
          .then(() => void this.observeFill(id, { ...tx, final: true })),
      ).catch(() => {});
    }
  }

  #booking(
    request: StoredRequest,
    observation: DepositObservation,
    arrived: Pick<RefundableDeposit, "currency" | "amount">,
    sender: string,
    fromUser: boolean,
    kind: DepositDecision,
    reason: string | null,
  ): Omit<BookedDeposit, "separate"> {
    return {
      chainId: observation.chainId,
      txHash: observation.txHash,
      position: observation.position ?? "tx",
      currency: arrived.currency,
      requestId: request.record.id,
      sender,
      fromUser,
      amount: arrived.amount,
      kind,
      reason,
    };
  }

  /**
   * Returns a deposit that is not the request's (a stranger's, or one arriving after the request
   * took its deposit) to its sender; the request itself does not change.
   */
  async #refundDeposit(
    request: StoredRequest,
    observation: Pick<DepositObservation, "chainId" | "txHash" | "position">,
    deposit: RefundPlan,
  ): Promise<void> {
    const key = {
      chainId: observation.chainId,
      txHash: observation.txHash,
      position: observation.position ?? "tx",
      currency: deposit.currency,
      requestId: request.record.id,
    };
    try {
      const tx = await this.#o.solver.refund(request, refundable(deposit));
      recordDepositRefund(this.#o.store, key, tx.txHash);
    } catch (error) {
      this.#o.onError?.(error, `refund deposit ${observation.txHash} of ${request.record.id}`);
      recordRefundHeld(this.#o.store, key, error);
    }
  }

  /** A destination fill transaction was confirmed (or seen failing) on chain. */
  observeFill(requestId: string, tx: ObservedTx & { final: boolean }): StoredRequest | null {
    const now = this.#now();
    const updated = updateRequest(
      this.#o.store,
      requestId,
      ({ record, meta }) => {
        upsertTx(record.data.outTxs, toTransaction(tx, "fill", now));
        if (tx.status === "failure") {
          record.status = "failure";
          record.data.failReason = "TRANSACTION_REVERTED";
          record.data.failedTxHash = tx.txHash;
          record.data.failedTxBlockNumber = tx.block;
          return;
        }
        if (tx.final) {
          record.status = "success";
          if (meta.depositSeenAt !== null && meta.fillTime === null) {
            meta.fillTime = Math.max(0, (now - meta.depositSeenAt) / 1000);
          }
        } else if (record.status !== "success") {
          record.status = "submitted";
        }
      },
      now,
    );
    if (updated !== null) {
      this.#o.onActivity?.({
        kind: "fill",
        requestId,
        chainId: tx.chainId,
        txHash: tx.txHash,
        status: updated.record.status,
        ...legVerdict(updated.meta, tx.txHash),
      });
    }
    return updated;
  }

  /** Records a refund transaction; `refundFailReason` when the refund itself could not be made. */
  observeRefund(
    requestId: string,
    tx: ObservedTx | null,
    failReason: FailReason,
    refundFailReason: RefundFailReason | null = null,
  ): StoredRequest | null {
    const now = this.#now();
    const updated = updateRequest(
      this.#o.store,
      requestId,
      ({ record }) => {
        record.data.failReason = failReason;
        if (tx !== null) {
          upsertTx(record.data.outTxs, toTransaction(tx, "refund", now));
          record.status = "refund";
        } else {
          record.status = "failure";
          record.data.refundFailReason = refundFailReason;
        }
      },
      now,
    );
    if (updated !== null) {
      this.#o.onActivity?.({
        kind: "refund",
        requestId,
        txHash: tx?.txHash ?? null,
        reason: failReason,
        ...(tx === null ? {} : legVerdict(updated.meta, tx.txHash)),
      });
    }
    return updated;
  }

  async #fill(request: StoredRequest, amount: bigint): Promise<SolverTx> {
    const tx = await this.#o.solver.fill(request, amount);
    this.observeFill(request.record.id, { ...tx, status: "success" });
    return tx;
  }

  /**
   * Fills a final, matching deposit; when the solver cannot, or its order's `output.deadline` has
   * passed (the fill would be late), the deposit goes back to the payer.
   */
  async #fillOrRefund(request: StoredRequest, arrived: RefundPlan): Promise<void> {
    if (orderExpired(request, this.#now())) {
      await this.#refund(request, "PROTOCOL_DEADLINE_EXPIRED", arrived);
      return;
    }
    const plan = this.#o.scenarios?.planOf(request.record.id) ?? null;
    if (plan !== null) {
      await this.#settleAsScenario(request, arrived, plan);
      return;
    }
    try {
      await this.#fill(request, BigInt(request.meta.originAmount));
    } catch (error) {
      this.#o.onError?.(error, `fill ${request.record.id}`);
      await this.#refund(request, "SOLVER_BALANCE_TOO_LOW", arrived);
    }
  }

  /**
   * A request a scenario took ends as it says, once its `pending` hold (and its `delayed` one, shown as
   * the status `delayed`) is over: refunded on chain,
   * failed, or filled (held `submitted` first, or ending `fallback`); `fill-reverts` sends a fill
   * that reverts on chain (failure, `TRANSACTION_REVERTED`), `solver-balance-too-low` sends no
   * fill and refunds (`SOLVER_BALANCE_TOO_LOW`).
   */
  async #settleAsScenario(request: StoredRequest, arrived: RefundPlan, plan: ScenarioPlan) {
    const scenarios = this.#o.scenarios!;
    const id = request.record.id;
    await scenarios.hold(id, "pending", plan.delays.pending);
    // Plans stored before `delayed` existed have no entry for it.
    const delayedMs = plan.delays.delayed ?? 0;
    if (delayedMs > 0) {
      this.#markDelayed(id);
      await scenarios.hold(id, "delayed", delayedMs);
    }
    // A fill held past its order's deadline would be late: the deposit goes back instead.
    if (orderExpired(request, this.#now()))
      return this.#refund(request, "PROTOCOL_DEADLINE_EXPIRED", arrived);
    if (plan.chainEvent === "solver-balance-too-low")
      return this.#refund(request, "SOLVER_BALANCE_TOO_LOW", arrived);
    if (plan.outcome === "refund") return this.#refund(request, plan.failReason ?? "UNKNOWN", arrived);
    if (plan.outcome === "failure") {
      this.observeRefund(id, null, plan.failReason ?? "UNKNOWN", plan.refundFailReason);
      return;
    }
    const amount = BigInt(request.meta.originAmount);
    let tx: SolverTx;
    try {
      tx = await this.#o.solver.fill(
        request,
        amount,
        plan.chainEvent === "fill-reverts" ? { revert: true } : {},
      );
    } catch (error) {
      if (!(error instanceof RevertedTransferError)) {
        this.#o.onError?.(error, `fill ${id}`);
        return this.#refund(request, "SOLVER_BALANCE_TOO_LOW", arrived);
      }
      const { txHash, block } = error;
      this.observeFill(id, {
        txHash,
        block,
        chainId: request.meta.destinationChainId,
        status: "failure",
        final: true,
      });
      return;
    }
    if (plan.outcome === "fallback") {
      this.#observeFallback(id, tx, plan.failReason ?? "UNKNOWN");
      return;
    }
    if (plan.delays.submitted > 0) {
      this.observeFill(id, { ...tx, status: "success", final: false });
      await scenarios.hold(id, "submitted", plan.delays.submitted);
    }
    this.observeFill(id, { ...tx, status: "success", final: true });
  }

  /** The destination fill is late: a `pending` request shows `delayed` (still processing, not final). */
  #markDelayed(requestId: string): void {
    updateRequest(
      this.#o.store,
      requestId,
      ({ record }) => {
        if (record.status === "pending") record.status = "delayed";
      },
      this.#now(),
    );
  }

  /** A fill that landed as the fallback outcome: the request ends `fallback` with `failReason`. */
  #observeFallback(requestId: string, tx: SolverTx, failReason: FailReason): void {
    const now = this.#now();
    updateRequest(
      this.#o.store,
      requestId,
      ({ record }) => {
        upsertTx(record.data.outTxs, toTransaction(tx, "fill", now));
        record.status = "fallback";
        record.data.failReason = failReason;
      },
      now,
    );
    this.#o.onActivity?.({
      kind: "fill",
      requestId,
      chainId: tx.chainId,
      txHash: tx.txHash,
      status: "fallback",
    });
  }

  async #refund(request: StoredRequest, reason: FailReason, arrived: RefundPlan): Promise<void> {
    try {
      const tx = await this.#o.solver.refund(request, refundable(arrived));
      this.observeRefund(request.record.id, tx, reason);
    } catch (error) {
      this.#o.onError?.(error, `refund ${request.record.id}`);
      const deposit = requestDeposit(this.#o.store, request.record.id);
      if (deposit !== null) recordRefundHeld(this.#o.store, deposit, error);
      this.observeRefund(request.record.id, null, reason, "MANUAL_REFUND_REQUIRED");
    }
  }

  /**
   * POST /fast-fill (service interface: Fast fill): preconditions, hold, immediate fill. The hold is placed in one
   * transaction before any await, so concurrent calls never overdraw the app balance.
   */
  async fastFill(params: {
    keyHash: string;
    requestId: string;
    maxFillAmountUsd?: number;
    solverInputCurrencyAmount?: string;
  }): Promise<FastFillOutcome> {
    const wallet = this.#o.ledger.sponsorshipWallet(params.keyHash);
    if (wallet === null) {
      throw forbidden(
        "SPONSORSHIP_WALLET_NOT_LINKED",
        "fast fill needs a fee sponsorship wallet linked to this API key",
      );
    }
    const request = getRequest(this.#o.store, params.requestId);
    if (request === null) throw notFound("REQUEST_NOT_FOUND", `no request with id ${params.requestId}`);
    const { record, meta } = request;
    if (record.status === "waiting") {
      throw conflict(
        "ORIGIN_TX_NOT_SUBMITTED",
        "the origin transaction of this request has not been seen yet; call fast fill after submitting it",
      );
    }
    if (record.status !== "depositing") {
      throw conflict(
        "ORIGIN_TX_ALREADY_FINAL",
        `fast fill applies only before the origin transaction finalizes; request status is ${record.status}`,
      );
    }
    if (orderExpired(request, this.#now())) {
      throw conflict(
        "PROTOCOL_DEADLINE_EXPIRED",
        `the request's order expired at ${new Date((meta.orderDeadline ?? 0) * 1000).toISOString()}; it is refunded, never filled`,
      );
    }
    const requestUsd = BigInt(meta.amountMicroUsd);
    if (params.maxFillAmountUsd !== undefined && Number(requestUsd) / 1e6 > params.maxFillAmountUsd) {
      return {
        requestId: record.id,
        status: "skipped",
        fillTxHash: null,
        hold: null,
        reason: `request value ${formatMicroUsd(requestUsd)} USD exceeds maxFillAmountUsd ${params.maxFillAmountUsd}`,
      };
    }
    const originAmount = BigInt(meta.originAmount);
    let inputAmount = originAmount;
    if (params.solverInputCurrencyAmount !== undefined) {
      inputAmount = BigInt(params.solverInputCurrencyAmount);
      if (inputAmount === 0n || inputAmount > originAmount) {
        throw new ServiceHttpError(
          400,
          "INVALID_SOLVER_INPUT_AMOUNT",
          `solverInputCurrencyAmount must be between 1 and the request's origin amount ${originAmount}`,
        );
      }
    }
    const holdAmount = originAmount === 0n ? 0n : (requestUsd * inputAmount) / originAmount;
    const now = this.#now();
    const hold: Hold = this.#o.store.transaction(() => {
      const placed = this.#o.ledger.placeHold(
        wallet,
        record.id,
        holdAmount,
        now + this.#o.holdTimeoutMs,
        now,
      );
      updateRequest(
        this.#o.store,
        record.id,
        (current) => {
          current.record.data.triggeredByFastFill = true;
          current.meta.fastFillInput = inputAmount.toString();
          if (!current.meta.features.includes("fast_fill")) current.meta.features.push("fast_fill");
        },
        now,
      );
      return placed;
    });
    crashPoint("fast-fill-hold");
    this.#o.onActivity?.({
      kind: "hold",
      requestId: record.id,
      wallet,
      amountUsd: formatMicroUsd(holdAmount),
    });
    let tx: SolverTx;
    try {
      tx = await this.#track(this.#fill(request, inputAmount));
    } catch (error) {
      this.#o.onError?.(error, `fast fill ${record.id}`);
      // Nothing was advanced: the request goes back to the ordinary path, its deposit filled once
      // final, or at once when it already arrived (and settled the hold) while the fill was out.
      const arrived = this.#o.store.transaction(() => {
        this.#o.ledger.cancelHold(record.id);
        const deposit = requestDeposit(this.#o.store, record.id);
        const updated = updateRequest(
          this.#o.store,
          record.id,
          (current) => {
            current.record.data.triggeredByFastFill = false;
            if (deposit?.kind === "settle") current.record.status = "pending";
          },
          this.#now(),
        );
        return deposit?.kind === "settle" && updated !== null ? { deposit, updated } : null;
      });
      if (arrived !== null) {
        const { deposit, updated } = arrived;
        const toUser = {
          currency: deposit.currency,
          amount: deposit.amount,
          ...refundTarget(updated.record, deposit.sender),
        };
        this.#track(this.#fillOrRefund(updated, toUser)).catch(() => {});
      }
      throw new ServiceHttpError(
        503,
        "SOLVER_UNAVAILABLE",
        "the solver could not fill the request; no hold was kept",
      );
    }
    return {
      requestId: record.id,
      status: "filled",
      fillTxHash: tx.txHash,
      hold: {
        amount: hold.amount.toString(),
        amountFormatted: formatMicroUsd(hold.amount),
        amountUsd: formatMicroUsd(hold.amount),
      },
    };
  }
}

/**
 * Where a deposit `payer` made for `record` is refunded (`refundDestination`): a deposit-address
 * request's by its `refundTo`, any other by who paid it.
 */
function refundTarget(
  record: RequestRecord,
  payer: string,
): { to: string } | { to: null; noRefund: NoAutomaticRefund } {
  const payment: RefundPayment =
    record.depositAddress === null
      ? { via: "account", payer }
      : { via: "deposit-address", depositor: record.depositAddress.depositor };
  const destination = refundDestination(record, payment);
  return destination.to === null ? { to: null, noRefund: destination.reason } : { to: destination.to };
}

/** The refund to send, or `RefundHeldError` when the deposit gets no automatic refund. */
function refundable(plan: RefundPlan): RefundableDeposit {
  if (plan.to !== null) return plan;
  throw new RefundHeldError(plan.noRefund, "no automatic refund for this deposit: it stays held");
}

/**
 * Whether the request's user paid the deposit (the mock deposit endpoint names no payer: the user).
 * A strict deposit address pays on its user's behalf: its sweep can deposit only for its own order
 * and depositor.
 */
function fromRequestUser(record: RequestRecord, observation: DepositObservation): boolean {
  const payer = normalizeLookup(observation.from ?? record.user);
  const depositAddress = record.depositAddress?.type === "strict" ? record.depositAddress.address : null;
  return (
    payer === normalizeLookup(record.user) ||
    (depositAddress !== null && payer === normalizeLookup(depositAddress))
  );
}

/** How a refund names the deposit it returns: its transaction, and its position there. */
function depositRef(deposit: Pick<DepositObservation, "txHash" | "position">): {
  depositTx: string;
  depositPosition: string;
} {
  return { depositTx: deposit.txHash, depositPosition: deposit.position ?? "tx" };
}

/**
 * Whether the request's order is past its `output.deadline` at `atMs` (unix ms). A deadline holds
 * through its own second: valid while now <= deadline. Requests without an order never expire here.
 */
function orderExpired(request: StoredRequest, atMs: number): boolean {
  const deadline = request.meta.orderDeadline;
  return deadline !== undefined && Math.floor(atMs / 1000) > deadline;
}

/**
 * Why a final deposit does not match its quote (refund reason), or null when it matches. A deposit
 * landing after its order's deadline (its block's time; the service's clock when unknown) is
 * refunded `PROTOCOL_DEADLINE_EXPIRED`, as the service does for an expired protocol order.
 */
function depositMismatch(
  request: StoredRequest,
  observation: DepositObservation,
  now: number,
): FailReason | null {
  if (observation.chainId !== request.meta.originChainId) return "DEPOSIT_CHAIN_MISMATCH";
  const landedMs = observation.timestamp ? observation.timestamp * 1000 : now;
  if (orderExpired(request, landedMs)) return "PROTOCOL_DEADLINE_EXPIRED";
  if (observation.currency !== undefined) {
    const expected = request.meta.originCurrency;
    const same =
      request.meta.originChainId === 792703809
        ? observation.currency === expected
        : observation.currency.toLowerCase() === expected.toLowerCase();
    if (!same) return "INCORRECT_DEPOSIT_CURRENCY";
  }
  if (observation.amount !== undefined && BigInt(observation.amount) < BigInt(request.meta.originAmount)) {
    return "DEPOSITED_AMOUNT_TOO_LOW_TO_FILL";
  }
  return null;
}

/** Status response (service interface: Endpoints): destination transactions first on success. */
export function statusOf(record: RequestRecord): {
  status: RequestRecord["status"];
  txHashes: string[];
  inTxHashes: string[];
  updatedAt: number;
  originChainId: unknown;
  destinationChainId: unknown;
  failReason?: FailReason;
  refundFailReason?: RefundFailReason;
} {
  const out = record.data.outTxs.map((tx) => tx.txHash);
  const inHashes = record.data.inTxs.map((tx) => tx.txHash);
  return {
    status: record.status,
    // Spec 4.5: the destination transaction first on success; origin hashes only in inTxHashes.
    txHashes: out,
    inTxHashes: inHashes,
    updatedAt: Date.parse(String(record.updatedAt)) / 1000,
    originChainId: record.originChainId,
    destinationChainId: record.destinationChainId,
    ...failReasons(record),
  };
}

/** `failReason` on failure, fallback and refund (`UNKNOWN` when none was recorded); `refundFailReason` when set. */
function failReasons(record: RequestRecord): {
  failReason?: FailReason;
  refundFailReason?: RefundFailReason;
} {
  if (!(FAIL_REASON_STATUSES as readonly string[]).includes(record.status)) return {};
  const { failReason, refundFailReason } = record.data;
  return {
    failReason: failReason ?? "UNKNOWN",
    ...(refundFailReason ? { refundFailReason } : {}),
  };
}
