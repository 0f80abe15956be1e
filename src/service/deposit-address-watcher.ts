/**
 * The service's deposit-address watcher (strict addresses, any VM with a `DepositAddressChain`): each
 * indexer pass reads the payments into every watched address and sweeps what the address holds into
 * the depository under its order id, where the indexer credits it like any order deposit.
 *
 * Which request a payment belongs to: the address's first payment is its quote's request's. A later
 * one regenerates the fill against the same address: a new request (new `requestId`, the same order,
 * terms and deposit address) carries that payment's lifecycle, and the request it supersedes keeps
 * the status it had (a quote's request left `pending` stays `pending`) with `supersededByRequestId`
 * naming the new one, as the service does. Payments that land between two passes each regenerate in
 * turn and are swept together; the last request owns that sweep. Each address is swept by the
 * service's key; anyone may sweep it first, and the deposit still credits only the bound order and
 * depositor.
 *
 * Reorgs follow the indexer's rule: the watch cursor (`nextBlock`) only advances past final blocks
 * (head - confirmations + 1), so every pass reads the payments of the blocks above it again. A payment
 * a request took that such a read still shows stays that request's (re-included in another block, it
 * is neither assigned again nor regenerated); one it no longer shows was reorged out, and the request
 * forgets it (`depositTxHash` back to null), so the next payment is that request's own again. What the
 * address holds is swept whenever it holds something: a sweep reorged out leaves the payment in the
 * address to be swept again, and the indexer forgets the vanished sweep's deposit.
 */
import { randomBytes } from "node:crypto";
import type {
  ChainAdapter,
  DepositAddressChain,
  DepositAddressKey,
  DepositAddressPayment,
} from "./chains/types.ts";
import { normalizeLookup, type StoredRequest } from "./records.ts";
import { getRequest, insertRequest, updateRequest } from "./requests-repo.ts";
import type { Store } from "./store.ts";

export interface DepositAddressWatcherOptions {
  store: Store;
  now: () => number;
  onError?: (error: unknown, context: string) => void;
}

/** The address key of a strict deposit-address request, or null for any other request. */
export function depositAddressKey(request: StoredRequest): DepositAddressKey | null {
  const { depositAddress } = request.record;
  if (depositAddress?.type !== "strict" || depositAddress.depositor === null || request.meta.orderId === null)
    return null;
  return {
    orderId: request.meta.orderId,
    depositor: depositAddress.depositor,
    currency: request.meta.originCurrency,
  };
}

export class DepositAddressWatcher {
  readonly #o: DepositAddressWatcherOptions;

  constructor(options: DepositAddressWatcherOptions) {
    this.#o = options;
  }

  /**
   * Reads and sweeps every watched address on `adapter`'s chain (its current request's); blocks are
   * final `confirmations` deep (default 1: included = final), as the indexer counts them.
   */
  async watch(adapter: ChainAdapter, confirmations = 1): Promise<void> {
    if (adapter.depositAddresses === undefined) return;
    const rows = this.#o.store
      .prepare(
        "SELECT id FROM requests WHERE deposit_address IS NOT NULL AND origin_chain_id = ? ORDER BY created_at, id",
      )
      .all(adapter.chainId) as { id: string }[];
    for (const { id } of rows) {
      const request = getRequest(this.#o.store, id);
      if (request === null || request.record.supersededByRequestId !== null) continue;
      try {
        await this.#watchOne(adapter, request, confirmations);
      } catch (error) {
        this.#o.onError?.(error, `watch deposit address of ${id} on chain ${adapter.chainId}`);
      }
    }
  }

  /**
   * The balance is read before the head: every payment it holds is then in a block at or below the
   * head, so among the payments read, and the sweep it leads to is sent for the request that took
   * them. (Read after the head, it could hold a payment from a later block, which the sweep would
   * credit to an earlier request, leaving that payment's own request with nothing to fill.)
   */
  async #watchOne(adapter: ChainAdapter, current: StoredRequest, confirmations: number): Promise<void> {
    const chain = adapter.depositAddresses!;
    const key = depositAddressKey(current);
    const watch = current.meta.depositAddressWatch;
    if (key === null || watch === undefined) return;
    const balance = await chain.balanceOf(key);
    const head = await adapter.head();
    const target =
      head < watch.nextBlock
        ? current.record.id
        : await this.#takePayments(chain, key, current, head, confirmations);
    if (balance === 0n) return;
    const sweep = await chain.sweep(key);
    updateRequest(
      this.#o.store,
      target,
      ({ meta }) => {
        if (meta.depositAddressWatch) meta.depositAddressWatch.sweeps.push(sweep.txHash.toLowerCase());
      },
      this.#o.now(),
    );
  }

