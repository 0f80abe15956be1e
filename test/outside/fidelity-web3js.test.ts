/**
 * Fidelity, through @solana/web3.js 1.x (which validates every response against its schemas): each
 * `Connection` method that makes sense on a single-node chain, called over the devnet's HTTP and
 * PubSub endpoints, answers what web3.js accepts and what a validator would answer — parsed
 * transactions and blocks, epoch and cluster information, supply, token supply and holders, parsed
 * mints, simulation with post-state accounts and inner instructions, address lookup tables created
 * from `getSlot()`, durable-nonce transactions, and program, root and slot-update subscriptions.
 */
import {
  AddressLookupTableProgram,
  Connection,
  Keypair,
  NONCE_ACCOUNT_LENGTH,
  type ParsedTransaction,
  PublicKey,
  SystemProgram,
  type TransactionInstruction,
  TransactionMessage,
  VersionedTransaction,
} from "@solana/web3.js";
import { expect } from "chai";
import { type RpcChain, startRpcChain } from "./svm-rpc/chain.ts";

const until = async <T>(what: string, probe: () => Promise<T | undefined>, tries = 100): Promise<T> => {
  for (let i = 0; i < tries; i++) {
    const value = await probe();
    if (value !== undefined) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`timed out waiting for ${what}`);
};

