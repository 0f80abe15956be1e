/**
 * The indexer: polls every chain adapter, turns what it sees into lifecycle transitions (deposits
 * tagged with a request id, receiver events) and app balance credits (funding calldata on 8453).
 * The per-chain cursor only advances to the last final block (head - confirmations + 1); blocks
 * above it are rescanned, and every observation is idempotent, so a deposit is first seen as
 * submitted (depositing) and later as final (pending, hold released, fill). A deposit that a rescan
 * of those blocks no longer shows was reorged out: its request goes back to waiting, and since
 * only final deposits are filled, nothing was paid for it. Each transaction is booked on its own: one
 * that cannot be worked out or booked is quarantined once its block is final (recorded with its
 * reason, reported through `onQuarantine`) and the cursor moves past it.
 */
import type { Address } from "viem";
import type { OrderChain } from "../orders/index.ts";
import { applyFunding } from "./balances.ts";
import { describeFailure } from "./chains/quarantine.ts";
import type { ChainAdapter, ChainObservation } from "./chains/types.ts";
import { crashPoint } from "./crash-points.ts";
import { requestDeposit } from "./deposits.ts";
import { legRoute } from "./fill-route.ts";
import type { Ledger } from "./ledger.ts";
import { refundAmountOf, verifyRequestLeg } from "./leg-verification.ts";
import type { FillOptions, Lifecycle, RefundableDeposit, Solver, SolverTx } from "./lifecycle.ts";
import { simulatedSolver } from "./lifecycle.ts";
import { requestForOrderDeposit } from "./order-deposits.ts";
import { sendOnce } from "./outbox.ts";
import { type QuarantinedTransaction, quarantineTransaction } from "./quarantine.ts";
import type { StoredRequest } from "./records.ts";
import type { Store } from "./store.ts";
import type { TokenRegistry } from "./tokens.ts";

export interface IndexerOptions {
  store: Store;
  ledger: Ledger;
  lifecycle: () => Lifecycle;
  tokens: TokenRegistry;
  solverEvm: Address;
  adapters: readonly ChainAdapter[];
  /** Blocks needed for finality, per chain id; default 1 (included = final). */
  confirmations?: Readonly<Record<number, number>>;
  onError?: (error: unknown, context: string) => void;
  /** Called once per transaction the indexer quarantines (moves past without booking). */
  onQuarantine?: (tx: QuarantinedTransaction) => void;
  /** Clock of the quarantine records (default `Date.now`). */
  now?: () => number;
  /** Resolves once the service's start-up reconciliation is done: no pass runs before. */
  ready?: () => Promise<void>;
  /** Watches and sweeps each chain's strict deposit addresses after the chain is scanned (final as the indexer counts). */
  depositAddresses?: { watch(adapter: ChainAdapter, confirmations: number): Promise<void> };
}

/**
 * Most final blocks one scan covers. An EVM scan reads block by block, so its cost grows with the
 * range; an SVM scan lists the solver's signatures, whose cost grows with what it holds, not with
 * the slots it spans (slot numbers start in the hundreds of millions), so it is not split.
 */
const SCAN_STEP: Readonly<Record<ChainAdapter["vm"], number>> = { evm: 64, svm: Number.POSITIVE_INFINITY };

/**
 * Least wall time in ms from the end of one pass to a pass a wake-up starts. A chain mining a block per
 * transaction wakes the indexer for each; a pass reads every chain, so passes back to back would take a
 * share of the CPU from the transactions themselves. Wake-ups within the gap share one pass at its end.
 */
export const WAKE_GAP_MS = 50;

export class Indexer {
  readonly #o: IndexerOptions;
  #running: Promise<void> | null = null;
  #timer: NodeJS.Timeout | null = null;
  /** The poll interval it was started with (0: wake-ups only); null while stopped. */
  #intervalMs: number | null = null;
  /** A wake-up came during the pass in progress: another pass follows it. */
  #again = false;
  /** When the last pass ended (performance.now()), and the timer of a wake-up held to the gap. */
  #lastPassEnd = Number.NEGATIVE_INFINITY;
  #gapTimer: NodeJS.Timeout | null = null;