  /**
   * Reads the payments from the watch cursor to `head` and gives each new one its request, in block
   * order: the owner's first payment is its own; every later one regenerates. Several new payments in
   * one pass are swept together, and the last request regenerated owns that sweep (as
   * `supersededByRequestId` says: the successor owns the superseded request's sweep and fill).
   * Returns the id of the request a sweep now is for.
   */
  async #takePayments(
    chain: DepositAddressChain,
    key: DepositAddressKey,
    current: StoredRequest,
    head: number,
    confirmations: number,
  ): Promise<string> {
    const watch = current.meta.depositAddressWatch!;
    const payments = await chain.paymentsTo(key, watch.nextBlock, head);
    const now = this.#o.now();
    const known = this.#reconcile(current, watch.nextBlock, payments, now);
    const finalUpTo = head - Math.max(1, confirmations) + 1;
    const next = Math.max(watch.nextBlock, finalUpTo + 1);
    let owner = getRequest(this.#o.store, current.record.id) ?? current;
    const fresh = payments.filter((payment) => !known.has(payment.txHash.toLowerCase()));
    if (fresh.length === 0) return this.#assign(owner, undefined, next, now);
    let target = owner.record.id;
    for (const payment of fresh) {
      target =
        owner.record.depositAddress?.depositTxHash === null
          ? this.#assign(owner, payment, next, now)
          : this.#regenerate(owner, payment, next, now);
      owner = getRequest(this.#o.store, target)!;
    }
    return target;
  }

  /**
   * Squares what the address's requests (every one under its order on this chain) took with the
   * payments read again from `from` (the first block that was not final): a payment still shown keeps
   * its request and its block is brought up to date; one in those blocks no longer shown was reorged
   * out and its request forgets it. Returns the payments the requests hold (lowercase hashes).
   */
  #reconcile(
    current: StoredRequest,
    from: number,
    payments: readonly DepositAddressPayment[],
    now: number,
  ): Set<string> {
    const shown = new Map(payments.map((payment) => [payment.txHash.toLowerCase(), payment.block]));
    const known = new Set<string>();
    const family = this.#o.store
      .prepare("SELECT id FROM requests WHERE order_id = ? AND origin_chain_id = ?")
      .all(normalizeLookup(current.meta.orderId ?? ""), current.meta.originChainId) as { id: string }[];
    for (const { id } of family) {
      const member = getRequest(this.#o.store, id);
      const txHash = member?.record.depositAddress?.depositTxHash?.toLowerCase();
      const block = member?.meta.depositAddressWatch?.paymentBlock;
      if (txHash === undefined) continue;
      const shownAt = shown.get(txHash);
      if (block === undefined || block < from || shownAt === block) {
        known.add(txHash);
        continue;
      }
      if (shownAt !== undefined) known.add(txHash);
      updateRequest(
        this.#o.store,
        id,
        ({ record, meta }) => {
          if (meta.depositAddressWatch === undefined || record.depositAddress === null) return;
          if (shownAt !== undefined) meta.depositAddressWatch.paymentBlock = shownAt;
          else {
            record.depositAddress.depositTxHash = null;
            delete meta.depositAddressWatch.paymentBlock;
          }
        },
        now,
      );
    }
    return known;
  }

  /** The owner takes the payment (its first, or its first since one was reorged out); its cursor moves to `next`. Returns its id. */
  #assign(
    owner: StoredRequest,
    payment: DepositAddressPayment | undefined,
    next: number,
    now: number,
  ): string {
    updateRequest(
      this.#o.store,
      owner.record.id,
      ({ record, meta }) => {
        if (meta.depositAddressWatch === undefined) return;
        meta.depositAddressWatch.nextBlock = next;
        if (payment === undefined || record.depositAddress === null) return;
        record.depositAddress.depositTxHash = payment.txHash;
        meta.depositAddressWatch.paymentBlock = payment.block;
      },
      now,
    );
    return owner.record.id;
  }

  /**
   * A new request for `payment` against the owner's address, order and terms; the owner keeps its
   * status and names its successor. Returns the new request's id.
   */
  #regenerate(owner: StoredRequest, payment: DepositAddressPayment, next: number, now: number): string {
    const id = `0x${randomBytes(32).toString("hex")}`;
    const { record, meta } = structuredClone(owner);
    const regenerated: StoredRequest = {
      record: {
        ...record,
        id,
        status: "waiting",
        sender: null,
        supersededByRequestId: null,
        depositAddress: { ...record.depositAddress!, depositTxHash: payment.txHash },
        data: { ...record.data, failReason: null, refundFailReason: null, inTxs: [], outTxs: [] },
      },
      meta: {
        ...meta,
        createdAt: now,
        updatedAt: now,
        fillTime: null,
        depositSeenAt: null,
        depositAddressWatch: { nextBlock: next, sweeps: [], paymentBlock: payment.block },
      },
    };
    delete regenerated.meta.orderVerification;
    delete regenerated.meta.fastFillInput;
    this.#o.store.transaction(() => {
      insertRequest(this.#o.store, regenerated);
      updateRequest(
        this.#o.store,
        owner.record.id,
        (superseded) => {
          superseded.record.supersededByRequestId = id;
        },
        now,
      );
    });
    return id;
  }
}
