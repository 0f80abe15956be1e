/**
 * The deposit-address watcher against a scripted chain, where the test decides exactly when a payment
 * lands relative to the watcher's reads: which request each payment and each sweep belongs to.
 */
import { expect } from "chai";
import type { ChainAdapter, DepositAddressPayment } from "../../src/service/chains/types.ts";
import { DepositAddressWatcher } from "../../src/service/deposit-address-watcher.ts";
import type { StoredRequest } from "../../src/service/records.ts";
import { getRequest, insertRequest } from "../../src/service/requests-repo.ts";
import { generateRequests } from "../../src/service/seed.ts";
import { Store } from "../../src/service/store.ts";

const CHAIN = 8453;
const ORDER_ID = `0x${"ab".repeat(32)}`;
const DEPOSITOR = `0x${"11".repeat(20)}`;
const ADDRESS = `0x${"22".repeat(20)}`;

/** A chain of numbered blocks holding payments into one deposit address; sweeps take its whole balance. */
class ScriptedChain {
  head = 10;
  payments: DepositAddressPayment[] = [];
  balance = 0n;
  sweeps: { txHash: string; amount: bigint }[] = [];
  /** Runs once, right after the next read of the head (a payment landing mid-pass). */
  afterHeadRead: (() => void) | null = null;

  pay(amount: bigint): string {
    this.head += 1;
    const txHash = `0x${this.head.toString(16).padStart(64, "0")}`;
    this.payments.push({ txHash, block: this.head, from: DEPOSITOR, amount });
    this.balance += amount;
    return txHash;
  }

  adapter(): ChainAdapter {
    return {
      chainId: CHAIN,
      head: async () => {
        const head = this.head;
        const then = this.afterHeadRead;
        this.afterHeadRead = null;
        then?.();
        return head;
      },
      depositAddresses: {
        contracts: {},
        addressOf: () => ADDRESS,
        balanceOf: async () => this.balance,
        paymentsTo: async (_key: unknown, from: number, to: number) =>
          this.payments.filter((p) => p.block >= from && p.block <= to),
        sweep: async () => {
          this.head += 1;
          const txHash = `0x${"5".repeat(56)}${this.sweeps.length.toString(16).padStart(8, "0")}`;
          this.sweeps.push({ txHash, amount: this.balance });
          this.balance = 0n;
          return { txHash, block: this.head };
        },
      },
    } as unknown as ChainAdapter;
  }
}

function quotedRequest(nextBlock: number): StoredRequest {
  const [request] = generateRequests({ count: 1, seed: 7 });
  const { record, meta } = request!;
  record.status = "waiting";
  record.supersededByRequestId = null;
  record.depositAddress = {
    address: ADDRESS,
    type: "strict",
    depositor: DEPOSITOR,
    depositTxHash: null,
    recoveryAddress: null,
  };
  meta.orderId = ORDER_ID;
  meta.originChainId = CHAIN;
  meta.originCurrency = `0x${"0".repeat(40)}`;
  meta.depositAddressWatch = { nextBlock, sweeps: [] };
  return { record, meta };
}

describe("deposit-address watcher: which request a payment and its sweep belong to", () => {
  let store: Store;
  let chain: ScriptedChain;
  let watcher: DepositAddressWatcher;
  let first: string;
  const errors: unknown[] = [];

  beforeEach(() => {
    store = new Store();
    chain = new ScriptedChain();
    errors.length = 0;
    watcher = new DepositAddressWatcher({ store, now: () => 1_000, onError: (error) => errors.push(error) });
    const request = quotedRequest(chain.head + 1);
    insertRequest(store, request);
    first = request.record.id;
  });
  afterEach(() => {
    expect(errors).to.deep.equal([]);
    store.close();
  });

  const record = (id: string) => getRequest(store, id)!;
  const pass = () => watcher.watch(chain.adapter());

  it("the first payment is the quote's request's, and the sweep is sent for it", async () => {
    const payment = chain.pay(100n);
    await pass();
    expect(record(first).record.depositAddress?.depositTxHash).to.equal(payment);
    expect(chain.sweeps.map((s) => s.amount)).to.deep.equal([100n]);
    expect(record(first).meta.depositAddressWatch?.sweeps).to.deep.equal([chain.sweeps[0]!.txHash]);
  });

  it("a payment landing after the pass read the head is not swept for the earlier request: its own request owns its sweep", async () => {
    chain.pay(100n);
    await pass();
    chain.afterHeadRead = () => chain.pay(70n);
    await pass();
    expect(chain.afterHeadRead).to.equal(null, "the payment landed mid-pass");
    expect(chain.sweeps.map((s) => s.amount)).to.deep.equal(
      [100n],
      "nothing swept before the payment was read",
    );
    await pass();
    const successor = record(first).record.supersededByRequestId;
    expect(successor).to.be.a("string");
    expect(chain.sweeps.map((s) => s.amount)).to.deep.equal([100n, 70n]);
    expect(record(first).meta.depositAddressWatch?.sweeps).to.deep.equal([chain.sweeps[0]!.txHash]);
    expect(record(successor!).meta.depositAddressWatch?.sweeps).to.deep.equal([chain.sweeps[1]!.txHash]);
  });

  it("two payments in one pass each get a request; the last, which supersedes the other, owns their one sweep", async () => {
    const one = chain.pay(100n);
    await pass();
    const two = chain.pay(40n);
    const three = chain.pay(60n);
    await pass();
    const second = record(first).record.supersededByRequestId!;
    const third = record(second).record.supersededByRequestId!;
    expect(record(second).record.depositAddress?.depositTxHash).to.equal(two);
    expect(record(third).record.depositAddress?.depositTxHash).to.equal(three);
    expect(record(first).record.depositAddress?.depositTxHash).to.equal(one);
    expect(record(third).record.supersededByRequestId).to.equal(null);
    expect(chain.sweeps.map((s) => s.amount)).to.deep.equal([100n, 100n]);
    expect(record(third).meta.depositAddressWatch?.sweeps).to.deep.equal([chain.sweeps[1]!.txHash]);
    await pass();
    expect(record(third).record.supersededByRequestId).to.equal(null, "no payment is taken twice");
  });

  it("a sweep reorged out, the head back below the watch cursor, is swept again for the request that took the payment", async () => {
    const payment = chain.pay(100n);
    await pass();
    expect(chain.sweeps).to.have.length(1);
    // The sweep's block is gone: the head is the payment's block again and the address holds the payment.
    chain.head -= 1;
    chain.balance = 100n;
    await pass();
    expect(chain.sweeps.map((s) => s.amount)).to.deep.equal([100n, 100n]);
    expect(record(first).record.depositAddress?.depositTxHash).to.equal(payment);
    expect(record(first).record.supersededByRequestId).to.equal(null);
    expect(record(first).meta.depositAddressWatch?.sweeps).to.deep.equal(chain.sweeps.map((s) => s.txHash));
  });
});
