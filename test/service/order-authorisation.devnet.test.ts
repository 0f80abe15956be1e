/**
 * Who closes a request paid through the depository, on the devnet (EVM and SVM):
 * - F1 / R1: a deposit counts for a request only when its user paid it (from its own balance,
 *   whoever sent the transaction). A stranger's deposit naming the victim as depositor under the
 *   victim's order id lands, is refunded on its own to the stranger and leaves the request open; a
 *   deposit of nothing is ignored; the victim's own deposit then succeeds, directly or through the
 *   order-gated depositor.
 * - F2: two deposits under one order id in one transaction are booked as two (by log or instruction
 *   index): the first is filled, the second refunded.
 * - F3: a deposit landing after its order's `output.deadline` is refunded `PROTOCOL_DEADLINE_EXPIRED`
 *   and never filled.
 */
import { readFileSync } from "node:fs";
import { expect } from "chai";
import { type Abi, encodeFunctionData, type Hex, parseEther, parseEventLogs, zeroAddress } from "viem";
import { evmDevAccount } from "../../src/devnet/accounts.ts";
import { sendQuotedEvmSteps, submitQuotedSvmDeposit } from "../../src/devnet/quoted-steps.ts";
import { submitSvmInstructions } from "../../src/devnet/svm-user.ts";
import {
  encodeOrder,
  getOrderDeadline,
  type Order,
  type QuoteResponse,
  type QuoteV2Body,
  RELAY_DEPOSITORY_ABI,
  SVM_CHAIN_ID,
  SVM_NATIVE_TOKEN,
  verifyOrderRefund,
} from "../../src/index.ts";
import { depositsOf } from "../../src/service/deposits.ts";
import {
  buildDepositoryDepositInstruction,
  encodeDepositoryDeposit,
  type ProtocolOrderBlock,
} from "../../src/service/index.ts";
import { getRequest } from "../../src/service/requests-repo.ts";
import { orderGatedDepositorArtifact } from "../../src/testing/evm/order-gated-depositor-adapter.ts";
import { type E2e, type EvmUser, eventually, evmUser, startE2e, waitForStatus } from "../e2e/fixture.ts";

type OrderQuote = QuoteResponse & { protocol: { v2: ProtocolOrderBlock } };

/** Makes several calls with values in one transaction (contracts/mocks/CallBatch.sol). */
const CALL_BATCH_ARTIFACT = new URL(
  "../../artifacts/contracts/mocks/CallBatch.sol/CallBatch.json",
  import.meta.url,
);

const VM_TYPES = { base: "ethereum-vm", optimism: "ethereum-vm", solana: "solana-vm" } as const;

