/**
 * The service's deposit-address watcher (strict addresses, any VM with a `DepositAddressChain`): each
 * indexer pass reads the payments into every watched address and sweeps what the address holds into
 * the depository under its order id, where the indexer credits it like any order deposit.
 *
 * Which request a payment belongs to: the address's first payment is its quote's request's. A later
 * one regenerates the fill against the same address: a new request (new `requestId`, the same order,
 * terms and deposit address) carries that payment's lifecycle, and the request it supersedes keeps
 * the status it had (a quote's request left `pending` stays `pending`) with `supersededByRequestId`
 * naming the new one, as the service does. Each address is swept by the service's key; anyone may
 * sweep it first, and the deposit still credits only the bound order and depositor.
 */
import { randomBytes } from "node:crypto";
import type { ChainAdapter, DepositAddressKey, DepositAddressPayment } from "./chains/types.ts";
import type { StoredRequest } from "./records.ts";
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

  /** Reads and sweeps every watched address on `adapter`'s chain (its current request's). */
  async watch(adapter: ChainAdapter): Promise<void> {
    if (adapter.depositAddresses === undefined) return;
    const head = await adapter.head();
    const rows = this.#o.store
      .prepare(
        "SELECT id FROM requests WHERE deposit_address IS NOT NULL AND origin_chain_id = ? ORDER BY created_at, id",
      )
      .all(adapter.chainId) as { id: string }[];
    for (const { id } of rows) {
      const request = getRequest(this.#o.store, id);
      if (request === null || request.record.supersededByRequestId !== null) continue;
      try {
        await this.#watchOne(adapter, request, head);
      } catch (error) {
        this.#o.onError?.(error, `watch deposit address of ${id} on chain ${adapter.chainId}`);
      }
    }
  }

  async #watchOne(adapter: ChainAdapter, owner: StoredRequest, head: number): Promise<void> {
    const chain = adapter.depositAddresses!;
    const key = depositAddressKey(owner);
    const watch = owner.meta.depositAddressWatch;
    if (key === null || watch === undefined || head < watch.nextBlock) return;
    const payments = await chain.paymentsTo(key, watch.nextBlock, head);
    const balance = await chain.balanceOf(key);
    const now = this.#o.now();
    const first = payments[0];
    const target =
      first === undefined || owner.record.depositAddress?.depositTxHash === null
        ? this.#assign(owner, first, head, now)
        : this.#regenerate(owner, first, head, now);
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

  /** The owner takes the payment (its first): its `depositTxHash`. Returns its id. */
  #assign(
    owner: StoredRequest,
    payment: DepositAddressPayment | undefined,
    head: number,
    now: number,
  ): string {
    updateRequest(
      this.#o.store,
      owner.record.id,
      ({ record, meta }) => {
        if (payment !== undefined && record.depositAddress)
          record.depositAddress.depositTxHash = payment.txHash;
        if (meta.depositAddressWatch) meta.depositAddressWatch.nextBlock = head + 1;
      },
      now,
    );
    return owner.record.id;
  }

  /**
   * A new request for `payment` against the owner's address, order and terms; the owner keeps its
   * status and names its successor. Returns the new request's id.
   */
  #regenerate(owner: StoredRequest, payment: DepositAddressPayment, head: number, now: number): string {
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
        depositAddressWatch: { nextBlock: head + 1, sweeps: [] },
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
