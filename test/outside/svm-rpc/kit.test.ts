/**
 * @solana/kit against the devnet's SVM chain over its JSON-RPC and PubSub URLs only: airdrops, SOL and
 * SPL token transfers sent and confirmed over PubSub, fees as charged, history with logs, inner
 * instructions and token balances, token and program account queries, and subscriptions.
 */
import {
  type Address,
  appendTransactionMessageInstructions,
  compileTransactionMessage,
  createTransactionMessage,
  fetchEncodedAccount,
  generateKeyPairSigner,
  getBase64Decoder,
  getCompiledTransactionMessageEncoder,
  getSignatureFromTransaction,
  type Instruction,
  type KeyPairSigner,
  lamports,
  pipe,
  sendAndConfirmTransactionFactory,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  signTransactionMessageWithSigners,
} from "@solana/kit";
import { getCreateAccountInstruction, getTransferSolInstruction } from "@solana-program/system";
import {
  findAssociatedTokenPda,
  getCreateAssociatedTokenIdempotentInstruction,
  getInitializeMint2Instruction,
  getMintSize,
  getMintToInstruction,
  getTransferCheckedInstruction,
  TOKEN_PROGRAM_ADDRESS,
} from "@solana-program/token";
import { expect } from "chai";
import { WebSocket } from "ws";
import { type RpcChain, startRpcChain } from "./chain.ts";

