/**
 * The devnet as a local backend for an SDK app that moves value to and from the SVM chain: the SDK
 * (pinned 7.0.3) in Node with its own SVM adapter (`@relayprotocol/relay-svm-wallet-adapter` 19.0.1)
 * on a web3.js Connection to the devnet's Solana JSON-RPC and PubSub, and its viem wallet adapter on
 * the EVM side. Quote -> execute -> status success, everything over the network: SVM->EVM (the
 * adapter builds the deposit from the quote's instructions, signs locally, sends and confirms over
 * RPC) and EVM->SVM (native and USDC, filled by the service on the SVM chain).
 */
import type { RelayChain } from "@relayprotocol/relay-sdk";
import { getBase58Encoder } from "@solana/kit";
import { PublicKey } from "@solana/web3.js";
import { expect } from "chai";
import { type Hex, parseEther, parseUnits, zeroAddress } from "viem";
import { sdkSolanaWallet } from "../../../docs/examples/sdk-svm-wallet.ts";
import { evmDevAccount, svmDevSecretKey } from "../../../src/devnet/accounts.ts";
import type { Devnet } from "../../../src/devnet/devnet.ts";
import { balanceOf, evmUser, tokenOf } from "../../../src/devnet/evm-user.ts";
import { SVM_CHAIN_ID, SVM_NATIVE_TOKEN } from "../../../src/svm/index.ts";
import { quoteAndExecute, type SdkDevnet, sdkWallet, startSdkDevnet } from "./sdk-app.ts";

const BASE = 8453;

