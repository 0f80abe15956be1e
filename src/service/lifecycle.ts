/**
 * Request status lifecycle (service interface: Fast fill, Endpoints): waiting -> depositing -> pending -> submitted -> success,
 * or failure (with a failReason) or refund. Every transition is caused by an observation of a chain
 * (through the indexer, or the mock-only admin routes that stand in for a chain in tests) or by the
 * solver's own fill. Fast fill (service interface: Fast fill) lives here too because it is a transition with a hold.
 */
import { keccak256, toHex } from "viem";
import type { FailReason, RefundFailReason, RequestRecord, Transaction } from "../schemas/index.ts";
import type { ActivityEvent } from "./activity.ts";
import { conflict, forbidden, notFound, ServiceHttpError } from "./errors.ts";
import type { Hold, Ledger } from "./ledger.ts";
import type { StoredRequest } from "./records.ts";
import { getRequest, updateRequest } from "./requests-repo.ts";
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
  requestId: string;
  /** Currency and amount that arrived (smallest units). */
  currency?: string;
  amount?: string;
  /** Whether the deposit is final (enough confirmations); a first sighting is usually not. */
  final: boolean;
}

/** Result of a solver fill or refund on a chain. */
export interface SolverTx {
  txHash: string;
  chainId: number;
  block: number;
  final: boolean;
}

/** A deposit as it arrived: what a refund returns. */
export interface RefundableDeposit {
  currency: string;
  amount: bigint;
}

/** Fills and refunds requests on chains. */
export interface Solver {
  fill(request: StoredRequest, amount: bigint): Promise<SolverTx>;
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
   * An origin deposit was seen. Not final: waiting -> depositing. Final: the hold (if any) is
   * released, and the request moves to pending and is filled (or refunded when the deposit does not
   * match the quote). Idempotent per transaction hash.
   */
  observeDeposit(observation: DepositObservation): StoredRequest | null {
    const now = this.#now();
    let fillNeeded = false;
    let refundReason: FailReason | null = null;
    let arrived: RefundableDeposit | null = null;
    const updated = updateRequest(
      this.#o.store,
      observation.requestId,
      (request) => {
        const { record, meta } = request;
        upsertTx(record.data.inTxs, toTransaction(observation, "deposit", now));
        if (observation.from && record.sender === null) record.sender = observation.from;
        if (meta.depositSeenAt === null) meta.depositSeenAt = now;
        if (!observation.final) {
          if (record.status === "waiting") record.status = "depositing";
          return;
        }
        this.#o.ledger.releaseHold(record.id, now);
        const mismatch = depositMismatch(request, observation);
        arrived = {
          currency: observation.currency ?? meta.originCurrency,
          amount: BigInt(observation.amount ?? meta.originAmount),
        };
        if (record.status === "waiting" || record.status === "depositing") {
          if (mismatch !== null) {
            record.status = "pending";
            refundReason = mismatch;
          } else {
            record.status = "pending";
            // A fast-filled request was already filled: the deposit only settles its hold.
            fillNeeded = record.data.triggeredByFastFill !== true;
          }
        }
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
    if (updated === null || arrived === null) return updated;
    if (refundReason !== null) this.#track(this.#refund(updated, refundReason, arrived)).catch(() => {});
    else if (fillNeeded) this.#track(this.#fillOrRefund(updated, arrived)).catch(() => {});
    return updated;
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
      this.#o.onActivity?.({ kind: "refund", requestId, txHash: tx?.txHash ?? null, reason: failReason });
    }
    return updated;
  }

  async #fill(request: StoredRequest, amount: bigint): Promise<SolverTx> {
    const tx = await this.#o.solver.fill(request, amount);
    this.observeFill(request.record.id, { ...tx, status: "success" });
    return tx;
  }

  /** Fills a final, matching deposit; when the solver cannot, the deposit goes back to the payer. */
  async #fillOrRefund(request: StoredRequest, arrived: RefundableDeposit): Promise<void> {
    try {
      await this.#fill(request, BigInt(request.meta.originAmount));
    } catch (error) {
      this.#o.onError?.(error, `fill ${request.record.id}`);
      await this.#refund(request, "SOLVER_BALANCE_TOO_LOW", arrived);
    }
  }

  async #refund(request: StoredRequest, reason: FailReason, arrived: RefundableDeposit): Promise<void> {
    try {
      const tx = await this.#o.solver.refund(request, arrived);
      this.observeRefund(request.record.id, tx, reason);
    } catch (error) {
      this.#o.onError?.(error, `refund ${request.record.id}`);
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
          if (!current.meta.features.includes("fast_fill")) current.meta.features.push("fast_fill");
        },
        now,
      );
      return placed;
    });
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
      this.#o.ledger.cancelHold(record.id);
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

/** Why a final deposit does not match its quote (refund reason), or null when it matches. */
function depositMismatch(request: StoredRequest, observation: DepositObservation): FailReason | null {
  if (observation.chainId !== request.meta.originChainId) return "DEPOSIT_CHAIN_MISMATCH";
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
  };
}