describe("SVM RPC: @solana/kit over the devnet's endpoints", function () {
  this.timeout(60_000);
  let chain: RpcChain;
  let alice: KeyPairSigner;

  before(async () => {
    chain = await startRpcChain();
    alice = await chain.funded(10n);
  });
  after(() => chain?.close());

  async function message(payer: KeyPairSigner, instructions: Instruction[]) {
    const { value: lifetime } = await chain.rpc.getLatestBlockhash({ commitment: "confirmed" }).send();
    return pipe(
      createTransactionMessage({ version: 0 }),
      (m) => setTransactionMessageFeePayerSigner(payer, m),
      (m) => setTransactionMessageLifetimeUsingBlockhash(lifetime, m),
      (m) => appendTransactionMessageInstructions(instructions, m),
    );
  }
  async function sendAndConfirm(payer: KeyPairSigner, instructions: Instruction[]) {
    const tx = await signTransactionMessageWithSigners(await message(payer, instructions));
    const factory = sendAndConfirmTransactionFactory(
      chain as Parameters<typeof sendAndConfirmTransactionFactory>[0],
    );
    await factory(tx as Parameters<typeof factory>[0], { commitment: "confirmed" });
    return getSignatureFromTransaction(tx);
  }

  it("a SOL transfer is confirmed over PubSub; the payer pays exactly getFeeForMessage", async () => {
    const bob = (await generateKeyPairSigner()).address;
    const instructions = [
      getTransferSolInstruction({ source: alice, destination: bob, amount: lamports(1_234_567n) }),
    ];
    const compiled = getCompiledTransactionMessageEncoder().encode(
      compileTransactionMessage(await message(alice, instructions)),
    );
    const { value: fee } = await chain.rpc
      .getFeeForMessage(
        getBase64Decoder().decode(compiled) as Parameters<typeof chain.rpc.getFeeForMessage>[0],
      )
      .send();
    expect(fee).to.equal(5000n);
    const before = (await chain.rpc.getBalance(alice.address, { commitment: "confirmed" }).send()).value;
    const signature = await sendAndConfirm(alice, instructions);
    expect((await chain.rpc.getBalance(bob, { commitment: "confirmed" }).send()).value).to.equal(1_234_567n);
    expect((await chain.rpc.getBalance(alice.address, { commitment: "confirmed" }).send()).value).to.equal(
      before - 1_234_567n - fee!,
    );
    const [status] = (await chain.rpc.getSignatureStatuses([signature]).send()).value;
    expect(status?.err).to.equal(null);
    expect(status?.confirmationStatus).to.be.oneOf(["confirmed", "finalized"]);
    const tx = await chain.rpc
      .getTransaction(signature, {
        commitment: "confirmed",
        maxSupportedTransactionVersion: 0,
        encoding: "json",
      })
      .send();
    expect(tx?.meta?.fee).to.equal(fee);
    expect(tx?.meta?.logMessages).to.include("Program 11111111111111111111111111111111 success");
    const history = await chain.rpc.getSignaturesForAddress(bob, { commitment: "confirmed" }).send();
    expect(history.map((entry) => entry.signature)).to.deep.equal([signature]);
  });

  it("an SPL token transfer (mint, ATAs, TransferChecked) is confirmed; balances, inner instructions and token queries agree", async () => {
    const mint = await generateKeyPairSigner();
    const bob = await generateKeyPairSigner();
    const space = BigInt(getMintSize());
    const rent = await chain.rpc.getMinimumBalanceForRentExemption(space).send();
    const ata = async (owner: Address) =>
      (await findAssociatedTokenPda({ owner, mint: mint.address, tokenProgram: TOKEN_PROGRAM_ADDRESS }))[0];
    const [aliceAta, bobAta] = [await ata(alice.address), await ata(bob.address)];
    await sendAndConfirm(alice, [
      getCreateAccountInstruction({
        payer: alice,
        newAccount: mint,
        lamports: rent,
        space,
        programAddress: TOKEN_PROGRAM_ADDRESS,
      }),
      getInitializeMint2Instruction({ mint: mint.address, decimals: 6, mintAuthority: alice.address }),
      getCreateAssociatedTokenIdempotentInstruction({
        payer: alice,
        ata: aliceAta,
        owner: alice.address,
        mint: mint.address,
      }),
      getMintToInstruction({ mint: mint.address, token: aliceAta, mintAuthority: alice, amount: 5_000_000n }),
    ]);
    const signature = await sendAndConfirm(alice, [
      getCreateAssociatedTokenIdempotentInstruction({
        payer: alice,
        ata: bobAta,
        owner: bob.address,
        mint: mint.address,
      }),
      getTransferCheckedInstruction({
        source: aliceAta,
        mint: mint.address,
        destination: bobAta,
        authority: alice,
        amount: 1_500_000n,
        decimals: 6,
      }),
    ]);
    const balance = await chain.rpc.getTokenAccountBalance(bobAta, { commitment: "confirmed" }).send();
    expect(balance.value).to.deep.include({ amount: "1500000", decimals: 6, uiAmountString: "1.5" });

    const tx = await chain.rpc
      .getTransaction(signature, {
        commitment: "confirmed",
        maxSupportedTransactionVersion: 0,
        encoding: "base64",
      })
      .send();
    // Creating the ATA runs CPIs into the System and Token programs.
    expect(tx?.meta?.innerInstructions?.[0]?.index).to.equal(0);
    expect(tx?.meta?.innerInstructions?.[0]?.instructions.length).to.be.greaterThan(0);
    const post = tx?.meta?.postTokenBalances?.find((b) => b.owner === bob.address);
    expect(post?.uiTokenAmount.amount).to.equal("1500000");
    expect(post?.mint).to.equal(mint.address);

    const owned = await chain.rpc
      .getTokenAccountsByOwner(
        bob.address,
        { mint: mint.address },
        { encoding: "jsonParsed", commitment: "confirmed" },
      )
      .send();
    expect(owned.value.map((entry) => entry.pubkey)).to.deep.equal([bobAta]);
    const parsed = owned.value[0]?.account.data as unknown as {
      parsed: { info: { owner: string; tokenAmount: { amount: string } } };
    };
    expect(parsed.parsed.info).to.deep.include({ owner: bob.address });
    expect(parsed.parsed.info.tokenAmount.amount).to.equal("1500000");

    // getProgramAccounts: token accounts (dataSize 165) of this mint (memcmp at 0).
    const accounts = await chain.rpc
      .getProgramAccounts(TOKEN_PROGRAM_ADDRESS, {
        encoding: "base64",
        filters: [
          { dataSize: 165n },
          { memcmp: { offset: 0n, bytes: mint.address as never, encoding: "base58" } },
        ],
      })
      .send();
    expect(accounts.map((entry) => entry.pubkey).sort()).to.deep.equal([aliceAta, bobAta].sort());
    const mintAccount = await fetchEncodedAccount(chain.rpc, mint.address);
    expect(mintAccount.exists && mintAccount.programAddress).to.equal(TOKEN_PROGRAM_ADDRESS);
    expect(mintAccount.exists && mintAccount.data.length).to.equal(getMintSize());
  });

  it("accountSubscribe and slotSubscribe notify at their commitment", async () => {
    const bob = (await generateKeyPairSigner()).address;
    const abort = new AbortController();
    try {
      const slots = await chain.rpcSubscriptions.slotNotifications().subscribe({ abortSignal: abort.signal });
      const first = await slots[Symbol.asyncIterator]().next();
      expect(Number(first.value.slot)).to.be.greaterThan(0);
      const changes = await chain.rpcSubscriptions
        .accountNotifications(bob, { commitment: "confirmed", encoding: "base64" })
        .subscribe({ abortSignal: abort.signal });
      const change = changes[Symbol.asyncIterator]().next();
      await sendAndConfirm(alice, [
        getTransferSolInstruction({ source: alice, destination: bob, amount: lamports(2_000_000n) }),
      ]);
      expect((await change).value.value.lamports).to.equal(2_000_000n);
    } finally {
      abort.abort();
    }
  });

  it("a signature subscribed after its confirmation is notified right after the subscription's reply", async () => {
    const signature = await sendAndConfirm(alice, [
      getTransferSolInstruction({ source: alice, destination: alice.address, amount: lamports(1n) }),
    ]);
    const socket = new WebSocket(chain.wsUrl);
    try {
      await new Promise((resolve, reject) => {
        socket.once("open", resolve);
        socket.once("error", reject);
      });
      const messages: unknown[] = [];
      const two = new Promise<void>((resolve) =>
        socket.on("message", (data) => {
          messages.push(JSON.parse(data.toString()));
          if (messages.length === 2) resolve();
        }),
      );
      socket.send(
        JSON.stringify({
          jsonrpc: "2.0",
          id: 7,
          method: "signatureSubscribe",
          params: [signature, { commitment: "confirmed" }],
        }),
      );
      await two;
      const [reply, notification] = messages as [
        { id: number; result: number },
        { method: string; params: { subscription: number; result: { value: unknown } } },
      ];
      expect(reply.id).to.equal(7);
      expect(notification.method).to.equal("signatureNotification");
      expect(notification.params.subscription).to.equal(reply.result);
      expect(notification.params.result.value).to.deep.equal({ err: null });
    } finally {
      socket.close();
    }
  });
});
