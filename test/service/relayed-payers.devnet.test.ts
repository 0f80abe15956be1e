/**
 * Who paid, whoever relayed (devnet, over HTTP through the typed client, checked on chain): a deposit
 * made exactly as the quote says from the accounts people pay from, whose transaction someone else
 * sends, is the account's own: an ERC-4337-style account through a bundler, a Safe-style multisig
 * through a relayer, an EIP-7702 delegated EOA through a sponsor, an EOA through Multicall3, an
 * account paying through the order-gated depositor through a bundler, and on SVM a token transfer
 * whose fee payer is not the token owner. A stranger's deposit relayed the same way is refunded on
 * its own to the stranger's account; the relayer never receives a deposit's refund.
 */
import { readFileSync } from "node:fs";
import type { KeyPairSigner } from "@solana/kit";
import { getTransferCheckedInstruction } from "@solana-program/token";
import { expect } from "chai";
import {
  type Abi,
  createWalletClient,
  encodeFunctionData,
  type Hex,
  http,
  parseEther,
  parseEventLogs,
  zeroAddress,
} from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { addScenario } from "../../docs/examples/scenarios/failure-recipes.ts";
import { evmDevAccount, evmMnemonicAccount } from "../../src/devnet/accounts.ts";
import { MULTICALL3_ADDRESS } from "../../src/devnet/evm-chain.ts";
import { submitSvmInstructions, svmUsdcBalance } from "../../src/devnet/svm-user.ts";
import {
  encodeOrder,
  type QuoteResponse,
  type QuoteV2Body,
  SOLVER_NATIVE_TRANSFER_ABI,
  SVM_CHAIN_ID,
  SVM_NATIVE_TOKEN,
} from "../../src/index.ts";
import { depositsOf } from "../../src/service/deposits.ts";
import {
  buildDepositoryDepositInstruction,
  encodeDepositoryDeposit,
  type ProtocolOrderBlock,
} from "../../src/service/index.ts";
import { requestIdMemoInstruction } from "../../src/service/svm-route.ts";
import { orderGatedDepositorArtifact } from "../../src/testing/evm/order-gated-depositor-adapter.ts";
import { type E2e, eventually, evmUser, startE2e, waitForStatus } from "../e2e/fixture.ts";

type OrderQuote = QuoteResponse & { protocol: { v2: ProtocolOrderBlock } };
const VM_TYPES = { base: "ethereum-vm", optimism: "ethereum-vm", solana: "solana-vm" } as const;

const artifact = (path: string) =>
  JSON.parse(readFileSync(new URL(`../../artifacts/contracts/${path}`, import.meta.url), "utf8")) as {
    abi: Abi;
    bytecode: Hex;
  };
const ACCOUNT = artifact("mocks/SignedCallAccount.sol/SignedCallAccount.json");
const MULTISIG = artifact("mocks/MultisigWallet.sol/MultisigWallet.json");
const MULTISIG_PROXY = artifact("mocks/MultisigWallet.sol/MultisigProxy.json");
const MULTICALL3 = artifact("devnet/Multicall3.sol/Multicall3.json");
const REFUSING_ACCOUNT = artifact("mocks/RefundRefusingAccount.sol/RefundRefusingAccount.json");

