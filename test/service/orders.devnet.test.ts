/**
 * Protocol orders on the devnet: the depositories at their canonical addresses (EVM contract on 8453,
 * SVM program), quotes with protocol data deposited as quoted and credited with what reached the
 * depository to `success` (fill, status, listing by order id), directly or through the order-gated
 * depositor program (its deposit reaches the depository by CPI); and the attacks: a deposit under a
 * tampered id, and one naming another depositor, land in the depository but pay no request.
 */

import type { Instruction } from "@solana/kit";
import { TOKEN_PROGRAM_ADDRESS } from "@solana-program/token";
import { expect } from "chai";
import { type Hex, hexToBytes, parseEther, parseEventLogs, parseUnits, zeroAddress } from "viem";
import { evmDevAccount } from "../../src/devnet/accounts.ts";
import type { EvmDevChain } from "../../src/devnet/evm-chain.ts";
import { sendQuotedEvmSteps, submitQuotedSvmDeposit } from "../../src/devnet/quoted-steps.ts";
import { submitSvmInstructions, svmUsdcBalance } from "../../src/devnet/svm-user.ts";
import {
  CANONICAL_EVM_DEPOSITORY,
  type EncodedOrder,
  encodeOrder,
  type QuoteResponse,
  type QuoteV2Body,
  RELAY_DEPOSITORY_ABI,
  SVM_CHAIN_ID,
  SVM_DEPOSITORY_PROGRAM,
  SVM_NATIVE_TOKEN,
} from "../../src/index.ts";
import {
  buildDepositoryDepositInstruction,
  encodeDepositoryDeposit,
  type ProtocolOrderBlock,
} from "../../src/service/index.ts";
import { balanceOf, type E2e, evmUser, startE2e, tokenOf, waitForStatus } from "../e2e/fixture.ts";
import { installOrderDepositor } from "../e2e/payment-paths.ts";
import type { OrderFixture } from "../svm/order-fixture.ts";

type OrderQuote = QuoteResponse & { protocol: { v2: ProtocolOrderBlock } };

/** The order id with its last byte flipped. */
const tampered = (id: Hex) =>
  `${id.slice(0, 64)}${(Number.parseInt(id.slice(64), 16) ^ 0xff).toString(16).padStart(2, "0")}` as Hex;