describe("outside: an SDK app on the devnet (SVM)", function () {
  this.timeout(180_000);
  let sdk: SdkDevnet;
  let devnet: Devnet;
  let chains: RelayChain[];
  const bobEvm = evmDevAccount("bob");
  const status = (requestId: string) => sdk.status(requestId);

  /** alice's SVM wallet through the SDK's SVM adapter, her secret key as a wallet would import it. */
  const aliceSolana = () =>
    sdkSolanaWallet(
      SVM_CHAIN_ID,
      new Uint8Array(getBase58Encoder().encode(svmDevSecretKey(devnet.svm.accounts.alice, "alice"))),
    );

  before(async () => {
    sdk = await startSdkDevnet();
    ({ devnet, chains } = sdk);
  });
  after(() => sdk?.close());

  it("configureDynamicChains() lists the SVM chain with its Solana RPC and PubSub URLs", () => {
    const solana = chains.find((chain) => chain.id === SVM_CHAIN_ID);
    expect(solana?.vmType).to.equal("svm");
    expect(solana?.httpRpcUrl).to.equal(devnet.svm.rpcUrl);
    expect(solana?.wsRpcUrl).to.equal(devnet.svm.wsUrl);
    expect(solana?.currency).to.include({ symbol: "SOL", decimals: 9, address: SVM_NATIVE_TOKEN });
  });

  it("SVM->EVM native: the SVM adapter signs and sends the quoted instructions, status success", async () => {
    const { wallet, connection, address } = aliceSolana();
    expect(address).to.equal(devnet.svm.accounts.alice.address);
    const receiver = evmUser(devnet.evmChain(BASE), "bob");
    const evmBefore = await balanceOf(receiver, null, bobEvm.address);
    const solBefore = BigInt(await connection.getBalance(new PublicKey(address)));
    const amount = 2_000_000_000n;
    const run = await quoteAndExecute({
      wallet,
      fromChainId: SVM_CHAIN_ID,
      toChainId: BASE,
      currency: SVM_NATIVE_TOKEN,
      toCurrency: zeroAddress,
      amount: amount.toString(),
      recipient: bobEvm.address,
    });
    expect(run.stepIds).to.deep.equal(["deposit"]);
    const done = await status(run.requestId);
    expect(done.status).to.equal("success");
    // The origin deposit is a confirmed transaction on the SVM chain, read back over RPC.
    const [deposit] = done.inTxHashes as [string];
    const sent = await connection.getTransaction(deposit, { maxSupportedTransactionVersion: 0 });
    expect(sent?.meta?.err).to.equal(null);
    expect(sent?.transaction.message.staticAccountKeys[0]?.toBase58()).to.equal(address);
    const solSpent = solBefore - BigInt(await connection.getBalance(new PublicKey(address)));
    expect(solSpent >= amount, `alice paid ${solSpent} lamports`).to.equal(true);
    // The fill is first in txHashes, on 8453, paying bob what the quote promised.
    const fill = await receiver.public.getTransaction({ hash: done.txHashes[0] as Hex });
    expect(fill.input).to.equal(run.requestId);
    const received = (await balanceOf(receiver, null, bobEvm.address)) - evmBefore;
    expect(received).to.equal(BigInt(run.result.details?.currencyOut?.amount ?? "-1"));
  });

  it("SVM->EVM USDC: the SPL deposit built from the quote's instructions, USDC to the EVM recipient", async () => {
    const { wallet, connection, address } = aliceSolana();
    const base = devnet.evmChain(BASE);
    const receiver = evmUser(base, "bob");
    const usdc = tokenOf(base, "USDC");
    const evmBefore = await balanceOf(receiver, usdc, bobEvm.address);
    const aliceUsdc = new PublicKey(await devnet.svm.usdcAccount(devnet.svm.accounts.alice.address));
    const splBalance = async () => BigInt((await connection.getTokenAccountBalance(aliceUsdc)).value.amount);
    const splBefore = await splBalance();
    const amount = parseUnits("20", 6);
    const run = await quoteAndExecute({
      wallet,
      fromChainId: SVM_CHAIN_ID,
      toChainId: BASE,
      currency: devnet.svm.usdc.mint,
      toCurrency: usdc,
      amount: amount.toString(),
      recipient: bobEvm.address,
    });
    expect(address).to.equal(devnet.svm.accounts.alice.address);
    expect((await status(run.requestId)).status).to.equal("success");
    expect(splBefore - (await splBalance())).to.equal(amount);
    const received = (await balanceOf(receiver, usdc, bobEvm.address)) - evmBefore;
    expect(received).to.equal(BigInt(run.result.details?.currencyOut?.amount ?? "-1"));
    expect(received > 0n).to.equal(true);
  });

  it("EVM->SVM native: a viem wallet deposits on 8453, SOL arrives at the SVM recipient", async () => {
    const { connection } = aliceSolana();
    const recipient = devnet.svm.accounts.bob.address;
    const before = BigInt(await connection.getBalance(new PublicKey(recipient)));
    const run = await quoteAndExecute({
      wallet: sdkWallet(BASE, evmDevAccount("alice").privateKey),
      fromChainId: BASE,
      toChainId: SVM_CHAIN_ID,
      currency: zeroAddress,
      toCurrency: SVM_NATIVE_TOKEN,
      amount: parseEther("0.3").toString(),
      recipient,
    });
    const done = await status(run.requestId);
    expect(done.status).to.equal("success");
    const fill = await connection.getTransaction(done.txHashes[0] as string, {
      maxSupportedTransactionVersion: 0,
    });
    expect(fill?.meta?.err).to.equal(null);
    const received = BigInt(await connection.getBalance(new PublicKey(recipient))) - before;
    expect(received).to.equal(BigInt(run.result.details?.currencyOut?.amount ?? "-1"));
    expect(received > 0n).to.equal(true);
  });

  it("EVM->SVM USDC: approve and deposit on 8453, an SPL transfer into the recipient's token account", async () => {
    const { connection } = aliceSolana();
    const recipient = devnet.svm.accounts.bob.address;
    const tokenAccount = new PublicKey(await devnet.svm.usdcAccount(recipient));
    const balance = async () => BigInt((await connection.getTokenAccountBalance(tokenAccount)).value.amount);
    const before = await balance();
    const run = await quoteAndExecute({
      wallet: sdkWallet(BASE, evmDevAccount("alice").privateKey),
      fromChainId: BASE,
      toChainId: SVM_CHAIN_ID,
      currency: tokenOf(devnet.evmChain(BASE), "USDC"),
      toCurrency: devnet.svm.usdc.mint,
      amount: parseUnits("15", 6).toString(),
      recipient,
    });
    expect(run.stepIds).to.deep.equal(["approve", "deposit"]);
    expect((await status(run.requestId)).status).to.equal("success");
    const received = (await balance()) - before;
    expect(received).to.equal(BigInt(run.result.details?.currencyOut?.amount ?? "-1"));
    expect(received > 0n).to.equal(true);
  });
});
