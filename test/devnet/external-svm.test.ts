/**
 * `attestkit devnet --svm-rpc-url`: a devnet whose SVM side runs on an external validator. The
 * validator here is another devnet's embedded SVM chain, reached only over its RPC and PubSub URLs
 * (as solana-test-validator would be); the second devnet deploys its own receiver there, funds its
 * accounts from that validator's faucet, and its service indexes and fills over that endpoint: one
 * SVM to EVM and one EVM to SVM flow run to success.
 */
import {
  appendTransactionMessageInstructions,
  createSolanaRpc,
  createSolanaRpcSubscriptions,
  createTransactionMessage,
  getSignatureFromTransaction,
  pipe,
  sendAndConfirmTransactionFactory,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  signTransactionMessageWithSigners,
} from "@solana/kit";
import { expect } from "chai";
import { type Hex, parseEther, zeroAddress } from "viem";
import { evmDevAccount } from "../../src/devnet/accounts.ts";
import { type Devnet, type SvmExternalChain, startDevnet } from "../../src/devnet/devnet.ts";
import { balanceOf, depositThroughReceiver, evmUser } from "../../src/devnet/evm-user.ts";
import { type SvmDevChain, startSvmDevChain } from "../../src/devnet/svm-chain.ts";
import { connectSvmExternalChain, pubSubUrlOf } from "../../src/devnet/svm-external.ts";
import { createServiceClient, type ServiceClient, SVM_CHAIN_ID, SVM_NATIVE_TOKEN } from "../../src/index.ts";
import { SVM_DEPOSITORY_PROGRAM } from "../../src/orders/index.ts";
import { ATTESTED_RECEIVER_PROGRAM_ADDRESS } from "../../src/receiver/generated/programs/attestedReceiver.ts";
import { buildSvmReceiverDepositInstruction } from "../../src/receiver/index.ts";

const SOL = 1_000_000_000n;

