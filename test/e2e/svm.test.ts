/**
 * Flows 2, 3, 4 and 7 with the SVM chain of the devnet (LiteSVM, the attested-receiver program):
 * SVM to EVM and EVM to SVM through the receivers, tampering and replay refused by the program, and
 * the 1232-byte gate with the client's re-quote ladder ending in a transaction that executes as is.
 */
import {
  type Address,
  compileTransaction,
  decompileTransactionMessage,
  getBase64Encoder,
  getCompiledTransactionMessageDecoder,
  getTransactionDecoder,
  type Instruction,
  type KeyPairSigner,
  signTransaction,
} from "@solana/kit";
import { expect } from "chai";
import { type Hex, parseEther, zeroAddress } from "viem";
import { evmDevAccount } from "../../src/devnet/accounts.ts";
import type { EvmDevChain } from "../../src/devnet/evm-chain.ts";
import { submitSvmInstructions, svmUsdcBalance } from "../../src/devnet/svm-user.ts";
import {
  applySvmQuoteAttempt,
  type QuoteResponse,
  type QuoteV2Body,
  type RequestData,
  ServiceError,
  SolanaTxTooLargeServiceError,
  SVM_CHAIN_ID,
  SVM_NATIVE_TOKEN,
  SVM_TX_SIZE_LIMIT,
  svmQuoteLadder,
  verifyAttestation,
} from "../../src/index.ts";
import { buildSvmReceiverDepositInstruction } from "../../src/receiver/index.ts";
import { SVM_SWAP_SOURCES } from "../../src/service/index.ts";
import { setSvmComputeBudgetIfFits } from "../../src/svm/index.ts";
import {
  balanceOf,
  depositThroughReceiver,
  type E2e,
  evmUser,
  startE2e,
  tokenOf,
  waitForStatus,
} from "./fixture.ts";

const SOL = 1_000_000_000n;