describe("service: the payer is whoever paid, however the transaction was relayed (devnet)", function () {
  this.timeout(600_000);
  let e2e: E2e;

  before(async () => {
    e2e = await startE2e();
  });
  after(() => e2e?.close());

  const base = () => e2e.devnet.evmChain(8453);
  const alice = () => evmUser(base(), "alice");
  /** The relayer (bundler, Safe relayer, sponsor): it sends transactions and pays only their gas. */
  const relayer = () => evmUser(base(), "bob");
  const requestIdOf = (q: QuoteResponse) => q.steps[0]?.requestId as string;

  const quoteFor = async (user: string, amount: bigint): Promise<OrderQuote> =>
    (await e2e.client.quoteV2({
      user,
      recipient: evmDevAccount("carol").address,
      originChainId: 8453,
      destinationChainId: 10,
      originCurrency: zeroAddress,
      destinationCurrency: zeroAddress,
      amount: amount.toString(),
      tradeType: "EXACT_INPUT",
      includeProtocolData: true,
    } satisfies QuoteV2Body)) as OrderQuote;

  async function deploy(contract: { abi: Abi; bytecode: Hex }, args: unknown[] = []): Promise<Hex> {
    const hash = await alice().wallet.deployContract({
      ...contract,
      args,
      account: alice().wallet.account,
      chain: null,
    });
    const receipt = await alice().public.waitForTransactionReceipt({ hash });
    expect(receipt.status).to.equal("success");
    return receipt.contractAddress as Hex;
  }

  async function fund(to: Hex, value: bigint): Promise<void> {
    const hash = await alice().wallet.sendTransaction({
      account: alice().wallet.account,
      chain: null,
      to,
      value,
    });
    await alice().public.waitForTransactionReceipt({ hash });
  }

  /** Sends `data` to `to` from the relayer; returns the receipt (a success, checked). */
  async function relay(to: Hex, data: Hex, extra: Record<string, unknown> = {}) {
    const r = relayer();
    const hash = await r.wallet.sendTransaction({
      account: r.wallet.account,
      chain: null,
      to,
      data,
      ...extra,
    });
    const receipt = await r.public.waitForTransactionReceipt({ hash });
    expect(receipt.status).to.equal("success");
    expect(receipt.from.toLowerCase()).to.equal(r.address.toLowerCase());
    return receipt;
  }

  /** `SignedCallAccount.execute(to, value, data, signature)` signed by `key` for `account`. */
  async function signedExecute(account: Hex, key: Hex, to: Hex, value: bigint, data: Hex): Promise<Hex> {
    const hash = (await alice().public.readContract({
      address: account,
      abi: ACCOUNT.abi,
      functionName: "callHash",
      args: [to, value, data],
    })) as Hex;
    const signature = await privateKeyToAccount(key).signMessage({ message: { raw: hash } });
    return encodeFunctionData({
      abi: ACCOUNT.abi,
      functionName: "execute",
      args: [to, value, data, signature],
    });
  }

  const depositCall = (q: OrderQuote, depositor: Hex, value: bigint) =>
    encodeDepositoryDeposit({ depositor, currency: zeroAddress, amount: value, id: q.protocol.v2.orderId });

  /** Mines past the confirmations and lets the indexer pass over everything. */
  async function indexed(): Promise<void> {
    for (const chain of e2e.devnet.evm.values()) await chain.mine(2);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    for (let i = 0; i < 3; i++) await e2e.devnet.service.indexer?.tick();
  }

  /** The on-chain refund of deposit `txHash` of `requestId`, once it went out: recipient and value. */
  async function refundOf(requestId: string, txHash: string) {
    const deposit = await eventually(
      async () =>
        depositsOf(e2e.devnet.service.store, requestId).find(
          (d) => d.txHash.toLowerCase() === txHash.toLowerCase() && d.separate && d.refundTx !== null,
        ),
      `the refund of ${txHash}`,
    );
    return { deposit, ...(await nativePaid(deposit.refundTx as Hex)) };
  }

  /**
   * Who a native refund paid, and how much: the transaction's own recipient and value, or, when the
   * solver paid through the fill router (a recipient with code), the router's one `SolverNativeTransfer`.
   */
  async function nativePaid(hash: Hex): Promise<{ to: string | undefined; value: bigint }> {
    const tx = await alice().public.getTransaction({ hash });
    const { logs } = await alice().public.getTransactionReceipt({ hash });
    const routed = parseEventLogs({ abi: SOLVER_NATIVE_TRANSFER_ABI, logs }).filter(
      (log) => log.address.toLowerCase() === tx.to?.toLowerCase(),
    );
    if (routed.length === 0) return { to: tx.to?.toLowerCase(), value: tx.value };
    expect(routed, "one router payment").to.have.length(1);
    return { to: routed[0]!.args.to.toLowerCase(), value: routed[0]!.args.amount };
  }

  /**
   * The request ends `refund` with `txHash` as its deposit, and its refund paid `amount` back to the
   * smart account on chain (never the relayer or bundler that sent the deposit).
   */
  async function refundedToAccount(
    requestId: string,
    txHash: Hex,
    account: Hex,
    amount: bigint,
  ): Promise<void> {
    await base().mine(2);
    const done = await waitForStatus(e2e, requestId, "refund");
    expect(done.inTxHashes).to.deep.equal([txHash]);
    expect(await nativePaid(done.txHashes[0] as Hex)).to.deep.equal({
      to: account.toLowerCase(),
      value: amount,
    });
    expect(await alice().public.getBalance({ address: account })).to.equal(amount);
  }

  /** The request reaches success with `txHash` as its deposit, and its fill paid the recipient on chain. */
  async function filled(q: OrderQuote, txHash: Hex): Promise<void> {
    await base().mine(2);
    const done = await waitForStatus(e2e, requestIdOf(q), "success");
    expect(done.inTxHashes).to.deep.equal([txHash]);
    const fill = await evmUser(e2e.devnet.evmChain(10), "alice").public.getTransaction({
      hash: done.txHashes[0] as Hex,
    });
    expect(fill.to?.toLowerCase()).to.equal(evmDevAccount("carol").address.toLowerCase());
  }

  it("an ERC-4337-style account whose depositNative(account, orderId) a bundler sends gets its fill", async () => {
    const owner = evmMnemonicAccount(10);
    const account = await deploy(ACCOUNT, [owner.address]);
    const amount = parseEther("0.2");
    await fund(account, amount);
    const q = await quoteFor(account, amount);
    const call = depositCall(q, account, amount);
    const receipt = await relay(
      account,
      await signedExecute(account, owner.privateKey, base().depository, amount, call.data),
    );
    expect(await alice().public.getBalance({ address: account })).to.equal(0n);
    await filled(q, receipt.transactionHash);
  });

  it("an ERC-4337-style account's short deposit, sent by a bundler, is refunded to the account, not the bundler", async () => {
    const owner = evmMnemonicAccount(17);
    const account = await deploy(ACCOUNT, [owner.address]);
    const quoted = parseEther("0.2");
    const short = parseEther("0.05");
    await fund(account, short);
    const q = await quoteFor(account, quoted);
    const call = depositCall(q, account, short);
    const receipt = await relay(
      account,
      await signedExecute(account, owner.privateKey, base().depository, short, call.data),
    );
    expect(await alice().public.getBalance({ address: account })).to.equal(0n);
    await refundedToAccount(requestIdOf(q), receipt.transactionHash, account, short);
  });

  it("a Safe-style 2-of-2 multisig whose deposit a relayer executes gets its fill", async () => {
    const [first, second] = [evmMnemonicAccount(11), evmMnemonicAccount(12)].sort((a, b) =>
      a.address.toLowerCase() < b.address.toLowerCase() ? -1 : 1,
    );
    const singleton = await deploy(MULTISIG);
    const safe = await deploy(MULTISIG_PROXY, [singleton]);
    await relay(
      safe,
      encodeFunctionData({
        abi: MULTISIG.abi,
        functionName: "setup",
        args: [[first!.address, second!.address], 2n],
      }),
    );
    const amount = parseEther("0.15");
    await fund(safe, amount);
    const q = await quoteFor(safe, amount);
    const call = depositCall(q, safe, amount);
    const hash = (await alice().public.readContract({
      address: safe,
      abi: MULTISIG.abi,
      functionName: "transactionHash",
      args: [base().depository, amount, call.data],
    })) as Hex;
    const signatures = await Promise.all(
      [first!, second!].map((owner) =>
        privateKeyToAccount(owner.privateKey).signMessage({ message: { raw: hash } }),
      ),
    );
    const receipt = await relay(
      safe,
      encodeFunctionData({
        abi: MULTISIG.abi,
        functionName: "execTransaction",
        args: [base().depository, amount, call.data, `0x${signatures.map((s) => s.slice(2)).join("")}`],
      }),
    );
    await filled(q, receipt.transactionHash);
  });

  it("an EIP-7702 delegated EOA whose deposit a sponsor sends (type-4 transaction) gets its fill", async () => {
    const delegate = await deploy(ACCOUNT, [zeroAddress]);
    const eoa = privateKeyToAccount(evmMnemonicAccount(13).privateKey);
    const eoaWallet = createWalletClient({ account: eoa, transport: http(base().rpcUrl) });
    const authorization = await eoaWallet.signAuthorization({
      account: eoa,
      contractAddress: delegate,
      chainId: 8453,
    });
    const amount = parseEther("0.1");
    const q = await quoteFor(eoa.address, amount);
    const call = depositCall(q, eoa.address, amount);
    // Installed by the sponsor's own type-4 transaction: the EOA never sends one.
    await relay(eoa.address, "0x", { authorizationList: [authorization] });
    const receipt = await relay(
      eoa.address,
      await signedExecute(
        eoa.address,
        evmMnemonicAccount(13).privateKey,
        base().depository,
        amount,
        call.data,
      ),
    );
    const code = await alice().public.getCode({ address: eoa.address });
    expect(code?.toLowerCase()).to.equal(`0xef0100${delegate.slice(2).toLowerCase()}`);
    await filled(q, receipt.transactionHash);
  });

  it("an EOA paying through Multicall3's aggregate3Value gets its fill", async () => {
    const amount = parseEther("0.12");
    const q = await quoteFor(alice().address, amount);
    const call = depositCall(q, alice().address, amount);
    const hash = await alice().wallet.sendTransaction({
      account: alice().wallet.account,
      chain: null,
      to: MULTICALL3_ADDRESS,
      value: amount,
      data: encodeFunctionData({
        abi: MULTICALL3.abi,
        functionName: "aggregate3Value",
        args: [[{ target: base().depository, allowFailure: false, value: amount, callData: call.data }]],
      }),
    });
    expect((await alice().public.waitForTransactionReceipt({ hash })).status).to.equal("success");
    await filled(q, hash);
  });

  it("an account paying through OrderGatedDepositor, sent by a bundler, gets its fill", async () => {
    const owner = evmMnemonicAccount(14);
    const account = await deploy(ACCOUNT, [owner.address]);
    const amount = parseEther("0.11");
    await fund(account, amount);
    const q = await quoteFor(account, amount);
    const order = encodeOrder(q.protocol.v2.orderData, VM_TYPES);
    const payment = order.output.payments[0] as { recipient: Hex };
    const gated = orderGatedDepositorArtifact();
    const gate = await deploy(gated, [
      alice().address,
      evmDevAccount("solver").address,
      base().depository,
      "base",
      [{ chainId: order.output.chainId, recipient: payment.recipient }],
    ]);
    const data = encodeFunctionData({
      abi: gated.abi,
      functionName: "depositNative",
      args: [order, q.protocol.v2.orderSignature],
    });
    const receipt = await relay(account, await signedExecute(account, owner.privateKey, gate, amount, data));
    await filled(q, receipt.transactionHash);
  });

  it("a wallet whose receive reverts, its deposit relayed by a bundler and a refund forced by a scenario: failure MANUAL_REFUND_REQUIRED, the deposit held in the book, the refund neither lost nor retried", async () => {
    const owner = evmMnemonicAccount(19);
    const amount = parseEther("0.1");
    const deployed = await alice().wallet.deployContract({
      ...REFUSING_ACCOUNT,
      args: [owner.address],
      value: amount,
      account: alice().wallet.account,
      chain: null,
    });
    const account = (await alice().public.waitForTransactionReceipt({ hash: deployed }))
      .contractAddress as Hex;
    // The refusal is real: no native transfer reaches the account.
    const refused = await alice()
      .wallet.sendTransaction({ account: alice().wallet.account, chain: null, to: account, value: 1n })
      .then(
        () => null,
        (error: unknown) => error,
      );
    expect(String(refused)).to.match(/NativeRefused|revert/i);
    await addScenario(e2e.devnet.serviceUrl, e2e.devnet.apiKey, {
      match: { wallet: account },
      outcome: "refund",
      failReason: "SOLVER_CAPACITY_EXCEEDED",
    });
    const q = await quoteFor(account, amount);
    const receipt = await relay(
      account,
      await signedExecute(
        account,
        owner.privateKey,
        base().depository,
        amount,
        depositCall(q, account, amount).data,
      ),
    );
    await base().mine(2);
    const requestId = requestIdOf(q);
    const done = await waitForStatus(e2e, requestId, "failure");
    expect(done).to.include({
      failReason: "SOLVER_CAPACITY_EXCEEDED",
      refundFailReason: "MANUAL_REFUND_REQUIRED",
    });
    expect(done.inTxHashes).to.deep.equal([receipt.transactionHash]);
    expect(done.txHashes, "no refund landed").to.deep.equal([]);
    const [booked] = depositsOf(e2e.devnet.service.store, requestId);
    expect(booked, "the deposit is kept in the book for an operator").to.include({
      refundTx: "MANUAL_REFUND_REQUIRED",
      amount,
    });
    expect(await alice().public.getBalance({ address: account })).to.equal(0n);
    // Not retried: a restart's reconciliation sends nothing more and the request stays as it ended.
    const solver = e2e.devnet.solver.evm as Hex;
    const nonce = await alice().public.getTransactionCount({ address: solver, blockTag: "pending" });
    await e2e.devnet.service.lifecycle.resume();
    expect(await alice().public.getTransactionCount({ address: solver, blockTag: "pending" })).to.equal(
      nonce,
    );
    expect((await e2e.client.getStatus(requestId)).status).to.equal("failure");
  });

  it("attack: a stranger's account, through a bundler, deposits 1 wei naming the victim under the victim's order id: refunded to the stranger's account, never the bundler, and the request stays open", async () => {
    const victim = evmMnemonicAccount(15);
    const q = await quoteFor(victim.address, parseEther("0.1"));
    const strangerKey = evmMnemonicAccount(16);
    const stranger = await deploy(ACCOUNT, [strangerKey.address]);
    await fund(stranger, 1n);
    const call = depositCall(q, victim.address, 1n);
    const receipt = await relay(
      stranger,
      await signedExecute(stranger, strangerKey.privateKey, base().depository, 1n, call.data),
    );
    // The attack really landed: the depository took the wei, from the stranger's account.
    expect(await alice().public.getBalance({ address: stranger })).to.equal(0n);
    await indexed();
    const status = await e2e.client.getStatus(requestIdOf(q));
    expect(status.status).to.equal("waiting");
    expect(status.inTxHashes).to.deep.equal([]);
    const refund = await refundOf(requestIdOf(q), receipt.transactionHash);
    expect(refund.deposit).to.include({ fromUser: false, reason: "NOT_FROM_USER", amount: 1n });
    expect({ to: refund.to, value: refund.value }).to.deep.equal({ to: stranger.toLowerCase(), value: 1n });
    expect(refund.to).to.not.equal(relayer().address.toLowerCase());
    expect(await alice().public.getBalance({ address: stranger })).to.equal(1n);
  });

  describe("a calldata-tagged native transfer to the solver made by a contract account (an internal call)", () => {
    /** A key that only signs (a contract account's owner): it needs no funds. */
    const ownerKey = () => {
      const privateKey = generatePrivateKey();
      return { address: privateKeyToAccount(privateKey).address, privateKey };
    };

    /**
     * A quote for `user` and its plain deposit: a native transfer of the amount to the solver tagged
     * with the request id as calldata (what the service takes besides the devnet's receiver route).
     */
    async function transferStep(user: string, amount: bigint) {
      const q = await e2e.client.quoteV2({
        user,
        recipient: evmDevAccount("carol").address,
        originChainId: 8453,
        destinationChainId: 10,
        originCurrency: zeroAddress,
        destinationCurrency: zeroAddress,
        amount: amount.toString(),
        tradeType: "EXACT_INPUT",
      });
      const requestId = requestIdOf(q);
      return { requestId, step: { to: e2e.devnet.solver.evm as Hex, value: amount, data: requestId as Hex } };
    }

    /** The solver's key received `value` from `from` in an internal call of `hash` tagged `data`. */
    async function internalCallToSolver(hash: Hex, from: Hex, value: bigint, data: Hex): Promise<void> {
      const trace = (await alice().public.request({
        method: "debug_traceTransaction" as never,
        params: [hash, { tracer: "callTracer" }] as never,
      })) as { calls?: { from: string; to: string; value?: string; input: string }[] };
      const flat = (frames: typeof trace.calls = []): NonNullable<typeof trace.calls> =>
        frames.flatMap((frame) => [frame, ...flat((frame as typeof trace).calls)]);
      expect(
        flat(trace.calls).some(
          (frame) =>
            frame.from.toLowerCase() === from.toLowerCase() &&
            frame.to.toLowerCase() === e2e.devnet.solver.evm.toLowerCase() &&
            BigInt(frame.value ?? "0x0") === value &&
            frame.input.toLowerCase() === data.toLowerCase(),
        ),
        "the deposit is an internal call from the account to the solver",
      ).to.equal(true);
    }

    it("an ERC-4337-style account whose execute(solver, value, requestId) a bundler sends gets its fill", async () => {
      const owner = ownerKey();
      const account = await deploy(ACCOUNT, [owner.address]);
      const amount = parseEther("0.13");
      await fund(account, amount);
      const { requestId, step } = await transferStep(account, amount);
      const receipt = await relay(
        account,
        await signedExecute(account, owner.privateKey, step.to, step.value, step.data),
      );
      await internalCallToSolver(receipt.transactionHash, account, step.value, step.data);
      expect(await alice().public.getBalance({ address: account })).to.equal(0n);
      await base().mine(2);
      const done = await waitForStatus(e2e, requestId, "success");
      expect(done.inTxHashes).to.deep.equal([receipt.transactionHash]);
      const [booked] = depositsOf(e2e.devnet.service.store, requestId);
      expect(booked).to.include({ fromUser: true, amount, position: "call:0" });
      expect(booked?.sender.toLowerCase(), "the account paid it, not the bundler").to.equal(
        account.toLowerCase(),
      );
    });

    it("an EOA paying the solver through Multicall3's aggregate3Value gets its fill", async () => {
      const amount = parseEther("0.14");
      const { requestId, step } = await transferStep(alice().address, amount);
      const hash = await alice().wallet.sendTransaction({
        account: alice().wallet.account,
        chain: null,
        to: MULTICALL3_ADDRESS,
        value: step.value,
        data: encodeFunctionData({
          abi: MULTICALL3.abi,
          functionName: "aggregate3Value",
          args: [[{ target: step.to, allowFailure: false, value: step.value, callData: step.data }]],
        }),
      });
      expect((await alice().public.waitForTransactionReceipt({ hash })).status).to.equal("success");
      await internalCallToSolver(hash, MULTICALL3_ADDRESS, step.value, step.data);
      await base().mine(2);
      const done = await waitForStatus(e2e, requestId, "success");
      expect(done.inTxHashes).to.deep.equal([hash]);
    });

    it("an ERC-4337-style account's short transfer, sent by a bundler, is refunded to the account, not the bundler", async () => {
      const owner = ownerKey();
      const account = await deploy(ACCOUNT, [owner.address]);
      const short = parseEther("0.04");
      await fund(account, short);
      const { requestId, step } = await transferStep(account, parseEther("0.2"));
      const receipt = await relay(
        account,
        await signedExecute(account, owner.privateKey, step.to, short, step.data),
      );
      await internalCallToSolver(receipt.transactionHash, account, short, step.data);
      await refundedToAccount(requestId, receipt.transactionHash, account, short);
    });

    it("attack: a stranger's account, through a bundler, pays 1 wei tagged with the victim's request id: refunded to the stranger's account, never the bundler, and the request stays open", async () => {
      const victim = ownerKey();
      const { requestId, step } = await transferStep(victim.address, parseEther("0.1"));
      const strangerKey = ownerKey();
      const stranger = await deploy(ACCOUNT, [strangerKey.address]);
      await fund(stranger, 1n);
      const receipt = await relay(
        stranger,
        await signedExecute(stranger, strangerKey.privateKey, step.to, 1n, step.data),
      );
      // The attack really landed: the solver took the wei from the stranger's account.
      await internalCallToSolver(receipt.transactionHash, stranger, 1n, step.data);
      expect(await alice().public.getBalance({ address: stranger })).to.equal(0n);
      await indexed();
      const status = await e2e.client.getStatus(requestId);
      expect(status.status).to.equal("waiting");
      expect(status.inTxHashes).to.deep.equal([]);
      const refund = await refundOf(requestId, receipt.transactionHash);
      expect(refund.deposit).to.include({ fromUser: false, reason: "NOT_FROM_USER", amount: 1n });
      expect({ to: refund.to, value: refund.value }).to.deep.equal({ to: stranger.toLowerCase(), value: 1n });
      expect(refund.to).to.not.equal(relayer().address.toLowerCase());
    });
  });

  describe("SVM: a fee payer other than the token owner", () => {
    const svm = () => e2e.devnet.svm;

    /** A USDC quote for `user` paying the solver by a memo-tagged transfer (no protocol data). */
    const usdcQuote = (user: string, amount: bigint) =>
      e2e.client.quote({
        user,
        recipient: evmDevAccount("carol").address,
        originChainId: SVM_CHAIN_ID,
        destinationChainId: 8453,
        originCurrency: svm().usdc.mint,
        destinationCurrency: zeroAddress,
        amount: amount.toString(),
        tradeType: "EXACT_INPUT",
      });

    /** `owner` transfers `amount` USDC to the solver tagged with `requestId`; `feePayer` signs and pays the fee. */
    async function relayedTransfer(
      owner: KeyPairSigner,
      feePayer: KeyPairSigner,
      requestId: string,
      amount: bigint,
    ) {
      const chain = svm();
      const instructions = [
        getTransferCheckedInstruction({
          source: await chain.usdcAccount(owner.address),
          mint: chain.usdc.mint,
          destination: await chain.usdcAccount(chain.accounts.solver.address),
          authority: owner,
          amount,
          decimals: chain.usdc.decimals,
        }),
        requestIdMemoInstruction(requestId, owner),
      ];
      return submitSvmInstructions(svm(), feePayer, instructions);
    }

    it("the token owner's transfer, its fee paid by a relayer, is the owner's deposit: filled", async () => {
      const { alice: owner, bob: feePayer } = svm().accounts;
      const amount = 15_000_000n;
      const q = await usdcQuote(owner.address, amount);
      const before = await svmUsdcBalance(svm(), owner.address);
      const landed = await relayedTransfer(owner, feePayer, requestIdOf(q), amount);
      expect(before - (await svmUsdcBalance(svm(), owner.address))).to.equal(amount);
      const done = await waitForStatus(e2e, requestIdOf(q), "success");
      expect(done.inTxHashes).to.deep.equal([landed.signature]);
    });

    it("a depository deposit_native whose fee a relayer pays is the sender's deposit: filled", async () => {
      const { alice: owner, bob: feePayer } = svm().accounts;
      const amount = 10n ** 9n;
      const q = (await e2e.client.quoteV2({
        user: owner.address,
        recipient: evmDevAccount("carol").address,
        originChainId: SVM_CHAIN_ID,
        destinationChainId: 8453,
        originCurrency: SVM_NATIVE_TOKEN,
        destinationCurrency: zeroAddress,
        amount: amount.toString(),
        tradeType: "EXACT_INPUT",
        includeProtocolData: true,
      })) as OrderQuote;
      const deposit = await buildDepositoryDepositInstruction({
        program: svm().depository.program,
        sender: owner,
        depositor: owner.address,
        currency: SVM_NATIVE_TOKEN,
        amount,
        id: q.protocol.v2.orderId,
      });
      const vault = () => svm().svm.getBalance(svm().depository.vault) ?? 0n;
      const before = vault();
      const landed = await submitSvmInstructions(svm(), feePayer, [deposit]);
      expect(vault() - before).to.equal(amount);
      const done = await waitForStatus(e2e, requestIdOf(q), "success");
      expect(done.inTxHashes).to.deep.equal([landed.signature]);
    });

    it("attack: a stranger's USDC with the victim's memo, its fee paid by a relayer: refunded to the stranger, never the relayer, and the request stays open", async () => {
      const { alice: victim, bob: feePayer } = svm().accounts;
      const stranger = svm().accounts.authority;
      const q = await usdcQuote(victim.address, 20_000_000n);
      const [strangerBefore, relayerBefore] = await Promise.all([
        svmUsdcBalance(svm(), stranger.address),
        svmUsdcBalance(svm(), feePayer.address),
      ]);
      const landed = await relayedTransfer(stranger, feePayer, requestIdOf(q), 1_000n);
      expect(strangerBefore - (await svmUsdcBalance(svm(), stranger.address))).to.equal(1_000n);
      await indexed();
      const deposit = await eventually(
        async () =>
          depositsOf(e2e.devnet.service.store, requestIdOf(q)).find(
            (d) => d.txHash === landed.signature && d.refundTx !== null,
          ),
        "the stranger's refund",
      );
      expect(deposit).to.include({ fromUser: false, reason: "NOT_FROM_USER", sender: stranger.address });
      expect(deposit.refundTx).to.not.equal("MANUAL_REFUND_REQUIRED");
      expect(await svmUsdcBalance(svm(), stranger.address)).to.equal(strangerBefore);
      expect(await svmUsdcBalance(svm(), feePayer.address)).to.equal(relayerBefore);
      expect((await e2e.client.getStatus(requestIdOf(q))).status).to.equal("waiting");
    });
  });
});