describe("devnet on an external SVM validator (--svm-rpc-url)", function () {
  this.timeout(300_000);
  let validator: SvmDevChain;
  let devnet: Devnet<SvmExternalChain>;
  let client: ServiceClient;

  before(async () => {
    validator = await startSvmDevChain({
      solverEvm: evmDevAccount("solver").address,
      whitelist: [],
      maxDeadlineWindow: 3600,
      slotTimeMs: 50,
    });
    devnet = await startDevnet({
      blockTimeMs: 0,
      svmRpcUrl: validator.rpcUrl,
      svmWsUrl: validator.wsUrl,
      indexerIntervalMs: 50,
      logger: false,
    });
    client = createServiceClient({ baseUrl: devnet.serviceUrl, apiKey: devnet.apiKey });
  });
  after(async () => {
    await devnet?.close();
    await validator?.close();
  });

  const rpc = () => createSolanaRpc(validator.rpcUrl);
  const lamportsOf = async (owner: Parameters<ReturnType<typeof rpc>["getBalance"]>[0]) =>
    (await rpc().getBalance(owner, { commitment: "confirmed" }).send()).value;

  it("deploys its own receiver on the validator and serves the validator's endpoints", async () => {
    expect(devnet.svm.external).to.equal(true);
    expect(devnet.svm.rpcUrl).to.equal(validator.rpcUrl);
    // A new program, not the validator's own receiver; the depository the validator holds is used.
    expect(devnet.svm.receiverProgram).to.not.equal(ATTESTED_RECEIVER_PROGRAM_ADDRESS);
    const program = await rpc().getAccountInfo(devnet.svm.receiverProgram, { encoding: "base64" }).send();
    expect(program.value?.executable).to.equal(true);
    expect(devnet.svm.depository?.program).to.equal(SVM_DEPOSITORY_PROGRAM);
    const chains = await (await fetch(`${devnet.serviceUrl}/chains`)).json();
    const solana = (chains as { chains: { id: number; httpRpcUrl: string }[] }).chains.find(
      (chain) => chain.id === SVM_CHAIN_ID,
    );
    expect(solana?.httpRpcUrl).to.equal(validator.rpcUrl);
  });

  it("SVM to EVM: a deposit through the new receiver, sent to the validator over RPC, is filled on 8453", async () => {
    const alice = devnet.svm.accounts.alice;
    const bob = evmUser(devnet.evmChain(8453), "bob");
    const amount = 2n * SOL;
    const quote = await client.quoteV2({
      user: alice.address,
      recipient: bob.address,
      originChainId: SVM_CHAIN_ID,
      destinationChainId: 8453,
      originCurrency: SVM_NATIVE_TOKEN,
      destinationCurrency: zeroAddress,
      amount: amount.toString(),
      tradeType: "EXACT_INPUT",
    });
    const requestId = quote.steps[0]?.requestId as Hex;
    const { requestData, signature } = await client.getSignature(requestId);
    const bobBefore = await balanceOf(bob, null, bob.address);
    const solverBefore = await lamportsOf(devnet.svm.accounts.solver.address);

    const instruction = await buildSvmReceiverDepositInstruction({
      programId: devnet.svm.receiverProgram,
      payer: alice,
      requestId,
      requestData,
      signature: signature as Hex,
      deadline: BigInt(Math.floor(Date.now() / 1000) + 600),
      solver: devnet.svm.accounts.solver.address,
    });
    const { value: latest } = await rpc().getLatestBlockhash({ commitment: "confirmed" }).send();
    const tx = await pipe(
      createTransactionMessage({ version: 0 }),
      (m) => setTransactionMessageFeePayerSigner(alice, m),
      (m) => setTransactionMessageLifetimeUsingBlockhash(latest, m),
      (m) => appendTransactionMessageInstructions([instruction], m),
      (m) => signTransactionMessageWithSigners(m),
    );
    const send = sendAndConfirmTransactionFactory({
      rpc: rpc(),
      rpcSubscriptions: createSolanaRpcSubscriptions(validator.wsUrl),
    } as Parameters<typeof sendAndConfirmTransactionFactory>[0]);
    await send(tx as Parameters<typeof send>[0], { commitment: "confirmed" });
    expect(await lamportsOf(devnet.svm.accounts.solver.address)).to.equal(solverBefore + amount);

    const done = await client.waitForStatus(requestId, {
      until: ["success"],
      intervalMs: 50,
      timeoutMs: 60_000,
    });
    expect(done.inTxHashes).to.deep.equal([getSignatureFromTransaction(tx)]);
    expect(await balanceOf(bob, null, bob.address)).to.equal(
      bobBefore + BigInt(quote.details.currencyOut.amount),
    );
  });

  it("EVM to SVM: ETH through the 8453 receiver, the solver's SOL fill lands on the validator", async () => {
    const base = devnet.evmChain(8453);
    const payer = evmUser(base, "alice");
    const recipient = devnet.svm.accounts.bob.address;
    const quote = await client.quoteV2({
      user: payer.address,
      recipient,
      originChainId: 8453,
      destinationChainId: SVM_CHAIN_ID,
      originCurrency: zeroAddress,
      destinationCurrency: SVM_NATIVE_TOKEN,
      amount: parseEther("0.3").toString(),
      tradeType: "EXACT_INPUT",
    });
    const requestId = quote.steps[0]?.requestId as string;
    const attestation = { requestId, ...(await client.getSignature(requestId)) };
    const before = await lamportsOf(recipient);
    await depositThroughReceiver(base, payer, attestation);
    await base.mine();
    await client.waitForStatus(requestId, { until: ["success"], intervalMs: 50, timeoutMs: 60_000 });
    expect(await lamportsOf(recipient)).to.equal(before + BigInt(quote.details.currencyOut.amount));
  });

  it("derives the PubSub URL as the Solana CLI does, and refuses a URL that is not http(s)", () => {
    expect(pubSubUrlOf("http://127.0.0.1:8899")).to.equal("ws://127.0.0.1:8900");
    expect(pubSubUrlOf("https://rpc.example")).to.equal("wss://rpc.example");
    expect(() => pubSubUrlOf("ftp://127.0.0.1:8899")).to.throw(TypeError, /http\(s\) URL/);
  });

  it("names the validator that does not answer, before deploying anything", async () => {
    // A port nothing listens on: the devnet's own closed validator's.
    const closed = await startSvmDevChain({
      solverEvm: evmDevAccount("solver").address,
      whitelist: [],
      maxDeadlineWindow: 60,
    });
    await closed.close();
    const failure = await connectSvmExternalChain({
      rpcUrl: closed.rpcUrl,
      solverEvm: evmDevAccount("solver").address,
      whitelist: [],
      maxDeadlineWindow: 60,
    }).then(
      () => null,
      (error: unknown) => error as Error,
    );
    expect(failure?.message).to.contain(`the SVM validator at ${closed.rpcUrl} does not answer`);
  });
});
