/**
 * Strict deposit addresses end to end on the devnet, over HTTP through the typed client: a quote with
 * `useDepositAddress` names the address its order and user derive; a plain transfer to it is swept,
 * deposited under the order id and filled; a second payment regenerates a fill under a new request id
 * (the first names it in `supersededByRequestId`); a stranger racing to sweep at a high gas price
 * changes nothing the user gets; an underpayment is refunded to `refundTo`. Every leg checked on chain.
 */
import { expect } from "chai";
import { type Address, type Hex, parseAbi, parseEther, parseGwei, zeroAddress } from "viem";
import { evmDevAccount } from "../../src/devnet/accounts.ts";
import type { EvmDevChain } from "../../src/devnet/evm-chain.ts";
import type { QuoteResponse } from "../../src/index.ts";
import { predictDepositAddress, verifyDepositAddressSweep } from "../../src/orders/deposit-address/index.ts";
import {
  balanceOf,
  type E2e,
  type EvmUser,
  eventually,
  evmUser,
  quoteDepositAddress,
  startE2e,
} from "./fixture.ts";

const FACTORY_ABI = parseAbi(["function sweep(bytes32 orderId, address depositor, address[] tokens)"]);

describe("e2e: strict deposit addresses (EVM)", () => {
  let e2e: E2e;
  let base: EvmDevChain;
  let optimism: EvmDevChain;
  let alice: EvmUser;
  let carol: EvmUser;
  let contracts: { factory: Address; implementation: Address };
  const bob = evmDevAccount("bob").address;

  before(async () => {
    e2e = await startE2e();
    base = e2e.devnet.evmChain(8453);
    optimism = e2e.devnet.evmChain(10);
    alice = evmUser(base, "alice");
    carol = evmUser(base, "carol");
    const chain = (await e2e.client.chains()).chains.find((c) => c.id === 8453);
    contracts = {
      factory: chain?.contracts?.depositAddressFactory as Address,
      implementation: chain?.contracts?.depositAddressImplementation as Address,
    };
  });
  after(() => e2e?.close());

  const quote = (amount: bigint, refundTo: string = alice.address) =>
    quoteDepositAddress(e2e, {
      user: alice.address,
      recipient: bob,
      originChainId: 8453,
      destinationChainId: 10,
      originCurrency: zeroAddress,
      destinationCurrency: zeroAddress,
      amount,
      refundTo,
    });

  const pay = async (to: string, value: bigint): Promise<Hex> => {
    const hash = await alice.wallet.sendTransaction({
      account: alice.wallet.account,
      chain: null,
      to: to as Address,
      value,
    });
    await alice.public.waitForTransactionReceipt({ hash });
    return hash;
  };

  /** Mines origin blocks until the request reaches `status` (the deposit needs its confirmations). */
  const settle = (requestId: string, status: string) =>
    eventually(async () => {
      const current = await e2e.client.getStatus(requestId);
      if (current.status === status) return current;
      await base.mine();
      return undefined;
    }, `${requestId} ${status}`);

  const recordOf = async (id: string) => {
    const { requests } = await e2e.client.listRequests({ id });
    return requests[0]!;
  };

  const sweepOf = (requestId: string) =>
    recordOf(requestId).then((record) => record.data.inTxs.at(-1)?.txHash as Hex);

  const addressOf = (q: QuoteResponse) => q.steps[0]?.depositAddress as string;

  it("GET /chains lists the factory and implementation; the quote's address is the one its order and user derive", async () => {
    expect(contracts.factory).to.equal(base.depositAddressFactory);
    expect(contracts.implementation).to.equal(base.depositAddressImplementation);
    const q = await quote(parseEther("0.1"));
    const step = q.steps[0]!;
    expect(q.steps).to.have.length(1);
    const orderId = q.protocol?.v2.orderId as Hex;
    expect(step.depositAddress).to.equal(
      predictDepositAddress({ vm: "evm", ...contracts, orderId, depositor: alice.address }),
    );
    expect(step.items[0]?.data).to.include({
      to: step.depositAddress,
      data: "0x",
      value: parseEther("0.1").toString(),
    });
    const record = await recordOf(step.requestId);
    expect(record.depositAddress).to.deep.equal({
      address: step.depositAddress,
      type: "strict",
      depositor: alice.address,
      depositTxHash: null,
      recoveryAddress: null,
    });
    expect(record.refundTo).to.equal(alice.address);
  });

  it("a plain transfer to the address is swept under the order id and filled; a second payment regenerates the fill", async () => {
    const amount = parseEther("0.1");
    const q = await quote(amount);
    const first = q.steps[0]!.requestId;
    const address = addressOf(q);
    const bobBefore = await balanceOf(evmUser(optimism, "bob"), null, bob);

    const payment = await pay(address, amount);
    await settle(first, "success");
    const filled = (await balanceOf(evmUser(optimism, "bob"), null, bob)) - bobBefore;
    expect(filled.toString()).to.equal(q.details.currencyOut.amount);
    const firstRecord = await recordOf(first);
    expect(firstRecord.depositAddress?.depositTxHash).to.equal(payment);
    const sweep = await sweepOf(first);
    const verdict = await verifyDepositAddressSweep({
      ...contracts,
      orderId: q.protocol!.v2.orderId as Hex,
      depositor: alice.address,
      currency: zeroAddress,
      depository: base.depository,
      sweep,
      payment,
      minimumAmount: amount,
      client: alice.public,
    });
    expect(verdict.failures).to.deep.equal([]);
    expect(verdict.deposited).to.equal(amount);

    const second = await pay(address, amount);
    const regenerated = await eventually(async () => {
      const { supersededByRequestId } = await recordOf(first);
      if (supersededByRequestId === null) await base.mine();
      return supersededByRequestId ?? undefined;
    }, "the regenerated request");
    expect(regenerated).to.not.equal(first);
    await settle(regenerated, "success");
    expect((await e2e.client.getStatus(first)).status).to.equal("success");
    const both = await e2e.client.listRequests({ depositAddress: address });
    expect(both.requests.map((r) => r.id).sort()).to.deep.equal([first, regenerated].sort());
    const next = await recordOf(regenerated);
    expect(next.depositAddress?.depositTxHash).to.equal(second);
    expect(next.supersededByRequestId).to.equal(null);
    expect(((await balanceOf(evmUser(optimism, "bob"), null, bob)) - bobBefore).toString()).to.equal(
      (2n * BigInt(q.details.currencyOut.amount)).toString(),
    );
    const again = await verifyDepositAddressSweep({
      ...contracts,
      orderId: q.protocol!.v2.orderId as Hex,
      depositor: alice.address,
      currency: zeroAddress,
      depository: base.depository,
      sweep: await sweepOf(regenerated),
      payment: second,
      client: alice.public,
    });
    expect(again.failures).to.deep.equal([]);
  });

  it("attack (fee maximisation): a stranger sweeps first at a high gas price; the user gets exactly the quote", async () => {
    const amount = parseEther("0.05");
    const q = await quote(amount);
    const requestId = q.steps[0]!.requestId;
    const address = addressOf(q);
    const bobBefore = await balanceOf(evmUser(optimism, "bob"), null, bob);
    const carolBefore = await carol.public.getBalance({ address: carol.address });
    await base.provider.request({ method: "evm_setAutomine", params: [false] });
    let strangerSweep: Hex;
    try {
      const payment = await alice.wallet.sendTransaction({
        account: alice.wallet.account,
        chain: null,
        to: address as Address,
        value: amount,
      });
      await base.mine();
      expect((await alice.public.getTransactionReceipt({ hash: payment })).status).to.equal("success");
      strangerSweep = await carol.wallet.writeContract({
        account: carol.wallet.account,
        chain: null,
        address: contracts.factory,
        abi: FACTORY_ABI,
        functionName: "sweep",
        args: [q.protocol!.v2.orderId as Hex, alice.address, [zeroAddress, zeroAddress, zeroAddress]],
        // The node estimates gas on its pending block, where the service's own sweep may already have
        // emptied the address; a stranger racing for the deposit sends enough gas to make it.
        gas: 500_000n,
        maxFeePerGas: parseGwei("500"),
        maxPriorityFeePerGas: parseGwei("400"),
      });
      await base.mine();
    } finally {
      await base.provider.request({ method: "evm_setAutomine", params: [true] });
    }
    const receipt = await carol.public.getTransactionReceipt({ hash: strangerSweep });
    expect(receipt.status, "the stranger's sweep").to.equal("success");
    const deposits = receipt.logs.filter(
      (log) => log.address.toLowerCase() === base.depository.toLowerCase(),
    );
    expect(deposits, "the stranger's sweep made the deposit").to.have.length(1);
    await settle(requestId, "success");
    const verdict = await verifyDepositAddressSweep({
      ...contracts,
      orderId: q.protocol!.v2.orderId as Hex,
      depositor: alice.address,
      currency: zeroAddress,
      depository: base.depository,
      sweep: strangerSweep,
      client: alice.public,
    });
    expect(verdict.failures).to.deep.equal([]);
    expect(verdict.deposited).to.equal(amount);
    expect(((await balanceOf(evmUser(optimism, "bob"), null, bob)) - bobBefore).toString()).to.equal(
      q.details.currencyOut.amount,
    );
    const carolSpent = carolBefore - (await carol.public.getBalance({ address: carol.address }));
    expect(carolSpent).to.equal(receipt.gasUsed * receipt.effectiveGasPrice);
    expect((await recordOf(requestId)).data.inTxs.map((tx) => tx.txHash)).to.include(strangerSweep);
  });

  it("an underpayment is refunded on the origin chain to refundTo", async () => {
    const carolAddress = carol.address;
    const q = await quote(parseEther("0.2"), carolAddress);
    const requestId = q.steps[0]!.requestId;
    const before = await carol.public.getBalance({ address: carolAddress });
    await pay(addressOf(q), parseEther("0.05"));
    const status = await settle(requestId, "refund");
    expect(status.failReason).to.equal("DEPOSITED_AMOUNT_TOO_LOW_TO_FILL");
    expect((await carol.public.getBalance({ address: carolAddress })) - before).to.equal(parseEther("0.05"));
  });

  it("refuses a deposit-address quote without refundTo", async () => {
    const error = await e2e.client
      .quoteV2({
        user: alice.address,
        recipient: bob,
        originChainId: 8453,
        destinationChainId: 10,
        originCurrency: zeroAddress,
        destinationCurrency: zeroAddress,
        amount: "1000000000000000",
        tradeType: "EXACT_INPUT",
        useDepositAddress: true,
      })
      .then(
        () => null,
        (e: { errorCode?: string }) => e,
      );
    expect(error?.errorCode).to.equal("MISSING_REFUND_TO");
  });
});