describe("fidelity: @solana/web3.js Connection against the devnet's Solana RPC", function () {
  this.timeout(120_000);
  let chain: RpcChain;
  let connection: Connection;
  let payer: Keypair;
  let transfer: string;
  let recipient: PublicKey;

  async function send(instructions: TransactionInstruction[], signers: Keypair[] = [], blockhash?: string) {
    const latest = await connection.getLatestBlockhash();
    const tx = new VersionedTransaction(
      new TransactionMessage({
        payerKey: payer.publicKey,
        recentBlockhash: blockhash ?? latest.blockhash,
        instructions,
      }).compileToV0Message(),
    );
    tx.sign([payer, ...signers]);
    const signature = await connection.sendRawTransaction(tx.serialize());
    await until("confirmation", async () => {
      const { value } = await connection.getSignatureStatus(signature);
      return value?.confirmationStatus === "confirmed" || value?.confirmationStatus === "finalized"
        ? value
        : undefined;
    });
    return signature;
  }

  before(async () => {
    chain = await startRpcChain();
    connection = new Connection(chain.rpcUrl, { commitment: "confirmed", wsEndpoint: chain.wsUrl });
    payer = Keypair.generate();
    const airdrop = await connection.requestAirdrop(payer.publicKey, 5_000_000_000);
    await until("airdrop", async () =>
      (await connection.getBalance(payer.publicKey)) > 0 ? true : undefined,
    );
    expect(airdrop).to.be.a("string");
    recipient = Keypair.generate().publicKey;
    transfer = await send([
      SystemProgram.transfer({ fromPubkey: payer.publicKey, toPubkey: recipient, lamports: 1_000_000 }),
    ]);
  });
  after(async () => {
    await new Promise((resolve) => setTimeout(resolve, 700));
    await chain?.close();
  });

  it("getParsedTransaction(s): the transfer parsed by the system parser, with keys' roles", async () => {
    const parsed = await connection.getParsedTransaction(transfer, { maxSupportedTransactionVersion: 0 });
    const instruction = parsed?.transaction.message.instructions[0];
    expect(instruction).to.have.property("program", "system");
    expect((instruction as { parsed: unknown }).parsed).to.deep.equal({
      type: "transfer",
      info: { source: payer.publicKey.toBase58(), destination: recipient.toBase58(), lamports: 1_000_000 },
    });
    expect(parsed?.transaction.message.accountKeys[0]).to.deep.include({ signer: true, writable: true });
    const many = await connection.getParsedTransactions([transfer], { maxSupportedTransactionVersion: 0 });
    expect(many[0]?.slot).to.equal(parsed?.slot);
  });

  it("getEpochInfo counts transactions; getEpochSchedule, getTransactionCount agree", async () => {
    const info = await connection.getEpochInfo();
    expect(info.transactionCount).to.be.a("number").and.at.least(2);
    const schedule = await connection.getEpochSchedule();
    expect(info.slotsInEpoch).to.equal(schedule.slotsPerEpoch);
    expect(await connection.getTransactionCount()).to.be.at.least(info.transactionCount ?? 0);
  });

  it("getBlock, getParsedBlock, getBlocks, getBlockTime, getBlockSignatures for the transfer's slot", async () => {
    const { slot } = (await connection.getTransaction(transfer, { maxSupportedTransactionVersion: 0 })) ?? {};
    expect(slot).to.be.a("number");
    const block = await connection.getBlock(slot as number, { maxSupportedTransactionVersion: 0 });
    expect(block?.transactions.map((tx) => tx.transaction.signatures[0])).to.include(transfer);
    const parsedBlock = await connection.getParsedBlock(slot as number, {
      maxSupportedTransactionVersion: 0,
      transactionDetails: "full",
    });
    const first = parsedBlock.transactions[0]?.transaction as ParsedTransaction | undefined;
    expect(first?.message.instructions[0]).to.have.property("program", "system");
    const blocks = await connection.getBlocks((slot as number) - 2, slot as number);
    expect(blocks).to.include(slot);
    expect(await connection.getBlockTime(slot as number)).to.equal(block?.blockTime);
    const signatures = await connection.getBlockSignatures(slot as number);
    expect(signatures.signatures).to.include(transfer);
    const firstAvailable = await connection.getFirstAvailableBlock();
    expect(await connection.getMinimumLedgerSlot()).to.equal(firstAvailable);
  });

  it("getSupply, getLargestAccounts, getSlotLeader(s), getClusterNodes, getVoteAccounts, inflation, stake minimum, samples, block production", async () => {
    const supply = await connection.getSupply();
    expect(supply.value.total).to.be.greaterThan(0);
    const largest = await connection.getLargestAccounts();
    expect(largest.value.length).to.be.within(1, 20);
    const leader = await connection.getSlotLeader();
    expect(await connection.getSlotLeaders(await connection.getSlot(), 3)).to.have.length(3);
    expect((await connection.getClusterNodes())[0]?.pubkey).to.equal(leader);
    expect((await connection.getVoteAccounts()).current).to.deep.equal([]);
    expect((await connection.getInflationGovernor()).initial).to.be.a("number");
    expect((await connection.getInflationRate()).total).to.be.a("number");
    expect(await connection.getInflationReward([payer.publicKey])).to.deep.equal([null]);
    expect(await connection.getStakeMinimumDelegation()).to.have.nested.property("value");
    expect((await connection.getRecentPerformanceSamples(2)).length).to.be.within(1, 2);
    expect((await connection.getBlockProduction()).value.byIdentity).to.have.property(leader);
  });

  it("getTokenSupply, getTokenLargestAccounts and a jsonParsed mint (getParsedAccountInfo)", async () => {
    const mint = new PublicKey(chain.usdcMint);
    const supply = await connection.getTokenSupply(mint);
    expect(supply.value.decimals).to.equal(6);
    const holders = await connection.getTokenLargestAccounts(mint);
    expect(holders.value.length).to.be.greaterThan(0);
    const total = holders.value.reduce((sum, holder) => sum + BigInt(holder.amount), 0n);
    expect(total).to.equal(BigInt(supply.value.amount));
    const parsed = await connection.getParsedAccountInfo(mint);
    const data = parsed.value?.data as
      | { program: string; parsed: { type: string; info: { supply: string; decimals: number } } }
      | undefined;
    expect(data?.program).to.equal("spl-token");
    expect(data?.parsed.type).to.equal("mint");
    expect(data?.parsed.info).to.deep.include({ supply: supply.value.amount, decimals: 6 });
  });

  it("simulateTransaction: post-state accounts, inner instructions, an unknown blockhash as result.err", async () => {
    const target = Keypair.generate().publicKey;
    const { blockhash } = await connection.getLatestBlockhash();
    const message = new TransactionMessage({
      payerKey: payer.publicKey,
      recentBlockhash: blockhash,
      instructions: [
        SystemProgram.transfer({ fromPubkey: payer.publicKey, toPubkey: target, lamports: 2_000_000 }),
      ],
    }).compileToV0Message();
    const tx = new VersionedTransaction(message);
    tx.sign([payer]);
    const simulated = await connection.simulateTransaction(tx, {
      accounts: { addresses: [target.toBase58()], encoding: "base64" },
      innerInstructions: true,
    });
    expect(simulated.value.err).to.equal(null);
    expect(simulated.value.accounts?.[0]?.lamports, "post-state, not pre-state").to.equal(2_000_000);
    expect(simulated.value.innerInstructions).to.deep.equal([]);
    const stale = new VersionedTransaction(
      new TransactionMessage({
        ...message,
        payerKey: payer.publicKey,
        recentBlockhash: Keypair.generate().publicKey.toBase58(),
        instructions: [
          SystemProgram.transfer({ fromPubkey: payer.publicKey, toPubkey: target, lamports: 1 }),
        ],
      }).compileToV0Message(),
    );
    stale.sign([payer]);
    const unknown = await connection.simulateTransaction(stale);
    expect(unknown.value.err).to.equal("BlockhashNotFound");
  });

  it("sendTransaction with an unknown blockhash fails with the validator's text, so retry logic matching it fires", async () => {
    const tx = new VersionedTransaction(
      new TransactionMessage({
        payerKey: payer.publicKey,
        recentBlockhash: Keypair.generate().publicKey.toBase58(),
        instructions: [
          SystemProgram.transfer({ fromPubkey: payer.publicKey, toPubkey: recipient, lamports: 1 }),
        ],
      }).compileToV0Message(),
    );
    tx.sign([payer]);
    let message = "";
    try {
      await connection.sendRawTransaction(tx.serialize());
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).to.match(/Transaction simulation failed: Blockhash not found/);
  });

  it("an address lookup table created the normal way, from getSlot() (SlotHashes holds the recent slots)", async () => {
    const recentSlot = await connection.getSlot("finalized");
    const [create, table] = AddressLookupTableProgram.createLookupTable({
      authority: payer.publicKey,
      payer: payer.publicKey,
      recentSlot,
    });
    await send([create]);
    const lookup = await connection.getAddressLookupTable(table);
    expect(lookup.value?.state.authority?.toBase58()).to.equal(payer.publicKey.toBase58());
  });

  it("a durable-nonce transaction lands and advances the nonce", async () => {
    const nonce = Keypair.generate();
    const rent = await connection.getMinimumBalanceForRentExemption(NONCE_ACCOUNT_LENGTH);
    await send(
      SystemProgram.createNonceAccount({
        fromPubkey: payer.publicKey,
        noncePubkey: nonce.publicKey,
        authorizedPubkey: payer.publicKey,
        lamports: rent,
      }).instructions,
      [nonce],
    );
    const stored = await connection.getNonce(nonce.publicKey);
    expect(stored?.nonce).to.be.a("string");
    const advance = SystemProgram.nonceAdvance({
      noncePubkey: nonce.publicKey,
      authorizedPubkey: payer.publicKey,
    });
    const target = Keypair.generate().publicKey;
    await send(
      [
        advance,
        SystemProgram.transfer({ fromPubkey: payer.publicKey, toPubkey: target, lamports: 1_000_000 }),
      ],
      [],
      stored?.nonce,
    );
    expect(await connection.getBalance(target)).to.equal(1_000_000);
    expect((await connection.getNonce(nonce.publicKey))?.nonce).to.not.equal(stored?.nonce);
  });

  it("subscriptions: onProgramAccountChange, onRootChange, onSlotUpdate deliver notifications", async () => {
    const target = Keypair.generate().publicKey;
    const program = new Promise<string>((resolve) => {
      const id = connection.onProgramAccountChange(
        SystemProgram.programId,
        (info) => {
          if (info.accountId.equals(target)) {
            connection.removeProgramAccountChangeListener(id);
            resolve(info.accountId.toBase58());
          }
        },
        { commitment: "confirmed" },
      );
    });
    const root = new Promise<number>((resolve) => {
      const id = connection.onRootChange((slot) => {
        connection.removeRootChangeListener(id);
        resolve(slot);
      });
    });
    const update = new Promise<string>((resolve) => {
      const id = connection.onSlotUpdate((notification) => {
        connection.removeSlotUpdateListener(id);
        resolve(notification.type);
      });
    });
    await new Promise((resolve) => setTimeout(resolve, 200));
    await send([
      SystemProgram.transfer({ fromPubkey: payer.publicKey, toPubkey: target, lamports: 1_000_000 }),
    ]);
    expect(await program).to.equal(target.toBase58());
    expect(await root).to.be.a("number");
    expect(await update).to.be.oneOf(["frozen", "optimisticConfirmation", "createdBank", "root"]);
  });
});