describe("service: protocol orders on the devnet", function () {
  this.timeout(300_000);
  let e2e: E2e;
  let base: EvmDevChain;

  before(async () => {
    e2e = await startE2e();
    base = e2e.devnet.evmChain(8453);
  });
  after(() => e2e?.close());

  const quote = async (body: QuoteV2Body): Promise<OrderQuote> => {
    const q = (await e2e.client.quoteV2({ ...body, includeProtocolData: true })) as OrderQuote;
    expect(q.protocol?.v2.orderId).to.match(/^0x[0-9a-f]{64}$/);
    return q;
  };
  const evmBody = (currency: Hex, amount: bigint): QuoteV2Body => ({
    user: evmDevAccount("alice").address,
    recipient: evmDevAccount("bob").address,
    originChainId: 8453,
    destinationChainId: 10,
    originCurrency: currency,
    destinationCurrency: zeroAddress,
    amount: amount.toString(),
    tradeType: "EXACT_INPUT",
  });
  const svmBody = (currency: string, amount: bigint): QuoteV2Body => ({
    user: e2e.devnet.svm.accounts.alice.address,
    recipient: evmDevAccount("bob").address,
    originChainId: SVM_CHAIN_ID,
    destinationChainId: 8453,
    originCurrency: currency,
    destinationCurrency: zeroAddress,
    amount: amount.toString(),
    tradeType: "EXACT_INPUT",
  });
  const requestIdOf = (q: QuoteResponse) => q.steps[0]?.requestId as string;

  /** Lets the indexer pass over everything mined so far, twice, so an uncredited deposit had its chance. */
  async function indexed(): Promise<void> {
    await base.mine(2);
    for (let i = 0; i < 3; i++) await e2e.devnet.service.indexer?.tick();
  }

  it("the EVM depository runs at the canonical address on both chains", async () => {
    for (const chain of e2e.devnet.evm.values()) {
      expect(chain.depository.toLowerCase()).to.equal(CANONICAL_EVM_DEPOSITORY);
      const code = await evmUser(chain, "alice").public.getCode({ address: chain.depository });
      expect((code?.length ?? 0) > 2).to.equal(true);
    }
  });

  it("EVM native: depositNative as quoted is credited the msg.value the depository reports and filled; listed by order id", async () => {
    const alice = evmUser(base, "alice");
    const amount = parseEther("0.4");
    const q = await quote(evmBody(zeroAddress, amount));
    const before = await balanceOf(alice, null, base.depository);
    const [receipt] = await sendQuotedEvmSteps(alice, q);
    const [event] = parseEventLogs({
      abi: RELAY_DEPOSITORY_ABI,
      logs: receipt?.logs ?? [],
      eventName: "RelayNativeDeposit",
    });
    expect(event?.args).to.deep.equal({ from: alice.address, amount, id: q.protocol.v2.orderId });
    expect((await balanceOf(alice, null, base.depository)) - before).to.equal(amount);
    await base.mine();
    const done = await waitForStatus(e2e, requestIdOf(q), "success");
    expect(done.inTxHashes).to.deep.equal([receipt?.transactionHash]);
    const { requests } = await e2e.client.listRequests({ orderId: q.protocol.v2.orderId });
    expect(requests.map((r) => r.id)).to.deep.equal([requestIdOf(q)]);
    expect(requests[0]?.data.outTxs.map((tx) => tx.txHash)).to.deep.equal(done.txHashes);
  });

  it("EVM ERC-20: approve, depositErc20 as quoted, credited its Transfer into the depository and filled", async () => {
    const alice = evmUser(base, "alice");
    const usdc = tokenOf(base, "USDC");
    const amount = parseUnits("30", 6);
    const q = await quote(evmBody(usdc, amount));
    expect(q.steps.map((step) => step.id)).to.deep.equal(["approve", "deposit"]);
    const before = await balanceOf(alice, usdc, base.depository);
    await sendQuotedEvmSteps(alice, q);
    expect((await balanceOf(alice, usdc, base.depository)) - before).to.equal(amount);
    await base.mine();
    await waitForStatus(e2e, requestIdOf(q), "success");
  });

  it("attack: deposits under a tampered order id or naming another depositor land but pay no request", async () => {
    const alice = evmUser(base, "alice");
    const bob = evmUser(base, "bob");
    const amount = parseEther("0.2");
    const q = await quote(evmBody(zeroAddress, amount));
    const { orderId } = q.protocol.v2;
    const before = await balanceOf(alice, null, base.depository);
    const send = async (from: typeof alice, depositor: Hex, id: Hex) => {
      const call = encodeDepositoryDeposit({ depositor, currency: zeroAddress, amount, id });
      const hash = await from.wallet.sendTransaction({
        account: from.wallet.account,
        chain: null,
        to: base.depository,
        data: call.data,
        value: call.value,
      });
      return from.public.waitForTransactionReceipt({ hash });
    };
    // The attacks really happened: both deposits succeeded and the depository holds their value.
    expect((await send(alice, alice.address, tampered(orderId))).status).to.equal("success");
    expect((await send(bob, bob.address, orderId)).status).to.equal("success");
    expect((await balanceOf(alice, null, base.depository)) - before).to.equal(2n * amount);
    await indexed();
    const status = await e2e.client.getStatus(requestIdOf(q));
    expect(status.status).to.equal("waiting");
    expect(status.inTxHashes).to.deep.equal([]);
    // The genuine deposit still pays it.
    await sendQuotedEvmSteps(alice, q);
    await base.mine();
    await waitForStatus(e2e, requestIdOf(q), "success");
  });

  it("SVM native: deposit_native as quoted is credited from the vault's lamports and filled", async () => {
    const { svm } = e2e.devnet;
    expect(svm.depository.program).to.equal(SVM_DEPOSITORY_PROGRAM);
    const amount = 3n * 10n ** 9n;
    const q = await quote(svmBody(SVM_NATIVE_TOKEN, amount));
    const before = svm.svm.getBalance(svm.depository.vault) ?? 0n;
    await submitQuotedSvmDeposit(svm, svm.accounts.alice, q);
    expect((svm.svm.getBalance(svm.depository.vault) ?? 0n) - before).to.equal(amount);
    const done = await waitForStatus(e2e, requestIdOf(q), "success");
    expect(done.inTxHashes).to.have.length(1);
  });

  it("SVM USDC: deposit_token as quoted is credited from the vault's token account and filled", async () => {
    const { svm } = e2e.devnet;
    const amount = 40_000_000n;
    // A one-hop route: the devnet mint needs a swap hop, and the longer routes outgrow 1232 bytes.
    const q = await quote({ ...svmBody(svm.usdc.mint, amount), maxRouteLength: 1 });
    const before = await svmUsdcBalance(svm, svm.depository.vault);
    await submitQuotedSvmDeposit(svm, svm.accounts.alice, q);
    expect((await svmUsdcBalance(svm, svm.depository.vault)) - before).to.equal(amount);
    await waitForStatus(e2e, requestIdOf(q), "success");
  });

  describe("through the SVM order-gated depositor (its deposit reaches the depository by CPI)", () => {
    let gate: OrderFixture;
    const vmTypes = { solana: "solana-vm", base: "ethereum-vm" } as const;

    before(async () => {
      gate = await installOrderDepositor(e2e.devnet.svm, "base", evmDevAccount("bob").address);
    });

    /** Pays quote `q` through the order depositor with `deposit`; checks the CPI happened; waits for success. */
    async function payThroughGate(
      q: OrderQuote,
      deposit: (order: EncodedOrder, signature: Uint8Array) => Promise<Instruction>,
      vaultBalance: () => Promise<bigint>,
      amount: bigint,
    ) {
      const { svm } = e2e.devnet;
      const order = encodeOrder(q.protocol.v2.orderData, vmTypes);
      const ix = await deposit(order, hexToBytes(q.protocol.v2.orderSignature));
      const before = await vaultBalance();
      const landed = await submitSvmInstructions(svm, svm.accounts.alice, [ix]);
      // The only top-level instruction is the order depositor's; the depository ran inside it.
      expect(ix.programAddress).to.equal(gate.programId);
      expect(landed.logs).to.include(`Program ${svm.depository.program} invoke [2]`);
      expect((await vaultBalance()) - before).to.equal(amount);
      const done = await waitForStatus(e2e, requestIdOf(q), "success");
      expect(done.inTxHashes).to.deep.equal([landed.signature]);
    }

    it("native: credited from the vault's lamports and filled", async () => {
      const { svm } = e2e.devnet;
      const amount = 2n * 10n ** 9n;
      const q = await quote(svmBody(SVM_NATIVE_TOKEN, amount));
      await payThroughGate(
        q,
        (order, signature) => gate.depositNativeOrder(order, { payer: svm.accounts.alice, signature }),
        async () => svm.svm.getBalance(svm.depository.vault) ?? 0n,
        amount,
      );
    });

    it("USDC: credited from the vault's token account and filled", async () => {
      const { svm } = e2e.devnet;
      const amount = 25_000_000n;
      const q = await quote({ ...svmBody(svm.usdc.mint, amount), maxRouteLength: 1 });
      const t = {
        mint: svm.usdc.mint,
        payerToken: await svm.usdcAccount(svm.accounts.alice.address),
        tokenProgram: TOKEN_PROGRAM_ADDRESS,
      };
      await payThroughGate(
        q,
        (order, signature) => gate.depositTokenOrder(order, t, { payer: svm.accounts.alice, signature }),
        () => svmUsdcBalance(svm, svm.depository.vault),
        amount,
      );
    });
  });

  it("attack on SVM: a tampered id, or another depositor under the right id, pays no request", async () => {
    const { svm } = e2e.devnet;
    const { alice, bob } = svm.accounts;
    const amount = 10n ** 9n;
    const q = await quote(svmBody(SVM_NATIVE_TOKEN, amount));
    const { orderId } = q.protocol.v2;
    const before = svm.svm.getBalance(svm.depository.vault) ?? 0n;
    const deposit = (sender: typeof alice, id: Hex) =>
      buildDepositoryDepositInstruction({
        program: svm.depository.program,
        sender,
        depositor: sender.address,
        currency: SVM_NATIVE_TOKEN,
        amount,
        id,
      });
    await submitSvmInstructions(svm, alice, [await deposit(alice, tampered(orderId))]);
    await submitSvmInstructions(svm, bob, [await deposit(bob, orderId)]);
    expect((svm.svm.getBalance(svm.depository.vault) ?? 0n) - before).to.equal(2n * amount);
    await new Promise((resolve) => setTimeout(resolve, 1500)); // a few slots: both confirmed
    for (let i = 0; i < 3; i++) await e2e.devnet.service.indexer?.tick();
    const status = await e2e.client.getStatus(requestIdOf(q));
    expect(status.status).to.equal("waiting");
    expect(status.inTxHashes).to.deep.equal([]);
    await submitQuotedSvmDeposit(svm, alice, q);
    await waitForStatus(e2e, requestIdOf(q), "success");
  });
});
