/**
 * The SVM chain adapter over Solana JSON-RPC and PubSub, against a LiteSVM chain (the attested
 * receiver deployed) run by the devnet's ledger and RPC server: deposits seen on chain
 * drive the status (native and SPL memo-tagged transfers, receiver deposits), fills land on chain
 * (native and SPL into a freshly created ATA), and a quoted SVM route transaction executes as is.
 */

import {
  type Address,
  appendTransactionMessageInstructions,
  type Blockhash,
  createTransactionMessage,
  generateKeyPairSigner,
  getAddressDecoder,
  getBase64Encoder,
  getTransactionDecoder,
  type Instruction,
  type KeyPairSigner,
  lamports,
  pipe,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  signTransaction,
  signTransactionMessageWithSigners,
} from "@solana/kit";
import { getTransferSolInstruction } from "@solana-program/system";
import {
  AuthorityType,
  findAssociatedTokenPda,
  getCloseAccountInstruction,
  getCreateAssociatedTokenIdempotentInstruction,
  getSetAuthorityInstruction,
  getTransferCheckedInstruction,
  getTransferInstruction,
} from "@solana-program/token";
import { expect } from "chai";
import { LiteSVM } from "litesvm";
import { privateKeyToAccount } from "viem/accounts";
import { createSvmLedger, type SvmLedger, serveSolanaRpc } from "../../src/devnet/solana-rpc/index.ts";
import { submitToLedger } from "../../src/devnet/svm-chain.ts";
import { type RequestData, SVM_CHAIN_ID, SVM_NATIVE_TOKEN, signRequestData } from "../../src/index.ts";
import { buildSvmReceiverDepositInstruction } from "../../src/receiver/index.ts";
import {
  createSvmChainAdapter,
  installSvmRouteHops,
  type SvmChainAdapter,
} from "../../src/service/chains/svm.ts";
import { depositsOf } from "../../src/service/deposits.ts";
import type { ChainObservation, Service, TokenInfo } from "../../src/service/index.ts";
import { buildQuote, type QuoteContext } from "../../src/service/quotes.ts";
import { getRequest } from "../../src/service/requests-repo.ts";
import { requestIdMemoInstruction } from "../../src/service/svm-route.ts";
import { TokenRegistry } from "../../src/service/tokens.ts";
import {
  EVM_DESTINATION,
  expectOk,
  Fixture,
  TOKEN_2022_PROGRAM,
  TOKEN_PROGRAM,
} from "../svm/receiver-fixture.ts";
import {
  API_KEY,
  ETH,
  EVM_RECIPIENT,
  EVM_USER,
  get,
  post,
  SOLVER,
  SOLVER_KEY,
  testService,
} from "./helpers.ts";

const BASE_USDC = "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913";
const MAINNET_USDC = "0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48";

/** A signed v0 transaction of `signer` with the given blockhash. */
async function signedTransaction(signer: KeyPairSigner, blockhash: string, instructions: Instruction[]) {
  return pipe(
    createTransactionMessage({ version: 0 }),
    (m) => setTransactionMessageFeePayerSigner(signer, m),
    (m) =>
      setTransactionMessageLifetimeUsingBlockhash(
        { blockhash: blockhash as Blockhash, lastValidBlockHeight: 0n },
        m,
      ),
    (m) => appendTransactionMessageInstructions(instructions, m),
    (m) => signTransactionMessageWithSigners(m),
  );
}

/** Waits until `slot` is confirmed (its slot closed), so the adapter's `confirmed` reads see it. */
async function confirmedThrough(ledger: SvmLedger, slot: number): Promise<void> {
  while (ledger.slot("confirmed") < slot) await new Promise((resolve) => setTimeout(resolve, 5));
}

