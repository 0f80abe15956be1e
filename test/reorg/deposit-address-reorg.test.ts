/**
 * Reorgs of a strict deposit address's payment on the devnet's EVM chain (its `anvil_reorg`, within the
 * confirmation depth): the watcher reads the blocks that are not final again on every pass, so a
 * payment re-included in another block stays its request's (no regenerated request, swept again, filled
 * once), and a payment reorged out is forgotten (the request waits again, and the next payment is its
 * own, not a regenerated request's).
 */
import { expect } from "chai";
import { type Address, type Hex, parseEther, zeroAddress } from "viem";
import { evmDevAccount } from "../../src/devnet/accounts.ts";
import type { EvmDevChain } from "../../src/devnet/evm-chain.ts";
import { verifyDepositAddressSweep } from "../../src/orders/deposit-address/index.ts";
import { balanceOf, type E2e, type EvmUser, evmUser, quoteDepositAddress, startE2e } from "../e2e/fixture.ts";

const CONFIRMATIONS = 4;

describe("deposit addresses: a payment in a reorged block", function () {
  this.timeout(60_000);
  let e2e: E2e;
  let base: EvmDevChain;
  let alice: EvmUser;
  let bobOnOptimism: EvmUser;
  const bob = evmDevAccount("bob").address;

  before(async () => {
    e2e = await startE2e({ confirmations: CONFIRMATIONS, indexerIntervalMs: 0 });
    base = e2e.devnet.evmChain(8453);
    alice = evmUser(base, "alice");
    bobOnOptimism = evmUser(e2e.devnet.evmChain(10), "bob");
  });
  after(() => e2e?.close());

  /** `anvil_reorg` over the chain's JSON-RPC (HTTP), as a test harness in any language calls it. */
  const reorg = (depth: number, transactions: [Hex, number][]) =>
    alice.public.request({ method: "anvil_reorg", params: [depth, transactions] } as never);
  const head = async () => Number(await alice.public.getBlockNumber());
  const blockOf = async (hash: Hex) =>
    alice.public.getTransactionReceipt({ hash }).then(
      (receipt) => Number(receipt.blockNumber),
      () => null,
    );
  const pass = async () => {
    await e2e.devnet.service.indexer!.tick();
    await e2e.devnet.service.lifecycle.idle();
  };
  const recordOf = async (id: string) => (await e2e.client.listRequests({ id })).requests[0]!;

  async function quote(amount: bigint) {
    const q = await quoteDepositAddress(e2e, {
      user: alice.address,
      recipient: bob,
      originChainId: 8453,
      destinationChainId: 10,
      originCurrency: zeroAddress,
      destinationCurrency: zeroAddress,
      amount,
    });
    return {
      id: q.steps[0]!.requestId,
      address: q.steps[0]!.depositAddress as Address,
      orderId: q.protocol!.v2.orderId as Hex,
      out: BigInt(q.details.currencyOut.amount),
    };
  }

  /** Alice's signed plain transfer to `to`, sent; its raw bytes let a reorg include it again. */
  async function pay(to: Address, value: bigint) {
    const request = await alice.wallet.prepareTransactionRequest({
      account: alice.wallet.account,
      chain: null,
      to,
      value,
    });
    const raw = await alice.wallet.signTransaction(request as never);
    const hash = await alice.wallet.sendRawTransaction({ serializedTransaction: raw });
    await alice.public.waitForTransactionReceipt({ hash });
    return { hash, raw };
  }

  /** Paid, seen, swept, and the sweep seen: the request is depositing on a sweep that is not final. */
  async function paidAndSwept(amount: bigint) {
    const q = await quote(amount);
    const payment = await pay(q.address, amount);
    await pass();
    await pass();
    const record = await recordOf(q.id);
    expect(record.status).to.equal("depositing");
    expect(record.depositAddress?.depositTxHash).to.equal(payment.hash);
    const sweep = record.data.inTxs.at(-1)!.txHash as Hex;
    return { ...q, payment, sweep };
  }

  /** Mines past the confirmations and passes: the request's deposit is final and filled. */
  async function finalize(id: string) {
    await base.mine(CONFIRMATIONS);
    await pass();
    await pass();
    return recordOf(id);
  }

  it("a payment a reorg includes again in another block stays its request's: swept again, no regenerated request, filled once", async () => {
    const amount = parseEther("0.1");
    const bobBefore = await balanceOf(bobOnOptimism, null, bob);
    const { id, address, orderId, out, payment, sweep } = await paidAndSwept(amount);
    const paidIn = (await blockOf(payment.hash))!;
    const depth = (await head()) - paidIn + 1;
    expect(depth).to.be.lessThan(CONFIRMATIONS);

    // The payment's and the sweep's blocks replaced: the payment again, one block later; no sweep.
    await reorg(depth, [[payment.raw, 1]]);
    expect(await blockOf(payment.hash)).to.equal(paidIn + 1);
    expect(await blockOf(sweep), "the sweep left the chain").to.equal(null);
    expect(await alice.public.getBalance({ address })).to.equal(amount);

    await pass();
    await pass();
    const done = await finalize(id);
    expect(done.status).to.equal("success");
    expect(done.supersededByRequestId).to.equal(null);
    expect(done.depositAddress?.depositTxHash).to.equal(payment.hash);
    const resweep = done.data.inTxs.at(-1)!.txHash as Hex;
    expect(done.data.inTxs.map((tx) => tx.txHash)).to.deep.equal([resweep]);
    expect(resweep).to.not.equal(sweep);
    const all = await e2e.client.listRequests({ depositAddress: address });
    expect(all.requests.map((r) => r.id)).to.deep.equal([id]);
    expect((await balanceOf(bobOnOptimism, null, bob)) - bobBefore).to.equal(out);
    const verdict = await verifyDepositAddressSweep({
      factory: base.depositAddressFactory!,
      implementation: base.depositAddressImplementation!,
      orderId,
      depositor: alice.address,
      currency: zeroAddress,
      depository: base.depository,
      sweep: resweep,
      payment: payment.hash,
      minimumAmount: amount,
      client: alice.public,
    });
    expect(verdict.failures).to.deep.equal([]);
  });

  it("a payment reorged out is forgotten: the request waits again and takes the next payment itself", async () => {
    const amount = parseEther("0.05");
    const bobBefore = await balanceOf(bobOnOptimism, null, bob);
    const { id, address, out, payment, sweep } = await paidAndSwept(amount);
    const depth = (await head()) - (await blockOf(payment.hash))! + 1;

    await reorg(depth, []);
    expect(await blockOf(payment.hash), "the payment left the chain").to.equal(null);
    expect(await blockOf(sweep)).to.equal(null);
    await pass();
    const forgotten = await recordOf(id);
    expect(forgotten.status).to.equal("waiting");
    expect(forgotten.depositAddress?.depositTxHash).to.equal(null);
    expect(forgotten.data.inTxs).to.deep.equal([]);

    const again = await pay(address, amount);
    await pass();
    await pass();
    const done = await finalize(id);
    expect(done.status).to.equal("success");
    expect(done.depositAddress?.depositTxHash).to.equal(again.hash);
    const all = await e2e.client.listRequests({ depositAddress: address });
    expect(all.requests.map((r) => r.id)).to.deep.equal([id]);
    expect((await balanceOf(bobOnOptimism, null, bob)) - bobBefore).to.equal(out);
  });
});