describe("service: a request closes only by its user, each deposit booked, within its order's deadline (devnet)", function () {
  this.timeout(600_000);
  let e2e: E2e;

  before(async () => {
    e2e = await startE2e();
  });
  after(() => e2e?.close());

  const quote = async (body: QuoteV2Body): Promise<OrderQuote> =>
    (await e2e.client.quoteV2({ ...body, includeProtocolData: true })) as OrderQuote;
  const evmQuote = (originChainId: number, amount: bigint) =>
    quote({
      user: evmDevAccount("alice").address,
      recipient: evmDevAccount("bob").address,
      originChainId,
      destinationChainId: originChainId === 8453 ? 10 : 8453,
      originCurrency: zeroAddress,
      destinationCurrency: zeroAddress,
      amount: amount.toString(),
      tradeType: "EXACT_INPUT",
    });
  const svmQuote = (currency: string, amount: bigint) =>
    quote({
      user: e2e.devnet.svm.accounts.alice.address,
      recipient: evmDevAccount("bob").address,
      originChainId: SVM_CHAIN_ID,
      destinationChainId: 8453,
      originCurrency: currency,
      destinationCurrency: zeroAddress,
      amount: amount.toString(),
      tradeType: "EXACT_INPUT",
      ...(currency === SVM_NATIVE_TOKEN ? {} : { maxRouteLength: 1 }),
    });
  const requestIdOf = (q: QuoteResponse) => q.steps[0]?.requestId as string;
  const booked = (requestId: string) => depositsOf(e2e.devnet.service.store, requestId);

  /** Mines past the confirmations and lets the indexer pass over everything, so every deposit had its chance. */
  async function indexed(): Promise<void> {
    for (const chain of e2e.devnet.evm.values()) await chain.mine(2);
    await new Promise((resolve) => setTimeout(resolve, 1500)); // SVM: a few slots, all confirmed
    for (let i = 0; i < 3; i++) await e2e.devnet.service.indexer?.tick();
  }

  /** The booked deposit of `txHash` refunded on its own, once its refund went out. */
  const refunded = (requestId: string, txHash: string) =>
    eventually(
      async () =>
        booked(requestId).find(
          (d) => d.txHash.toLowerCase() === txHash.toLowerCase() && d.separate && d.refundTx !== null,
        ),
      `the refund of ${txHash}`,
    );

  /** Sends `depositNative(depositor, id)` with `value` from `from` straight to the depository; returns its receipt. */
  async function depositNative(chainId: number, from: EvmUser, depositor: Hex, id: Hex, value: bigint) {
    const chain = e2e.devnet.evmChain(chainId);
    const call = encodeDepositoryDeposit({ depositor, currency: zeroAddress, amount: value, id });
    const hash = await from.wallet.sendTransaction({
      account: from.wallet.account,
      chain: null,
      to: chain.depository,
      data: call.data,
      value: call.value,
    });
    return from.public.waitForTransactionReceipt({ hash });
  }

  /** What a refund transaction sent on an EVM chain: recipient and value. */
  async function evmTransfer(chainId: number, hash: string) {
    const tx = await evmUser(e2e.devnet.evmChain(chainId), "alice").public.getTransaction({
      hash: hash as Hex,
    });
    return { to: tx.to?.toLowerCase(), value: tx.value };
  }

  /** The attack of F1: bob deposits 1 wei naming alice under alice's order id; it lands and changes nothing. */
  async function strangerDepositsOneWei(q: OrderQuote) {
    const base = e2e.devnet.evmChain(8453);
    const alice = evmUser(base, "alice");
    const bob = evmUser(base, "bob");
    const receipt = await depositNative(8453, bob, alice.address, q.protocol.v2.orderId, 1n);
    // The attack really landed: the depository's event names alice and alice's order id.
    expect(receipt.status).to.equal("success");
    const [event] = parseEventLogs({
      abi: RELAY_DEPOSITORY_ABI,
      logs: receipt.logs,
      eventName: "RelayNativeDeposit",
    });
    expect(event?.args).to.deep.equal({ from: alice.address, amount: 1n, id: q.protocol.v2.orderId });
    await indexed();
    const status = await e2e.client.getStatus(requestIdOf(q));
    expect(status.status).to.equal("waiting");
    expect(status.inTxHashes).to.deep.equal([]);
    const deposit = await refunded(requestIdOf(q), receipt.transactionHash);
    expect(deposit).to.include({ fromUser: false, separate: true, kind: "refund", reason: "NOT_FROM_USER" });
    expect(deposit.sender.toLowerCase()).to.equal(bob.address.toLowerCase());
    expect(await evmTransfer(8453, deposit.refundTx as string)).to.deep.equal({
      to: bob.address.toLowerCase(),
      value: 1n,
    });
  }

  it("F1 attack on EVM: a stranger's 1-wei depositNative(victim, victim's order id) is refunded to the stranger, the request stays open, and the victim's deposit succeeds", async () => {
    const q = await evmQuote(8453, parseEther("0.3"));
    await strangerDepositsOneWei(q);
    const [receipt] = await sendQuotedEvmSteps(evmUser(e2e.devnet.evmChain(8453), "alice"), q);
    await e2e.devnet.evmChain(8453).mine(2);
    const done = await waitForStatus(e2e, requestIdOf(q), "success");
    expect(done.inTxHashes).to.deep.equal([receipt?.transactionHash]);
  });

  it("F1 attack on EVM, then the victim pays through OrderGatedDepositor: the stranger's 1 wei is refunded, the victim's payment succeeds", async () => {
    const base = e2e.devnet.evmChain(8453);
    const alice = evmUser(base, "alice");
    const amount = parseEther("0.25");
    const q = await evmQuote(8453, amount);
    const order = encodeOrder(q.protocol.v2.orderData, VM_TYPES);
    const { abi, bytecode } = orderGatedDepositorArtifact();
    const payment = order.output.payments[0] as { recipient: Hex };
    const deployHash = await alice.wallet.deployContract({
      account: alice.wallet.account,
      chain: null,
      abi,
      bytecode,
      args: [
        alice.address,
        evmDevAccount("solver").address,
        base.depository,
        "base",
        [{ chainId: order.output.chainId, recipient: payment.recipient }],
      ],
    });
    const deployed = await alice.public.waitForTransactionReceipt({ hash: deployHash });
    const gate = deployed.contractAddress as Hex;
    expect(deployed.status).to.equal("success");
    await strangerDepositsOneWei(q);
    const hash = await alice.wallet.sendTransaction({
      account: alice.wallet.account,
      chain: null,
      to: gate,
      data: encodeFunctionData({
        abi,
        functionName: "depositNative",
        args: [order, q.protocol.v2.orderSignature],
      }),
      value: amount,
    });
    const receipt = await alice.public.waitForTransactionReceipt({ hash });
    expect(receipt.status).to.equal("success");
    const [event] = parseEventLogs({
      abi: RELAY_DEPOSITORY_ABI,
      logs: receipt.logs,
      eventName: "RelayNativeDeposit",
    });
    expect(event?.args).to.deep.equal({ from: alice.address, amount, id: q.protocol.v2.orderId });
    await base.mine(2);
    const done = await waitForStatus(e2e, requestIdOf(q), "success");
    expect(done.inTxHashes).to.deep.equal([hash]);
  });

  it("R1 attack on SVM: deposit_native of 0 lamports naming the victim is ignored, 1 lamport naming the victim against a USDC order is refunded to the stranger, and the victim's deposit succeeds", async () => {
    const { svm } = e2e.devnet;
    const { alice, bob } = svm.accounts;
    const q = await svmQuote(svm.usdc.mint, 20_000_000n);
    const { orderId } = q.protocol.v2;
    const strangerDeposit = (amount: bigint) =>
      buildDepositoryDepositInstruction({
        program: svm.depository.program,
        sender: bob,
        depositor: alice.address,
        currency: SVM_NATIVE_TOKEN,
        amount,
        id: orderId,
      });
    const vault = () => svm.svm.getBalance(svm.depository.vault) ?? 0n;
    const before = vault();
    // Both attacks really landed: submit throws on a failed transaction, and the vault took the lamport.
    const zero = await submitSvmInstructions(svm, bob, [await strangerDeposit(0n)]);
    const one = await submitSvmInstructions(svm, bob, [await strangerDeposit(1n)]);
    expect(zero.logs).to.include(`Program ${svm.depository.program} success`);
    expect(vault() - before).to.equal(1n);
    await indexed();
    const status = await e2e.client.getStatus(requestIdOf(q));
    expect(status.status).to.equal("waiting");
    expect(status.inTxHashes).to.deep.equal([]);
    const deposit = await refunded(requestIdOf(q), one.signature);
    expect(deposit).to.include({
      fromUser: false,
      separate: true,
      reason: "NOT_FROM_USER",
      sender: bob.address,
      currency: SVM_NATIVE_TOKEN,
      amount: 1n,
    });
    // The zero deposit was not even booked.
    expect(booked(requestIdOf(q)).map((d) => d.txHash)).to.deep.equal([one.signature]);
    await submitQuotedSvmDeposit(svm, alice, q);
    await waitForStatus(e2e, requestIdOf(q), "success");
  });

  it("F2 on EVM: two depositNative under one order id in one transaction are booked as two: the first fills, the second is refunded", async () => {
    const base = e2e.devnet.evmChain(8453);
    const alice = evmUser(base, "alice");
    const amount = parseEther("0.2");
    const q = await evmQuote(8453, amount);
    const call = encodeDepositoryDeposit({
      depositor: alice.address,
      currency: zeroAddress,
      amount,
      id: q.protocol.v2.orderId,
    });
    const batch = JSON.parse(readFileSync(CALL_BATCH_ARTIFACT, "utf8")) as { abi: Abi; bytecode: Hex };
    const deployed = await alice.public.waitForTransactionReceipt({
      hash: await alice.wallet.deployContract({ ...batch, account: alice.wallet.account, chain: null }),
    });
    const hash = await alice.wallet.sendTransaction({
      account: alice.wallet.account,
      chain: null,
      to: deployed.contractAddress as Hex,
      data: encodeFunctionData({
        abi: batch.abi,
        functionName: "callAll",
        args: [
          [base.depository, base.depository],
          [amount, amount],
          [call.data, call.data],
        ],
      }),
      value: 2n * amount,
    });
    const receipt = await alice.public.waitForTransactionReceipt({ hash });
    expect(receipt.status).to.equal("success");
    const events = parseEventLogs({
      abi: RELAY_DEPOSITORY_ABI,
      logs: receipt.logs,
      eventName: "RelayNativeDeposit",
    });
    expect(events.map((e) => e.args.id)).to.deep.equal([q.protocol.v2.orderId, q.protocol.v2.orderId]);
    await base.mine(2);
    await waitForStatus(e2e, requestIdOf(q), "success");
    const second = await refunded(requestIdOf(q), hash);
    expect(second).to.include({ kind: "refund", reason: "REQUEST_CLOSED", separate: true, amount });
    const both = booked(requestIdOf(q));
    expect(both.map((d) => d.kind).sort()).to.deep.equal(["fill", "refund"]);
    expect(new Set(both.map((d) => d.position)).size).to.equal(2);
    expect(await evmTransfer(8453, second.refundTx as string)).to.deep.equal({
      to: alice.address.toLowerCase(),
      value: amount,
    });
  });

  it("F2 on SVM: two deposit_native under one order id in one transaction are booked as two: the first fills, the second is refunded", async () => {
    const { svm } = e2e.devnet;
    const { alice } = svm.accounts;
    const amount = 10n ** 9n;
    const q = await svmQuote(SVM_NATIVE_TOKEN, amount);
    const ix = await buildDepositoryDepositInstruction({
      program: svm.depository.program,
      sender: alice,
      depositor: alice.address,
      currency: SVM_NATIVE_TOKEN,
      amount,
      id: q.protocol.v2.orderId,
    });
    const before = svm.svm.getBalance(svm.depository.vault) ?? 0n;
    const landed = await submitSvmInstructions(svm, alice, [ix, ix]);
    expect((svm.svm.getBalance(svm.depository.vault) ?? 0n) - before).to.equal(2n * amount);
    await waitForStatus(e2e, requestIdOf(q), "success");
    const second = await refunded(requestIdOf(q), landed.signature);
    expect(second).to.include({ kind: "refund", reason: "REQUEST_CLOSED", separate: true, amount });
    const both = booked(requestIdOf(q));
    expect(both.map((d) => d.kind).sort()).to.deep.equal(["fill", "refund"]);
    expect(new Set(both.map((d) => d.position)).size).to.equal(2);
  });

  // Last: it moves chain 10's clock past the order's deadline.
  it("F3: a deposit landing after its order's output.deadline is refunded PROTOCOL_DEADLINE_EXPIRED, never filled, and the refund verifies by the refund option's deadline", async () => {
    const optimism = e2e.devnet.evmChain(10);
    const alice = evmUser(optimism, "alice");
    const amount = parseEther("0.1");
    const q = await evmQuote(10, amount);
    const deadline = getOrderDeadline(q.protocol.v2.orderData);
    const latest = await alice.public.getBlock();
    await optimism.provider.request({
      method: "evm_setNextBlockTimestamp",
      params: [`0x${(deadline + 1).toString(16)}`],
    });
    const [receipt] = await sendQuotedEvmSteps(alice, q);
    const block = await alice.public.getBlock({ blockNumber: receipt?.blockNumber });
    // The deposit really landed, one second after the deadline (which an earlier block had not reached).
    expect(receipt?.status).to.equal("success");
    expect(latest.timestamp <= BigInt(deadline)).to.equal(true);
    expect(block.timestamp).to.equal(BigInt(deadline + 1));
    await optimism.mine(2);
    await waitForStatus(e2e, requestIdOf(q), "refund");
    const request = getRequest(e2e.devnet.service.store, requestIdOf(q));
    expect(request?.record.data.failReason).to.equal("PROTOCOL_DEADLINE_EXPIRED");
    expect(request?.record.data.outTxs.map((tx) => [tx.type, tx.chainId])).to.deep.equal([["refund", 10]]);
    const fills = e2e.devnet.service.store
      .prepare("SELECT id FROM outbox WHERE id = ?")
      .all(`fill:${requestIdOf(q).toLowerCase()}`);
    expect(fills).to.deep.equal([]);
    const refund = request?.record.data.outTxs[0]?.txHash as string;
    expect(await evmTransfer(10, refund)).to.deep.equal({ to: alice.address.toLowerCase(), value: amount });
    // The service judges a refund by its refund option's own deadline, which the mock sets an hour past
    // the output's: the refund of a deposit that came after the output deadline is in time, and verifies.
    const order = q.protocol.v2.orderData as Order;
    const refundDeadline = order.inputs[0]?.refunds[0]?.deadline as number;
    expect(refundDeadline).to.equal(deadline + 3600);
    const refundBlock = await alice.public.getTransactionReceipt({ hash: refund as Hex });
    const refundAt = (await alice.public.getBlock({ blockNumber: refundBlock.blockNumber })).timestamp;
    expect(refundAt > BigInt(deadline) && refundAt <= BigInt(refundDeadline)).to.equal(true);
    const verified = await eventually(
      async () => getRequest(e2e.devnet.service.store, requestIdOf(q))?.meta.orderVerification,
      "the refund's check against its order",
    );
    expect(verified).to.include({ ok: true, leg: "refund" });
    const chains = await (await fetch(`${e2e.devnet.serviceUrl}/chains`)).json();
    const direct = await verifyOrderRefund(
      order,
      { vm: "ethereum-vm", hash: refund as Hex, client: alice.public },
      { chains, finality: { blocks: 0, seconds: 0 }, deposited: amount, depositor: alice.address },
    );
    expect(direct.failures).to.deep.equal([]);
  });
});
