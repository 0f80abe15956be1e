/**
 * S7: a native SVM deposit into a solver wallet that is not rent-exempt fails on chain unless it
 * lifts the wallet to its rent-exempt minimum. The service, reading the solver's balance, refuses
 * such quotes (`SOLVER_ACCOUNT_UNFUNDED`) before a user signs a transaction that cannot land; once
 * the operator funds the solver, every amount is quoted again.
 */
import {
  appendTransactionMessageInstructions,
  type Blockhash,
  createTransactionMessage,
  generateKeyPairSigner,
  type KeyPairSigner,
  lamports,
  pipe,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  signTransactionMessageWithSigners,
} from "@solana/kit";
import { getTransferSolInstruction } from "@solana-program/system";
import { expect } from "chai";
import { LiteSVM } from "litesvm";
import { createSvmLedger, type SvmLedger, serveSolanaRpc } from "../../src/devnet/solana-rpc/index.ts";
import { submitToLedger } from "../../src/devnet/svm-chain.ts";
import { SVM_CHAIN_ID, SVM_NATIVE_TOKEN } from "../../src/index.ts";
import { createSvmChainAdapter, type SvmChainAdapter } from "../../src/service/chains/svm.ts";
import type { Service } from "../../src/service/index.ts";
import { EVM_RECIPIENT, expectError, post, testService } from "./helpers.ts";

const BASE_USDC = "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913";

describe("S7: quotes paying an unfunded SVM solver", function () {
  this.timeout(60_000);
  let svm: LiteSVM;
  let ledger: SvmLedger;
  let rpcServer: Awaited<ReturnType<typeof serveSolanaRpc>>;
  let adapter: SvmChainAdapter;
  let service: Service;
  let solver: KeyPairSigner;
  let user: KeyPairSigner;
  let rentExempt: bigint;

  const quote = (amount: bigint, overrides: Record<string, unknown> = {}) =>
    post(service, "/quote/v2", {
      user: user.address,
      originChainId: SVM_CHAIN_ID,
      destinationChainId: 8453,
      originCurrency: SVM_NATIVE_TOKEN,
      destinationCurrency: BASE_USDC,
      recipient: EVM_RECIPIENT,
      tradeType: "EXACT_INPUT",
      amount: amount.toString(),
      ...overrides,
    });

  before(async () => {
    svm = new LiteSVM();
    solver = await generateKeyPairSigner();
    user = await generateKeyPairSigner();
    svm.airdrop(user.address, lamports(10_000_000_000n));
    rentExempt = svm.minimumBalanceForRentExemption(0n);
    ledger = createSvmLedger({ svm, slotTimeMs: 25 });
    rpcServer = await serveSolanaRpc({ ledger });
    adapter = createSvmChainAdapter({ rpcUrl: rpcServer.rpcUrl, solver });
    service = testService({
      chains: [adapter],
      svmSolverAddress: solver.address,
      indexerIntervalMs: 0,
      gasFeeMicroUsd: 1,
      relayerFeeBps: 0,
    });
  });
  after(async () => {
    await service.close();
    await rpcServer.close();
    ledger.close();
  });

  it("a native deposit below the rent-exempt minimum into the unfunded solver fails on chain", async () => {
    expect(svm.getBalance(solver.address) ?? 0n).to.equal(0n);
    const tx = await pipe(
      createTransactionMessage({ version: 0 }),
      (m) => setTransactionMessageFeePayerSigner(user, m),
      (m) =>
        setTransactionMessageLifetimeUsingBlockhash(
          { blockhash: ledger.latestBlockhash("confirmed").blockhash as Blockhash, lastValidBlockHeight: 0n },
          m,
        ),
      (m) =>
        appendTransactionMessageInstructions(
          [getTransferSolInstruction({ source: user, destination: solver.address, amount: rentExempt - 1n })],
          m,
        ),
      (m) => signTransactionMessageWithSigners(m),
    );
    expect(() => submitToLedger(ledger, tx)).to.throw(/InsufficientFundsForRent/);
    expect(svm.getBalance(solver.address) ?? 0n).to.equal(0n);
  });

  it("such a quote is refused with SOLVER_ACCOUNT_UNFUNDED, naming the smallest amount that lands", async () => {
    expect(await adapter.nativeDepositMinimum()).to.equal(rentExempt);
    const refused = await quote(rentExempt - 1n);
    expectError(refused, 400, "SOLVER_ACCOUNT_UNFUNDED");
    expect((refused.body as { message: string }).message).to.include(`at least ${rentExempt} lamports`);
    expect((await quote(rentExempt)).status).to.equal(200);
  });

  it("a quote paying the depository, not the solver, is not refused", async () => {
    const res = await quote(rentExempt - 1n, { includeProtocolData: true });
    expect(res.status, res.raw).to.equal(200);
  });

  it("once the operator funds the solver, small native deposits are quoted again", async () => {
    svm.airdrop(solver.address, lamports(rentExempt));
    await new Promise((resolve) => setTimeout(resolve, 100)); // a few slots: the balance is confirmed
    expect(await adapter.nativeDepositMinimum()).to.equal(0n);
    expect((await quote(1_000n)).status).to.equal(200);
  });
});
