/**
 * @solana/web3.js v1 `Connection`, used as Anchor's provider uses it, against the devnet's SVM chain
 * over its URLs: sendRawTransaction + confirmTransaction (PubSub), getAccountInfoAndContext,
 * getMultipleAccountsInfo, simulateTransaction with logs, and an SPL token transfer.
 */
import {
  Connection,
  Keypair,
  PublicKey,
  SystemProgram,
  Transaction,
  TransactionInstruction,
  TransactionMessage,
  VersionedTransaction,
} from "@solana/web3.js";
import { expect } from "chai";
import { type RpcChain, startRpcChain } from "./chain.ts";

const TOKEN_PROGRAM = new PublicKey("TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA");
const MEMO_PROGRAM = new PublicKey("MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr");

describe("SVM RPC: @solana/web3.js Connection over the devnet's endpoints", function () {
  this.timeout(60_000);
  let chain: RpcChain;
  let connection: Connection;
  let payer: Keypair;

  before(async () => {
    chain = await startRpcChain();
    connection = new Connection(chain.rpcUrl, { commitment: "confirmed", wsEndpoint: chain.wsUrl });
    payer = Keypair.generate();
    const airdrop = await connection.requestAirdrop(payer.publicKey, 5_000_000_000);
    const latest = await connection.getLatestBlockhash();
    const confirmed = await connection.confirmTransaction({ signature: airdrop, ...latest });
    expect(confirmed.value.err).to.equal(null);
  });
  after(async () => {
    // web3.js closes its idle PubSub socket after 500 ms; stop the chain after that, not under it.
    await new Promise((resolve) => setTimeout(resolve, 700));
    await chain?.close();
  });

  async function sendAndConfirm(instructions: TransactionInstruction[], signers: Keypair[] = []) {
    const latest = await connection.getLatestBlockhash();
    const tx = new VersionedTransaction(
      new TransactionMessage({
        payerKey: payer.publicKey,
        recentBlockhash: latest.blockhash,
        instructions,
      }).compileToV0Message(),
    );
    tx.sign([payer, ...signers]);
    const signature = await connection.sendRawTransaction(tx.serialize());
    const result = await connection.confirmTransaction({ signature, ...latest }, "confirmed");
    expect(result.value.err).to.equal(null);
    return signature;
  }

  it("a SOL transfer: sendRawTransaction, confirmTransaction over PubSub, getAccountInfoAndContext, getMultipleAccountsInfo", async () => {
    const bob = Keypair.generate().publicKey;
    await sendAndConfirm([
      SystemProgram.transfer({ fromPubkey: payer.publicKey, toPubkey: bob, lamports: 3_000_000 }),
    ]);
    const { context, value } = await connection.getAccountInfoAndContext(bob);
    expect(context.slot).to.be.greaterThan(0);
    expect(value?.lamports).to.equal(3_000_000);
    expect(value?.owner.equals(SystemProgram.programId)).to.equal(true);
    const [known, unknown] = await connection.getMultipleAccountsInfo([bob, Keypair.generate().publicKey]);
    expect(known?.lamports).to.equal(3_000_000);
    expect(unknown).to.equal(null);
  });

  it("simulateTransaction returns the program logs without committing; a failing one names its error", async () => {
    const { blockhash } = await connection.getLatestBlockhash();
    const memo = new Transaction({ feePayer: payer.publicKey, recentBlockhash: blockhash }).add(
      new TransactionInstruction({ programId: MEMO_PROGRAM, keys: [], data: Buffer.from("hello devnet") }),
    );
    const before = await connection.getBalance(payer.publicKey);
    const simulated = await connection.simulateTransaction(memo, [payer]);
    expect(simulated.value.err).to.equal(null);
    expect(simulated.value.logs).to.include.members([
      "Program log: Memo (len 12)",
      "Program log: hello devnet",
    ]);
    expect(await connection.getBalance(payer.publicKey)).to.equal(before);

    const tooMuch = new VersionedTransaction(
      new TransactionMessage({
        payerKey: payer.publicKey,
        recentBlockhash: blockhash,
        instructions: [
          SystemProgram.transfer({
            fromPubkey: payer.publicKey,
            toPubkey: Keypair.generate().publicKey,
            lamports: 10 ** 15,
          }),
        ],
      }).compileToV0Message(),
    );
    tooMuch.sign([payer]);
    const failed = await connection.simulateTransaction(tooMuch);
    expect(failed.value.err).to.deep.equal({ InstructionError: [0, { Custom: 1 }] });
    expect(failed.value.logs?.join("\n")).to.match(/insufficient lamports/);
  });

  it("an SPL token transfer built with web3.js instructions is confirmed and visible to getParsedTokenAccountsByOwner", async () => {
    const mint = Keypair.generate();
    const from = Keypair.generate();
    const to = Keypair.generate();
    const owner = Keypair.generate().publicKey;
    const rentMint = await connection.getMinimumBalanceForRentExemption(82);
    const rentAccount = await connection.getMinimumBalanceForRentExemption(165);
    const create = (account: Keypair, space: number, lamports: number) =>
      SystemProgram.createAccount({
        fromPubkey: payer.publicKey,
        newAccountPubkey: account.publicKey,
        lamports,
        space,
        programId: TOKEN_PROGRAM,
      });
    const token = (data: number[], keys: PublicKey[], signer?: PublicKey) =>
      new TransactionInstruction({
        programId: TOKEN_PROGRAM,
        keys: [
          ...keys.map((pubkey) => ({ pubkey, isSigner: false, isWritable: true })),
          ...(signer ? [{ pubkey: signer, isSigner: true, isWritable: false }] : []),
        ],
        data: Buffer.from(data),
      });
    const u64 = (n: bigint) => [...new Uint8Array(new BigUint64Array([n]).buffer)];
    await sendAndConfirm(
      [
        create(mint, 82, rentMint),
        // InitializeMint2 (20): decimals 2, mint authority = payer, no freeze authority.
        token([20, 2, ...payer.publicKey.toBytes(), 0], [mint.publicKey]),
        create(from, 165, rentAccount),
        create(to, 165, rentAccount),
        // InitializeAccount3 (18): mint, owner.
        token([18, ...payer.publicKey.toBytes()], [from.publicKey, mint.publicKey]),
        token([18, ...owner.toBytes()], [to.publicKey, mint.publicKey]),
        // MintTo (7) 10_000 units.
        token([7, ...u64(10_000n)], [mint.publicKey, from.publicKey], payer.publicKey),
      ],
      [mint, from, to],
    );
    // Transfer (3) 2_550 units.
    await sendAndConfirm([token([3, ...u64(2_550n)], [from.publicKey, to.publicKey], payer.publicKey)]);
    const balance = await connection.getTokenAccountBalance(to.publicKey);
    expect(balance.value).to.deep.include({ amount: "2550", decimals: 2, uiAmountString: "25.5" });
    const parsed = await connection.getParsedTokenAccountsByOwner(owner, { mint: mint.publicKey });
    expect(parsed.value.map((entry) => entry.pubkey.toBase58())).to.deep.equal([to.publicKey.toBase58()]);
    expect(parsed.value[0]?.account.data.parsed.info.tokenAmount.uiAmount).to.equal(25.5);
  });
});