  constructor(options: IndexerOptions) {
    this.#o = options;
  }

  #cursor(chainId: number): number {
    const row = this.#o.store
      .prepare("SELECT next_block FROM indexer_cursors WHERE chain_id = ?")
      .get(chainId) as { next_block: string } | undefined;
    return row ? Number(row.next_block) : 0;
  }

  #setCursor(chainId: number, next: number): void {
    this.#o.store
      .prepare(
        "INSERT INTO indexer_cursors (chain_id, next_block) VALUES (?, ?) ON CONFLICT(chain_id) DO UPDATE SET next_block = excluded.next_block",
      )
      .run(chainId, String(next));
  }

  /** Blocks for finality on `chainId` (at least 1: included = final). */
  #confirmations(chainId: number): number {
    return Math.max(1, this.#o.confirmations?.[chainId] ?? 1);
  }

  /** One pass over every chain. Concurrent calls share the pass in progress. */
  tick(): Promise<void> {
    this.#running ??= this.#pass().finally(() => {
      this.#running = null;
      this.#lastPassEnd = performance.now();
      if (!this.#again) return;
      this.#again = false;
      this.wake();
    });
    return this.#running;
  }

  /**
   * Something changed on a chain (a block mined, a slot closed): a pass soon, while started. One asked
   * for during a pass runs after it, since the pass may have read the chain's head before the change.
   */
  wake(): void {
    if (this.#intervalMs === null) return;
    if (this.#running) {
      this.#again = true;
      return;
    }
    if (this.#gapTimer) return;
    const wait = this.#lastPassEnd + WAKE_GAP_MS - performance.now();
    if (wait <= 0) {
      this.tick().catch(() => {});
      return;
    }
    this.#gapTimer = setTimeout(() => {
      this.#gapTimer = null;
      this.wake();
    }, wait);
    this.#gapTimer.unref();
  }

  async #pass(): Promise<void> {
    await this.#o.ready?.();
    for (const adapter of this.#o.adapters) {
      try {
        await this.#scanChain(adapter);
        await this.#o.depositAddresses?.watch(adapter, this.#confirmations(adapter.chainId));
      } catch (error) {
        this.#o.onError?.(error, `index chain ${adapter.chainId}`);
      }
    }
  }

  /**
   * Scans a chain from its cursor to its head: final blocks in steps of at most `SCAN_STEP` (its VM's),
   * the cursor committed after each, so a long backlog is worked off across restarts that each cut it
   * short; the last step takes the blocks that are not final yet, up to the head.
   */
  async #scanChain(adapter: ChainAdapter): Promise<void> {
    const head = await adapter.head();
    const finalUpTo = head - this.#confirmations(adapter.chainId) + 1;
    for (let from = this.#cursor(adapter.chainId); from <= head; ) {
      const stepEnd = from + SCAN_STEP[adapter.vm] - 1;
      const to = stepEnd < finalUpTo ? stepEnd : head;
      await this.#scanRange(adapter, from, to, finalUpTo);
      if (to === head) return;
      from = to + 1;
    }
  }

  async #scanRange(adapter: ChainAdapter, from: number, to: number, finalUpTo: number): Promise<void> {
    const observations = await adapter.scan(from, to);
    for (const observation of observations) {
      const final = observation.block <= finalUpTo;
      if (observation.kind === "quarantine") {
        if (final) this.#quarantine(adapter.chainId, observation);
        continue;
      }
      // One observation the books cannot take is reported and skipped: it never stalls the cursor.
      try {
        this.#apply(adapter, observation, final);
      } catch (error) {
        this.#o.onError?.(error, `index ${observation.txHash} on chain ${adapter.chainId}`);
        if (final) this.#quarantine(adapter.chainId, { ...observation, reason: describeFailure(error) });
      }
    }
    this.#forgetReorged(adapter.chainId, from, to, observations);
    this.#setCursor(adapter.chainId, Math.max(from, Math.min(to, finalUpTo) + 1));
  }

  /** Records a final transaction the books did not take, once, and reports it. */
  #quarantine(chainId: number, tx: { txHash: string; block: number; reason: string }): void {
    const record: QuarantinedTransaction = {
      chainId,
      txHash: tx.txHash,
      block: tx.block,
      reason: tx.reason,
      quarantinedAt: (this.#o.now ?? Date.now)(),
    };
    if (quarantineTransaction(this.#o.store, record)) this.#o.onQuarantine?.(record);
  }

  /**
   * Blocks from the cursor up are not final and are scanned again on every pass: a deposit seen
   * in `from..to` earlier that this scan no longer shows was reorged out, and the request it moved to
   * `depositing` forgets it (back to `waiting` when it was the only one).
   */
  #forgetReorged(chainId: number, from: number, to: number, observations: readonly ChainObservation[]): void {
    const present = new Set(
      observations.flatMap((observation) =>
        (observation.kind === "deposit" || observation.kind === "order-deposit") &&
        observation.status === "success"
          ? [observation.txHash.toLowerCase()]
          : [],
      ),
    );
    const depositing = this.#o.store
      .prepare("SELECT id FROM requests WHERE status = 'depositing' AND origin_chain_id = ?")
      .all(chainId) as { id: string }[];
    for (const { id } of depositing) {
      this.#o
        .lifecycle()
        .forgetReorgedDeposits(id, chainId, from, to, (txHash) => present.has(txHash.toLowerCase()));
    }
  }

  #apply(
    adapter: ChainAdapter,
    observation: Exclude<ChainObservation, { kind: "quarantine" }>,
    final: boolean,
  ): void {
    if (observation.kind === "funding") {
      if (final) {
        const credited = applyFunding(this.#o.ledger, this.#o.tokens, this.#o.solverEvm, {
          chainId: adapter.chainId,
          ...observation,
        });
        if (credited !== null) crashPoint("funding-credited");
      }
      return;
    }
    if (observation.status === "failure") return;
    if (observation.kind === "order-deposit") {
      const requestId = requestForOrderDeposit(this.#o.store, adapter.chainId, observation);
      if (requestId === null) return;
      this.#o.lifecycle().observeDeposit({
        requestId,
        txHash: observation.txHash,
        chainId: adapter.chainId,
        block: observation.block,
        timestamp: observation.timestamp,
        from: observation.from,
        position: observation.position,
        currency: observation.currency,
        amount: observation.amount,
        final,
        data: { via: "depository", orderId: observation.orderId, depositor: observation.depositor },
      });
      return;
    }
    this.#o.lifecycle().observeDeposit({
      requestId: observation.requestId,
      txHash: observation.txHash,
      chainId: adapter.chainId,
      block: observation.block,
      timestamp: observation.timestamp,
      from: observation.from,
      position: observation.position,
      currency: observation.currency,
      amount: observation.amount,
      final,
      data: { via: observation.via },
    });
  }

  /**
   * Indexes until `stop()`: a pass now, one on every `wake()`, and one every `intervalMs` when it is
   * above 0 (a chain that tells of nothing is polled; 0: wake-ups only).
   */
  start(intervalMs: number): void {
    if (this.#intervalMs !== null) return;
    this.#intervalMs = intervalMs;
    if (intervalMs > 0) {
      this.#timer = setInterval(() => {
        this.tick().catch(() => {});
      }, intervalMs);
      this.#timer.unref();
    }
    this.wake();
  }

  /** The poll interval `start` was given (0: wake-ups only), or null while stopped. */
  get intervalMs(): number | null {
    return this.#intervalMs;
  }

  async stop(): Promise<void> {
    if (this.#timer) clearInterval(this.#timer);
    if (this.#gapTimer) clearTimeout(this.#gapTimer);
    this.#timer = null;
    this.#gapTimer = null;
    this.#intervalMs = null;
    this.#again = false;
    await this.#running;
  }
}

/**
 * The solver over chain adapters: fills on the destination chain, refunds on the origin chain; for a
 * chain without an adapter it falls back to the simulated solver.
 */
export class ChainSolver implements Solver {
  readonly #adapters: Map<number, ChainAdapter>;
  readonly #store: Store;
  readonly #orderChains: readonly OrderChain[];
  readonly #fillRouters: ReadonlyMap<number, string>;

  /**
   * Every fill and refund goes through the outbox in `store` (`sendOnce`): never paid twice. A
   * request with an order is tagged with its order id, sent through the fill contract its order names
   * with the order's user calls (`legRoute`; `fillRouters` per chain id for orders that name none),
   * and its fill and own refund are checked against the order on `orderChains` once they land
   * (`verifyRequestLeg`).
   */
  constructor(
    adapters: readonly ChainAdapter[],
    store: Store,
    orderChains: readonly OrderChain[] = [],
    fillRouters: ReadonlyMap<number, string> = new Map(),
  ) {
    this.#adapters = new Map(adapters.map((adapter) => [adapter.chainId, adapter]));
    this.#store = store;
    this.#orderChains = orderChains;
    this.#fillRouters = fillRouters;
  }

  #route(request: StoredRequest, leg: "fill" | "refund", chainId: number) {
    const chain = this.#orderChains.find((c) => c.id === chainId);
    return legRoute(request.meta, leg, chain, this.#fillRouters);
  }

  async fill(request: StoredRequest, inputAmount: bigint, options: FillOptions = {}): Promise<SolverTx> {
    const adapter = this.#adapters.get(request.meta.destinationChainId);
    if (options.revert && !adapter)
      throw new Error(`no chain ${request.meta.destinationChainId} to revert a fill on`);
    if (!adapter) return simulatedSolver.fill(request, inputAmount);
    const origin = BigInt(request.meta.originAmount);
    const out = origin === 0n ? 0n : (BigInt(request.meta.destinationAmount) * inputAmount) / origin;
    const sent = await sendOnce(this.#store, adapter, `fill:${request.record.id.toLowerCase()}`, {
      to: request.record.recipient,
      currency: request.meta.destinationCurrency,
      amount: out,
      requestId: request.record.id,
      ...(request.meta.orderId === null ? {} : { tag: request.meta.orderId }),
      ...this.#route(request, "fill", adapter.chainId),
      ...(options.revert ? { revert: true } : {}),
    });
    await verifyRequestLeg(this.#store, adapter, this.#orderChains, request, "fill", sent.txHash);
    return { ...sent, chainId: adapter.chainId, final: true };
  }

  async refund(request: StoredRequest, deposit: RefundableDeposit): Promise<SolverTx> {
    const adapter = this.#adapters.get(request.meta.originChainId);
    if (!adapter) return simulatedSolver.refund(request, deposit);
    const { to } = deposit;
    // A deposit named by its transaction as a whole keeps the id refunds had before positions existed.
    const position =
      deposit.depositPosition === undefined || deposit.depositPosition === "tx"
        ? ""
        : `@${deposit.depositPosition}`;
    const id = `refund:${request.record.id.toLowerCase()}:${deposit.depositTx ?? "request"}${position}:${deposit.currency}`;
    const depositTx = deposit.depositTx ?? requestDeposit(this.#store, request.record.id)?.txHash;
    const sent = await sendOnce(this.#store, adapter, id, {
      to,
      currency: deposit.currency,
      amount:
        deposit.depositTx === undefined
          ? refundAmountOf(request, this.#orderChains, deposit)
          : deposit.amount,
      requestId: request.record.id,
      ...(request.meta.orderId === null ? {} : { tag: request.meta.orderId }),
      ...this.#route(request, "refund", adapter.chainId),
      ...(depositTx === undefined ? {} : { refundOf: depositTx }),
    });
    // Only the request's own refund answers to its order; a stray deposit goes back to its sender.
    if (deposit.depositTx === undefined)
      await verifyRequestLeg(this.#store, adapter, this.#orderChains, request, "refund", sent.txHash);
    return { ...sent, chainId: adapter.chainId, final: true };
  }
}