describe("SVM chain adapter over RPC", function () {
  this.timeout(120_000);
  let f: Fixture;
  let service: Service;
  let svm: LiteSVM;
  let adapter: SvmChainAdapter;
  let ledger: SvmLedger;
  let rpcServer: Awaited<ReturnType<typeof serveSolanaRpc>>;
  let solver: KeyPairSigner;
  let user: KeyPairSigner;
  /** An SPL Token mint (6 decimals) the user and the solver hold, registered with the service. */
  let mint: Address;
  let tokens: TokenInfo[];

  const ata = async (owner: Address, of: Address = mint, tokenProgram: Address = TOKEN_PROGRAM) =>
    (await findAssociatedTokenPda({ owner, mint: of, tokenProgram }))[0];
  const createAta = async (owner: Address, of: Address, tokenProgram: Address = TOKEN_PROGRAM) => {
    const address = await ata(owner, of, tokenProgram);
    expectOk(
      await f.send([
        getCreateAssociatedTokenIdempotentInstruction({
          payer: f.payer,
          ata: address,
          owner,
          mint: of,
          tokenProgram,
        }),
      ]),
    );
    return address;
  };
  /** A transaction of `signer` through the adapter, with the adapter's blockhash. */
  const land = async (tx: Parameters<typeof submitToLedger>[1]) => {
    const landed = submitToLedger(ledger, tx);
    await confirmedThrough(ledger, landed.slot);
    return landed;
  };
  const submit = async (signer: KeyPairSigner, instructions: Instruction[]) =>
    land(await signedTransaction(signer, await adapter.latestBlockhash(), instructions));
  const status = async (id: string) => {
    await service.indexer!.tick();
    await service.lifecycle.idle();
    return (await get(service, `/intents/status/v3?requestId=${id}`)).body as {
      status: string;
      txHashes: string[];
      inTxHashes: string[];
    };
  };
  /** An SVM-origin quote body to Base USDC, at most one swap hop. */
  const svmOrigin = (originCurrency: string, amount: string, overrides: Record<string, unknown> = {}) => ({
    user: user.address,
    originChainId: SVM_CHAIN_ID,
    destinationChainId: 8453,
    originCurrency,
    destinationCurrency: BASE_USDC,
    recipient: EVM_RECIPIENT,
    tradeType: "EXACT_INPUT" as const,
    amount,
    maxRouteLength: 1,
    ...overrides,
  });
  const quoteId = async (body: Record<string, unknown>) => {
    const quote = await post(service, "/quote/v2", { tradeType: "EXACT_INPUT", ...body });
    expect(quote.status, quote.raw).to.equal(200);
    return (quote.body as { steps: { requestId: string }[] }).steps[0]!.requestId;
  };
  /** The payer deposits for `id` through the receiver with the service's attestation of it. */
  const payThroughReceiver = async (
    id: string,
    token?: Parameters<typeof buildSvmReceiverDepositInstruction>[0]["token"],
  ) => {
    const attestation = (await get(service, `/requests/${id}/signature`)).body as {
      requestData: RequestData;
      signature: `0x${string}`;
    };
    const ix = await buildSvmReceiverDepositInstruction({
      programId: f.programId,
      payer: f.payer,
      requestId: id as `0x${string}`,
      requestData: attestation.requestData,
      signature: attestation.signature,
      deadline: BigInt(Math.floor(Date.now() / 1000) + 600),
      solver: solver.address,
      ...(token ? { token } : {}),
    });
    return submit(f.payer, [ix]);
  };
  const depositsIn = async (txHash: string) =>
    (await adapter.scan(0, await adapter.head())).filter(
      (o): o is Extract<ChainObservation, { kind: "deposit" }> => o.kind === "deposit" && o.txHash === txHash,
    );

  before(async () => {
    f = await Fixture.create();
    svm = f.svm;
    solver = f.solver;
    user = await generateKeyPairSigner();
    svm.airdrop(user.address, lamports(100_000_000_000n));
    installSvmRouteHops(svm);
    mint = await f.createMint(TOKEN_PROGRAM);
    for (const owner of [user.address, solver.address, f.payer.address]) {
      await f.mintTo(TOKEN_PROGRAM, mint, await createAta(owner, mint), 1_000_000_000_000n);
    }
    ledger = createSvmLedger({ svm, slotTimeMs: 25 });
    rpcServer = await serveSolanaRpc({ ledger });
    adapter = createSvmChainAdapter({
      rpcUrl: rpcServer.rpcUrl,
      wsUrl: rpcServer.wsUrl,
      solver,
      receiverProgram: f.programId,
    });
    tokens = [
      { chainId: SVM_CHAIN_ID, address: mint, symbol: "TKN", name: "Test token", decimals: 6, priceUsd: "1" },
    ];
    service = testService({
      chains: [adapter],
      svmSolverAddress: solver.address,
      indexerIntervalMs: 0,
      tokens,
    });
  });
  after(async () => {
    await service.close();
    await rpcServer.close();
    ledger.close();
  });

  it("a native SOL deposit tagged with a memo moves the request to success", async () => {
    const id = await quoteId(svmOrigin(SVM_NATIVE_TOKEN, "2000000000"));
    const { signature, timestamp } = await submit(user, [
      getTransferSolInstruction({ source: user, destination: solver.address, amount: 2_000_000_000n }),
      requestIdMemoInstruction(id, user),
    ]);
    const done = await status(id);
    expect(done.status).to.equal("success");
    expect(done.inTxHashes).to.deep.equal([signature]);
    expect(done.txHashes).to.have.length(1).and.not.include(signature);
    // block time: the clock follows the wall clock
    expect(Math.abs(timestamp - Date.now() / 1000)).to.be.lessThan(60);
    const [deposit] = await depositsIn(signature);
    expect(deposit).to.include({
      currency: SVM_NATIVE_TOKEN,
      from: user.address,
      timestamp,
      via: "transfer",
    });
  });

  it("an SPL token deposit (TransferChecked into the solver's ATA, memo) is recognized with currency = mint", async () => {
    const id = await quoteId(svmOrigin(mint, "25000000"));
    const { signature } = await submit(user, [
      getTransferCheckedInstruction({
        source: await ata(user.address),
        mint,
        destination: await ata(solver.address),
        authority: user,
        amount: 25_000_000n,
        decimals: 6,
      }),
      requestIdMemoInstruction(id, user),
    ]);
    expect(await depositsIn(signature)).to.have.length(1);
    expect((await depositsIn(signature))[0]).to.include({
      requestId: id,
      currency: mint,
      amount: "25000000",
      from: user.address,
      via: "transfer",
    });
    expect((await status(id)).status).to.equal("success");
  });

  it("Token-2022 Transfer into a solver token account is recognized; transfers to others or without a memo are not", async () => {
    const mint22 = await f.createMint(TOKEN_2022_PROGRAM);
    const from = await createAta(user.address, mint22, TOKEN_2022_PROGRAM);
    await f.mintTo(TOKEN_2022_PROGRAM, mint22, from, 1_000_000n);
    const to = await createAta(solver.address, mint22, TOKEN_2022_PROGRAM);
    const other = await createAta(f.payer.address, mint22, TOKEN_2022_PROGRAM);
    const transfer = (destination: Address, amount: bigint) =>
      getTransferInstruction(
        { source: from, destination, authority: user, amount },
        { programAddress: TOKEN_2022_PROGRAM },
      );
    const id = `0x${"ab".repeat(32)}`;
    const tagged = await submit(user, [
      transfer(to, 1_000n),
      transfer(other, 7n),
      requestIdMemoInstruction(id, user),
    ]);
    expect(await depositsIn(tagged.signature)).to.have.length(1);
    expect((await depositsIn(tagged.signature))[0]).to.include({
      requestId: id,
      currency: mint22,
      amount: "1000",
    });
    const untagged = await submit(user, [transfer(to, 5n)]);
    expect(await depositsIn(untagged.signature)).to.deep.equal([]);
  });

  describe("deposits through the attested receiver", () => {
    /** Quote, attestation from the signature endpoint, deposit built by the kit builder. */
    const receiverDeposit = async (
      originCurrency: string,
      amount: string,
      token?: Parameters<typeof buildSvmReceiverDepositInstruction>[0]["token"],
    ) => {
      const id = await quoteId(
        svmOrigin(originCurrency, amount, {
          user: f.payer.address,
          destinationChainId: 1,
          destinationCurrency: MAINNET_USDC,
          recipient: EVM_DESTINATION,
        }),
      );
      return { id, submitted: await payThroughReceiver(id, token) };
    };

    it("a native receiver deposit is recognized by its Deposited event (via receiver-event)", async () => {
      const { id, submitted } = await receiverDeposit(SVM_NATIVE_TOKEN, "3000000000");
      expect(await depositsIn(submitted.signature)).to.deep.equal([
        {
          kind: "deposit",
          requestId: id,
          txHash: submitted.signature,
          block: submitted.slot,
          timestamp: submitted.timestamp,
          from: f.payer.address,
          currency: SVM_NATIVE_TOKEN,
          amount: "3000000000",
          status: "success",
          via: "receiver-event",
          position: "event:0",
        },
      ]);
      expect((await status(id)).status).to.equal("success");
    });

    it("a token receiver deposit is recognized with currency = mint", async () => {
      const t = await f.tokenSetup(TOKEN_PROGRAM);
      const { id, submitted } = await receiverDeposit(t.mint, "400000000", t);
      const [deposit] = await depositsIn(submitted.signature);
      expect(deposit).to.include({
        requestId: id,
        currency: t.mint,
        amount: "400000000",
        via: "receiver-event",
      });
      expect((await status(id)).status).to.equal("success");
    });

    it("a failing deposit throws with the program error and logs, and records nothing", async () => {
      const before = (await adapter.scan(0, await adapter.head())).length;
      let message = "";
      try {
        await receiverDeposit(SVM_NATIVE_TOKEN, "1000000000000000"); // more lamports than the payer has
      } catch (error) {
        message = (error as Error).message;
      }
      expect(message).to.match(/SVM transaction failed: .*InstructionError/);
      expect(message).to.include(`Program ${f.programId} invoke [1]`);
      expect((await adapter.scan(0, await adapter.head())).length).to.equal(before);
    });
  });

  describe("crediting: only what reached the solver, only from the request's user", () => {
    const lamportsOf = (address: Address) => svm.getBalance(address) ?? 0n;
    /** S1's transaction: 25 tokens into the decoy and straight back, the decoy handed to the solver, the memo. */
    const moveInOutHandOver = (attacker: KeyPairSigner, own: Address, decoy: Address, id: string) => {
      const move = (source: Address, destination: Address) =>
        getTransferInstruction({ source, destination, authority: attacker, amount: 25_000_000n });
      return [
        move(own, decoy),
        move(decoy, own),
        getSetAuthorityInstruction({
          owned: decoy,
          owner: attacker,
          authorityType: AuthorityType.AccountOwner,
          newAuthority: solver.address,
        }),
        requestIdMemoInstruction(id, attacker),
      ];
    };

    it("S1: tokens moved into an account and straight out, its owner then set to the solver, fill nothing", async () => {
      const attacker = await generateKeyPairSigner();
      svm.airdrop(attacker.address, lamports(10_000_000_000n));
      const attackerAta = await createAta(attacker.address, mint);
      await f.mintTo(TOKEN_PROGRAM, mint, attackerAta, 25_000_000n);
      const decoy = await f.createTokenAccount(TOKEN_PROGRAM, mint, attacker.address);
      const id = await quoteId(svmOrigin(mint, "25000000", { user: attacker.address }));
      const solverBefore = f.tokenBalance(await ata(solver.address));
      const { signature } = await submit(attacker, moveInOutHandOver(attacker, attackerAta, decoy, id));
      // the attack really happened: the decoy is the solver's now, and the tokens went in and out
      const decoyAccount = svm.getAccount(decoy);
      if (!decoyAccount.exists) throw new Error("the decoy account is missing");
      expect(getAddressDecoder().decode(decoyAccount.data.subarray(32, 64))).to.equal(solver.address);
      expect(f.tokenBalance(attackerAta)).to.equal(25_000_000n);
      expect(await depositsIn(signature)).to.deep.equal([]);
      expect((await status(id)).status).to.equal("waiting");
      expect(f.tokenBalance(await ata(solver.address))).to.equal(solverBefore);
    });

    it("S1: the same trick in another currency than quoted refunds nothing from the solver's inventory", async () => {
      const attacker = await generateKeyPairSigner();
      svm.airdrop(attacker.address, lamports(10_000_000_000n));
      const other = await f.createMint(TOKEN_PROGRAM);
      const attackerAta = await createAta(attacker.address, other);
      await f.mintTo(TOKEN_PROGRAM, other, attackerAta, 25_000_000n);
      const inventory = await createAta(solver.address, other);
      await f.mintTo(TOKEN_PROGRAM, other, inventory, 1_000_000_000n);
      const decoy = await f.createTokenAccount(TOKEN_PROGRAM, other, attacker.address);
      const id = await quoteId(svmOrigin(mint, "25000000", { user: attacker.address }));
      await submit(attacker, moveInOutHandOver(attacker, attackerAta, decoy, id));
      expect((await status(id)).status).to.equal("waiting");
      expect(f.tokenBalance(inventory)).to.equal(1_000_000_000n);
      expect(f.tokenBalance(attackerAta)).to.equal(25_000_000n);
    });

    it("S1: a Token-2022 transfer-fee mint is credited net, what reached the solver's account", async () => {
      const t = await f.tokenSetup(TOKEN_2022_PROGRAM, 5000);
      const id = `0x${"cd".repeat(32)}`;
      const before = f.tokenBalance(t.solverToken);
      const { signature } = await submit(f.payer, [
        f.transferCheckedIx(t, 1_000_000n),
        requestIdMemoInstruction(id, f.payer),
      ]);
      // half was withheld as the mint's fee: that half never reached the solver's balance
      expect(f.tokenBalance(t.solverToken) - before).to.equal(500_000n);
      expect((await depositsIn(signature)).map((d) => d.amount)).to.deep.equal(["500000"]);
    });

    it("S2: a stranger's dust with the victim's memo neither closes the request nor keeps the victim's deposit", async () => {
      const stranger = await generateKeyPairSigner();
      svm.airdrop(stranger.address, lamports(1_000_000_000n));
      const id = await quoteId(svmOrigin(SVM_NATIVE_TOKEN, "2000000000"));
      const dust = await submit(stranger, [
        getTransferSolInstruction({ source: stranger, destination: solver.address, amount: 1n }),
        requestIdMemoInstruction(id, stranger),
      ]);
      // the attack really happened: the dust landed with the victim's request id
      expect(await depositsIn(dust.signature)).to.have.length(1);
      expect((await status(id)).status).to.equal("waiting");
      const [booked] = depositsOf(service.store, id);
      expect(booked).to.include({ sender: stranger.address, fromUser: false, kind: "refund", amount: 1n });
      expect(booked!.refundTx).to.be.a("string").and.not.equal("MANUAL_REFUND_REQUIRED");
      const victim = await submit(user, [
        getTransferSolInstruction({ source: user, destination: solver.address, amount: 2_000_000_000n }),
        requestIdMemoInstruction(id, user),
      ]);
      const done = await status(id);
      expect(done.status).to.equal("success");
      expect(done.inTxHashes).to.deep.equal([victim.signature]);
    });

    it("S2: a stranger's dust does not close a request its user then pays through the receiver", async () => {
      const stranger = await generateKeyPairSigner();
      svm.airdrop(stranger.address, lamports(1_000_000_000n));
      const id = await quoteId(
        svmOrigin(SVM_NATIVE_TOKEN, "1000000000", {
          user: f.payer.address,
          destinationChainId: 1,
          destinationCurrency: MAINNET_USDC,
          recipient: EVM_DESTINATION,
        }),
      );
      await submit(stranger, [
        getTransferSolInstruction({ source: stranger, destination: solver.address, amount: 1n }),
        requestIdMemoInstruction(id, stranger),
      ]);
      expect((await status(id)).status).to.equal("waiting");
      await payThroughReceiver(id);
      expect((await status(id)).status).to.equal("success");
    });

    /**
     * A payer (a new account) pays `amount` of the test mint, tagged with a request id, from a token
     * account of his (`associated` or not), adding `after(payer, source)` to the transaction. The
     * request is quoted by `quoted(payer)`: by default the shared user's, so the payer is a stranger.
     * Returns the payer, the source, the request and the solver's token and lamport balances before.
     */
    const tokenDepositFromNewPayer = async (
      amount: bigint,
      associated: boolean,
      options: {
        after?: (payer: KeyPairSigner, source: Address) => Instruction[];
        quoted?: (payer: KeyPairSigner) => Record<string, unknown>;
      } = {},
    ) => {
      const payer = await generateKeyPairSigner();
      svm.airdrop(payer.address, lamports(1_000_000_000n));
      const source = associated
        ? await createAta(payer.address, mint)
        : await f.createTokenAccount(TOKEN_PROGRAM, mint, payer.address);
      await f.mintTo(TOKEN_PROGRAM, mint, source, amount);
      const id = await quoteId(options.quoted?.(payer) ?? svmOrigin(mint, amount.toString()));
      const solverAta = await ata(solver.address);
      const before = { tokens: f.tokenBalance(solverAta), lamports: lamportsOf(solver.address) };
      await submit(payer, [
        getTransferCheckedInstruction({
          source,
          mint,
          destination: solverAta,
          authority: payer,
          amount,
          decimals: 6,
        }),
        ...(options.after?.(payer, source) ?? []),
        requestIdMemoInstruction(id, payer),
      ]);
      // The deposit really arrived in the solver's token account.
      expect(f.tokenBalance(solverAta) - before.tokens).to.equal(amount);
      return { payer, source, id, solverAta, before, final: await status(id) };
    };
    const closeSource = (owner: KeyPairSigner, account: Address) => [
      getCloseAccountInstruction({ account, destination: owner.address, owner }),
    ];

    it("a stranger's token deposit is refunded into the token account it came from: nothing is created, the solver pays no rent", async () => {
      const paid = await tokenDepositFromNewPayer(7_000_000n, false);
      const { payer: stranger, source, id, solverAta, before } = paid;
      expect(paid.final.status).to.equal("waiting");
      expect(source).to.not.equal(await ata(stranger.address));
      const [booked] = depositsOf(service.store, id);
      expect(booked).to.include({
        sender: stranger.address,
        fromUser: false,
        kind: "refund",
        amount: 7_000_000n,
      });
      expect(booked!.refundTx).to.be.a("string").and.not.equal("MANUAL_REFUND_REQUIRED");
      expect(f.tokenBalance(source)).to.equal(7_000_000n);
      expect(f.tokenBalance(solverAta)).to.equal(before.tokens);
      expect(svm.getAccount(await ata(stranger.address)).exists).to.equal(false);
      // The solver paid the refund's fee only, no token account's rent (about 0.002 SOL).
      expect(before.lamports - lamportsOf(solver.address)).to.equal(5_000n);
    });

    it("a stranger's token deposit from an account closed since: the refund is held for an operator, nothing is created", async () => {
      const paid = await tokenDepositFromNewPayer(3_000_000n, true, { after: closeSource });
      expect(paid.final.status).to.equal("waiting");
      const { payer: stranger, source, id, solverAta, before } = paid;
      expect(svm.getAccount(source).exists).to.equal(false);
      const [booked] = depositsOf(service.store, id);
      expect(booked).to.include({
        sender: stranger.address,
        kind: "refund",
        refundTx: "MANUAL_REFUND_REQUIRED",
      });
      expect(booked!.reason).to.match(
        /^NOT_FROM_USER; refund held for an operator \(SOURCE_ACCOUNT_CLOSED\)/,
      );
      // Nothing left the solver: no tokens, no lamports, no account created for the stranger.
      expect(f.tokenBalance(solverAta) - before.tokens).to.equal(3_000_000n);
      expect(lamportsOf(solver.address)).to.equal(before.lamports);
      expect(svm.getAccount(source).exists).to.equal(false);
    });

    it("a user's deposit in another currency than quoted, from a token account closed since: the request ends failure, its refund held (MANUAL_REFUND_REQUIRED)", async () => {
      const { payer, source, id, solverAta, before, final } = await tokenDepositFromNewPayer(
        4_000_000n,
        true,
        {
          after: closeSource,
          quoted: (quoteUser) => svmOrigin(SVM_NATIVE_TOKEN, "1000000000", { user: quoteUser.address }),
        },
      );
      // The user's own deposit, in the wrong currency, from an account that no longer exists.
      expect(svm.getAccount(source).exists).to.equal(false);
      expect(final.status).to.equal("failure");
      expect(getRequest(service.store, id)?.record.data.refundFailReason).to.equal("MANUAL_REFUND_REQUIRED");
      const [booked] = depositsOf(service.store, id);
      expect(booked).to.include({ sender: payer.address, fromUser: true, kind: "refund" });
      expect(booked!.reason).to.match(/refund held for an operator \(SOURCE_ACCOUNT_CLOSED\)/);
      expect(f.tokenBalance(solverAta) - before.tokens).to.equal(4_000_000n);
      expect(lamportsOf(solver.address)).to.equal(before.lamports);
      expect(svm.getAccount(await ata(payer.address)).exists).to.equal(false);
    });

    it("a deposit arriving for a request already filled is refunded to its user, not swallowed", async () => {
      const id = await quoteId(svmOrigin(SVM_NATIVE_TOKEN, "1000000000"));
      const pay = () =>
        submit(user, [
          getTransferSolInstruction({ source: user, destination: solver.address, amount: 1_000_000_000n }),
          requestIdMemoInstruction(id, user),
        ]);
      await pay();
      expect((await status(id)).status).to.equal("success");
      const userBefore = lamportsOf(user.address);
      const second = await pay();
      expect((await status(id)).status).to.equal("success");
      const late = depositsOf(service.store, id).find((d) => d.txHash === second.signature);
      expect(late).to.include({ kind: "refund", reason: "REQUEST_CLOSED", amount: 1_000_000_000n });
      // the user paid 1 SOL and a fee, and got the 1 SOL back
      expect(userBefore - lamportsOf(user.address) < 100_000n).to.equal(true);
    });
  });

  /** An EVM-origin request to `recipient` in `destinationCurrency`, deposited (mock) and filled on LiteSVM. */
  const fillTo = async (recipient: Address, destinationCurrency: string) => {
    const id = await quoteId({
      user: EVM_USER,
      originChainId: 1,
      destinationChainId: SVM_CHAIN_ID,
      originCurrency: ETH,
      destinationCurrency,
      recipient,
      amount: "100000000000000000",
    });
    await post(service, `/_mock/requests/${id}/deposit`, { final: true }, { "x-api-key": API_KEY });
    await service.lifecycle.idle();
    return status(id);
  };

  it("the solver fills an SVM-destination request with a real transfer on LiteSVM", async () => {
    const recipient = (await generateKeyPairSigner()).address as Address;
    expect((await fillTo(recipient, SVM_NATIVE_TOKEN)).status).to.equal("success");
    // 0.1 ETH (300 USD) minus fees, at 150 USD per SOL: about 2 SOL.
    const balance = svm.getBalance(recipient) ?? 0n;
    expect(balance > 1_900_000_000n && balance < 2_000_000_000n).to.equal(true);
  });

  it("an SPL fill to a recipient without a token account creates its ATA and pays into it", async () => {
    const recipient = (await generateKeyPairSigner()).address as Address;
    const recipientAta = await ata(recipient);
    expect(svm.getAccount(recipientAta).exists).to.equal(false);
    const done = await fillTo(recipient, mint);
    expect(done.status, JSON.stringify(done)).to.equal("success");
    // 300 USD minus fees at 1 USD per token (6 decimals), paid by the fill named first
    const balance = f.tokenBalance(recipientAta);
    expect(balance > 299_000_000n && balance < 300_000_000n, String(balance)).to.equal(true);
    expect(done.txHashes.length).to.be.greaterThan(0);
  });

  describe("quoted SVM route transactions", () => {
    const context = (): QuoteContext => ({
      tokens: new TokenRegistry(tokens),
      solverEvm: SOLVER,
      solverSvm: solver.address,
      receivers: new Map(),
      attest: (id, data) => signRequestData(privateKeyToAccount(SOLVER_KEY), id, data),
      svmLatestBlockhash: () => adapter.latestBlockhash(),
      relayerFeeBps: 10n,
      gasFeeMicroUsd: 50_000n,
    });

    it("a route through swap hops, signed by the user, executes as quoted and is recognized as the deposit", async () => {
      const { response, request } = await buildQuote(
        context(),
        svmOrigin(mint, "50000000", { maxRouteLength: 2 }),
        { persist: true, apiKeyHash: null },
      );
      service.seedRequests([request!]);
      const step = response.steps[0]!;
      const data = step.items[0]!.data as unknown as { transaction: string; route: { source: string }[] };
      expect(data.route.length).to.be.at.least(1);
      // Other transactions land first: the quoted blockhash is no longer LiteSVM's latest.
      await submit(f.payer, [
        getTransferSolInstruction({ source: f.payer, destination: user.address, amount: 1n }),
      ]);
      const quoted = getTransactionDecoder().decode(getBase64Encoder().encode(data.transaction));
      const signed = await signTransaction([user.keyPair], quoted);
      const before = f.tokenBalance(await ata(solver.address));
      const { signature, logs } = await land(signed);
      data.route.forEach((hop, i) => {
        expect(logs).to.include(`Program log: route-hop: ${hop.source}#${i}`);
      });
      expect(f.tokenBalance(await ata(solver.address)) - before).to.equal(50_000_000n);
      expect(await depositsIn(signature)).to.have.length(1);
      expect((await depositsIn(signature))[0]).to.include({
        requestId: step.requestId,
        currency: mint,
        amount: "50000000",
        from: user.address,
      });
      expect((await status(step.requestId!)).status).to.equal("success");
    });
  });

  describe("blockhash lifetime", () => {
    it("a blockhash stays valid for blockhashValiditySlots slots, then BlockhashNotFound; unknown ones are refused", async () => {
      const chain = new LiteSVM();
      const payer = await generateKeyPairSigner();
      chain.airdrop(payer.address, lamports(10_000_000_000n));
      const own = createSvmLedger({ svm: chain, slotTimeMs: 20, blockhashValiditySlots: 4 });
      const target = (await generateKeyPairSigner()).address;
      const pay = async (blockhash: string, amount: bigint) =>
        submitToLedger(
          own,
          await signedTransaction(payer, blockhash, [
            getTransferSolInstruction({ source: payer, destination: target, amount }),
          ]),
        );
      const rejection = async (blockhash: string, amount: bigint) => {
        try {
          await pay(blockhash, amount);
        } catch (error) {
          return (error as Error).message;
        }
        return "";
      };
      try {
        const old = own.latestBlockhash("processed");
        await pay(old.blockhash, 1_000_000n);
        await confirmedThrough(own, old.slot + 1); // two slots later, still valid (4 allowed)
        expect(own.isBlockhashValid(old.blockhash)).to.equal(true);
        await pay(old.blockhash, 1_000_001n);
        await confirmedThrough(own, old.slot + 5);
        expect(own.isBlockhashValid(old.blockhash)).to.equal(false);
        expect(await rejection(old.blockhash, 1_000_002n)).to.match(/BlockhashNotFound/);
        expect(await rejection(target, 1_000_003n)).to.match(/BlockhashNotFound/);
        expect(chain.getBalance(target)).to.equal(2_000_001n);
      } finally {
        own.close();
      }
    });
  });
});