describe("e2e: SVM flows", () => {
  let e2e: E2e;
  let base: EvmDevChain;
  let alice: KeyPairSigner;
  const bobEvm = evmDevAccount("bob").address;

  before(async () => {
    e2e = await startE2e();
    base = e2e.devnet.evmChain(8453);
    alice = e2e.devnet.svm.accounts.alice;
  });
  after(() => e2e?.close());

  const svm = () => e2e.devnet.svm;
  const lamports = (address: Address) => svm().svm.getBalance(address) ?? 0n;
  const usdcBalance = (owner: Address) => svmUsdcBalance(svm(), owner);

  const submit = (instructions: Instruction[]) => submitSvmInstructions(svm(), alice, instructions);

  /** SOL from alice on the SVM chain to bob on 8453 (ETH): quote and attestation. */
  async function quoteSvmToEvm(amount: bigint) {
    const quote = await e2e.client.quoteV2({
      user: alice.address,
      recipient: bobEvm,
      originChainId: SVM_CHAIN_ID,
      destinationChainId: 8453,
      originCurrency: SVM_NATIVE_TOKEN,
      destinationCurrency: zeroAddress,
      amount: amount.toString(),
      tradeType: "EXACT_INPUT",
    });
    const requestId = quote.steps[0]?.requestId as Hex;
    const { requestData, signature } = await e2e.client.getSignature(requestId);
    return { quote, requestId, requestData, signature: signature as Hex };
  }

  /** alice on 8453 to bob on the SVM chain: quote and attestation. */
  async function quoteEvmToSvm(originCurrency: string, destinationCurrency: string, amount: string) {
    const recipient = svm().accounts.bob.address;
    const payer = evmUser(base, "alice");
    const quote = await e2e.client.quoteV2({
      user: payer.address,
      recipient,
      originChainId: 8453,
      destinationChainId: SVM_CHAIN_ID,
      originCurrency,
      destinationCurrency,
      amount,
      tradeType: "EXACT_INPUT",
    });
    const requestId = quote.steps[0]?.requestId as string;
    const attestation = { requestId, ...(await e2e.client.getSignature(requestId)) };
    return { recipient, payer, quote, requestId, attestation };
  }

  const depositInstruction = (a: { requestId: Hex; requestData: RequestData; signature: Hex }) =>
    buildSvmReceiverDepositInstruction({
      programId: svm().receiverProgram,
      payer: alice,
      ...a,
      deadline: BigInt(Math.floor(Date.now() / 1000) + 600),
      solver: svm().accounts.solver.address,
    });

  let paid: { requestId: Hex; requestData: RequestData; signature: Hex };

  it("flow 2, SVM to EVM: quote, attestation, deposit through the SVM receiver, filled on 8453, listed", async () => {
    const amount = 2n * SOL;
    const { quote, ...attestation } = await quoteSvmToEvm(amount);
    expect(
      await verifyAttestation({ ...attestation, solver: e2e.devnet.solver.evm }),
      "the attestation verifies",
    ).to.equal(true);
    const solverBefore = lamports(svm().accounts.solver.address);
    const bob = evmUser(base, "bob");
    const bobBefore = await balanceOf(bob, null, bobEvm);
    const deposit = await submit([await depositInstruction(attestation)]);
    expect(lamports(svm().accounts.solver.address)).to.equal(solverBefore + amount);

    const done = await waitForStatus(e2e, attestation.requestId, "success");
    expect(done.txHashes).to.have.length(1);
    expect(done.inTxHashes).to.deep.equal([deposit.signature]);
    const fill = await bob.public.getTransaction({ hash: done.txHashes[0] as Hex });
    expect(fill.input).to.equal(attestation.requestId);
    expect(await balanceOf(bob, null, bobEvm)).to.equal(bobBefore + BigInt(quote.details.currencyOut.amount));
    const [record] = (await e2e.client.listRequests({ id: attestation.requestId })).requests;
    expect(record?.user).to.equal(alice.address);
    expect(record?.data.inTxs.map((tx) => [tx.txHash, tx.chainId])).to.deep.equal([
      [deposit.signature, SVM_CHAIN_ID],
    ]);
    expect(record?.data.outTxs.map((tx) => tx.chainId)).to.deep.equal([8453]);
    paid = attestation;
  });

  it("flow 2, EVM to SVM: ETH on 8453 through the EVM receiver, SOL to the SVM recipient", async () => {
    const { recipient, payer, quote, requestId, attestation } = await quoteEvmToSvm(
      zeroAddress,
      SVM_NATIVE_TOKEN,
      parseEther("0.3").toString(),
    );
    expect(attestation.requestData.destinationUser).to.equal(recipient);
    const before = lamports(recipient);
    await depositThroughReceiver(base, payer, attestation);
    await base.mine();
    const done = await waitForStatus(e2e, requestId, "success");
    expect(lamports(recipient)).to.equal(before + BigInt(quote.details.currencyOut.amount));
    const [record] = (await e2e.client.listRequests({ id: requestId })).requests;
    expect(record?.data.outTxs.map((tx) => [tx.txHash, tx.chainId])).to.deep.equal([
      [done.txHashes[0], SVM_CHAIN_ID],
    ]);
  });

  it("flow 2, EVM to SVM in USDC: the fill is an SPL transfer into the recipient's token account", async () => {
    const { recipient, payer, quote, requestId, attestation } = await quoteEvmToSvm(
      tokenOf(base, "USDC"),
      svm().usdc.mint,
      "15000000",
    );
    const before = await usdcBalance(recipient);
    await depositThroughReceiver(base, payer, attestation);
    await base.mine();
    await waitForStatus(e2e, requestId, "success");
    expect(await usdcBalance(recipient)).to.equal(before + BigInt(quote.details.currencyOut.amount));
  });

  it("flow 2: an SVM recipient given as an EVM address is refused by the quote", async () => {
    try {
      await e2e.client.quoteV2({
        user: evmUser(base, "alice").address,
        recipient: bobEvm,
        originChainId: 8453,
        destinationChainId: SVM_CHAIN_ID,
        originCurrency: zeroAddress,
        destinationCurrency: SVM_NATIVE_TOKEN,
        amount: parseEther("0.1").toString(),
        tradeType: "EXACT_INPUT",
      });
      expect.fail("the quote accepted an EVM recipient on the SVM chain");
    } catch (error) {
      expect(error).to.be.instanceOf(ServiceError);
      expect((error as ServiceError).errorCode).to.equal("ADDRESS_VM_MISMATCH");
    }
  });

  describe("flows 3 and 4 on the SVM receiver", () => {
    /** Submits and returns the program's custom error code, or throws when the deposit went through. */
    async function refusal(instruction: Instruction): Promise<number> {
      try {
        await submit([instruction]);
      } catch (error) {
        const match = /Custom\((\d+)\)|custom program error: 0x([0-9a-f]+)/.exec(
          String((error as Error).message),
        );
        if (match === null) throw error;
        return match[1] !== undefined ? Number(match[1]) : Number.parseInt(match[2] as string, 16);
      }
      throw new Error("the program accepted the deposit");
    }
    const SIGNER_MISMATCH = 6007;
    const REQUEST_ALREADY_PAID = 6017;

    it("flow 3: altered amount, recipient, destination chain or signature are refused; nothing moves; the request stays unpaid", async () => {
      const genuine = await quoteSvmToEvm(SOL);
      const before = lamports(alice.address);
      const solverBefore = lamports(svm().accounts.solver.address);
      const altered: [string, RequestData | null, Hex | null, number][] = [
        ["amount", { ...genuine.requestData, originAmount: (SOL - 1n).toString() }, null, SIGNER_MISMATCH],
        [
          "recipient",
          { ...genuine.requestData, destinationUser: evmDevAccount("carol").address },
          null,
          SIGNER_MISMATCH,
        ],
        ["destination chain", { ...genuine.requestData, destinationChainId: 10 }, null, SIGNER_MISMATCH],
        [
          "signature",
          null,
          `${genuine.signature.slice(0, 66)}${"11".repeat(32)}${genuine.signature.slice(130)}` as Hex,
          SIGNER_MISMATCH,
        ],
      ];
      for (const [what, requestData, signature, code] of altered) {
        const instruction = await depositInstruction({
          requestId: genuine.requestId,
          requestData: requestData ?? genuine.requestData,
          signature: signature ?? genuine.signature,
        });
        expect(await refusal(instruction), what).to.equal(code);
      }
      // Only the signature fee of each refused transaction (5,000 lamports) left alice's account.
      expect(lamports(alice.address)).to.equal(before - 5_000n * BigInt(altered.length));
      expect(lamports(svm().accounts.solver.address)).to.equal(solverBefore);
      await e2e.devnet.service.indexer?.tick();
      expect((await e2e.client.getStatus(genuine.requestId)).status).to.equal("waiting");
    });

    it("flow 4: paying the same request twice is refused with RequestAlreadyPaid", async () => {
      expect(paid, "the SVM to EVM flow ran first").to.not.equal(undefined);
      const solverBefore = lamports(svm().accounts.solver.address);
      expect(await refusal(await depositInstruction(paid))).to.equal(REQUEST_ALREADY_PAID);
      expect(lamports(svm().accounts.solver.address)).to.equal(solverBefore);
      expect((await e2e.client.getStatus(paid.requestId)).inTxHashes).to.have.length(1);
    });
  });

  describe("flow 7: the 1232-byte gate and the re-quote ladder", () => {
    // Devnet USDC to ETH on chain 10: a 6-hop route at this size (the mock's routes are deterministic).
    const AMOUNT = 900_000_000_000n;
    const routeBody = (): QuoteV2Body => ({
      user: alice.address,
      recipient: bobEvm,
      originChainId: SVM_CHAIN_ID,
      destinationChainId: 10,
      originCurrency: svm().usdc.mint,
      destinationCurrency: zeroAddress,
      amount: AMOUNT.toString(),
      tradeType: "EXACT_INPUT",
    });
    const quoteOrTooLarge = async (
      body: QuoteV2Body,
    ): Promise<QuoteResponse | SolanaTxTooLargeServiceError> => {
      try {
        return await e2e.client.quoteV2(body);
      } catch (error) {
        if (error instanceof SolanaTxTooLargeServiceError) return error;
        throw error;
      }
    };
    const quotedTransaction = (quote: QuoteResponse) => {
      const data = quote.steps[0]?.items[0]?.data as unknown as {
        transaction: string;
        transactionSize: number;
        route: unknown[];
      };
      return { ...data, tx: getTransactionDecoder().decode(getBase64Encoder().encode(data.transaction)) };
    };

    it("an oversized route is SOLANA_TX_TOO_LARGE; the ladder reaches a quote whose transaction signs and executes as is", async () => {
      const body = routeBody();
      const steps: string[] = [];
      let quote: QuoteResponse | null = null;
      for (const attempt of svmQuoteLadder({ swapSources: SVM_SWAP_SOURCES })) {
        const result = await quoteOrTooLarge(applySvmQuoteAttempt(body, attempt));
        const ok = !(result instanceof SolanaTxTooLargeServiceError);
        steps.push(`${attempt.kind}${attempt.maxRouteLength ?? ""}: ${ok ? "ok" : "too large"}`);
        if (ok) {
          quote = result;
          break;
        }
      }
      expect(steps[0]).to.equal("as-requested: too large");
      expect(quote, `ladder: ${steps.join(", ")}`).to.not.equal(null);
      const { tx, transactionSize, route } = quotedTransaction(quote as QuoteResponse);
      expect(route.length).to.be.greaterThan(0);
      expect(transactionSize).to.be.at.most(SVM_TX_SIZE_LIMIT);
      const requestId = quote?.steps[0]?.requestId as string;

      const solver = svm().accounts.solver.address;
      const before = await usdcBalance(solver);
      const result = svm().submit(await signTransaction([alice.keyPair], tx));
      expect(result.logs.filter((line) => line.includes("route-hop:"))).to.have.length(route.length);
      expect(await usdcBalance(solver)).to.equal(before + AMOUNT);
      await waitForStatus(e2e, requestId, "success");
    });

    it("compute-budget instructions are added only when the result still fits; the transaction executes either way", async () => {
      // Three or four hops over two sources: sizes on both sides of 1232 minus the budget's ~52 bytes.
      const outcomes: { size: number; added: boolean; withBudget: number }[] = [];
      const executed = new Set<boolean>();
      for (const maxRouteLength of [4, 3]) {
        for (const second of SVM_SWAP_SOURCES.slice(1)) {
          const quote = await quoteOrTooLarge({
            ...routeBody(),
            amount: "1000000000",
            maxRouteLength,
            includedOriginSwapSources: [SVM_SWAP_SOURCES[0], second],
          });
          if (quote instanceof SolanaTxTooLargeServiceError) continue;
          const { tx, transactionSize } = quotedTransaction(quote);
          const message = decompileTransactionMessage(
            getCompiledTransactionMessageDecoder().decode(tx.messageBytes),
          );
          const budget = setSvmComputeBudgetIfFits(message as never, {
            computeUnitLimit: 400_000,
            computeUnitPrice: 1n,
          });
          expect(budget.added).to.equal(budget.sizeWithComputeBudget <= SVM_TX_SIZE_LIMIT);
          outcomes.push({
            size: transactionSize,
            added: budget.added,
            withBudget: budget.sizeWithComputeBudget,
          });
          if (executed.has(budget.added)) continue;
          const final = budget.added ? compileTransaction(budget.message as never) : tx;
          svm().submit(await signTransaction([alice.keyPair], final));
          await waitForStatus(e2e, quote.steps[0]?.requestId as string, "success");
          executed.add(budget.added);
        }
      }
      expect([...executed].sort(), JSON.stringify(outcomes)).to.deep.equal([false, true]);
    });
  });
});
