/**
 * Fidelity, through @solana/kit's RPC and subscriptions clients: each RPC and subscription method
 * that makes sense on a single-node chain, over the devnet's endpoints, with results checked —
 * blocks, cluster and epoch facts, supply, token supply/holders/delegates, parsed transactions, and
 * program, root, slotsUpdates and block notifications.
 */
import { readFileSync } from "node:fs";
import {
  appendTransactionMessageInstructions,
  createSolanaRpcSubscriptions_UNSTABLE,
  createTransactionMessage,
  generateKeyPairSigner,
  getSignatureFromTransaction,
  type KeyPairSigner,
  lamports,
  pipe,
  type Signature,
  sendAndConfirmTransactionFactory,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  signTransactionMessageWithSigners,
} from "@solana/kit";
import { getTransferSolInstruction } from "@solana-program/system";
import { expect } from "chai";
import { ATTESTED_RECEIVER_PROGRAM_ADDRESS } from "../../src/receiver/generated/programs/attestedReceiver.ts";
import { type RpcChain, startRpcChain } from "./svm-rpc/chain.ts";

describe("fidelity: @solana/kit RPC and subscriptions against the devnet's Solana RPC", function () {
  this.timeout(120_000);
  let chain: RpcChain;
  let payer: KeyPairSigner;
  let signature: Signature;
  let slot: bigint;

  async function transfer(to: KeyPairSigner["address"], amount: bigint) {
    const { value: latest } = await chain.rpc.getLatestBlockhash({ commitment: "confirmed" }).send();
    const tx = await pipe(
      createTransactionMessage({ version: 0 }),
      (m) => setTransactionMessageFeePayerSigner(payer, m),
      (m) => setTransactionMessageLifetimeUsingBlockhash(latest, m),
      (m) =>
        appendTransactionMessageInstructions(
          [getTransferSolInstruction({ source: payer, destination: to, amount: lamports(amount) })],
          m,
        ),
      (m) => signTransactionMessageWithSigners(m),
    );
    const send = sendAndConfirmTransactionFactory({
      rpc: chain.rpc,
      rpcSubscriptions: chain.rpcSubscriptions,
    } as Parameters<typeof sendAndConfirmTransactionFactory>[0]);
    await send(tx as Parameters<typeof send>[0], { commitment: "confirmed" });
    return getSignatureFromTransaction(tx);
  }

  before(async () => {
    chain = await startRpcChain();
    payer = await chain.funded(5n);
    signature = await transfer((await generateKeyPairSigner()).address, 1_000_000n);
    const tx = await chain.rpc
      .getTransaction(signature, {
        commitment: "confirmed",
        encoding: "json",
        maxSupportedTransactionVersion: 0,
      })
      .send();
    slot = tx?.slot ?? -1n;
  });
  after(() => chain?.close());

  it("getTransaction under jsonParsed: parsed system transfer, keys with roles", async () => {
    const tx = await chain.rpc
      .getTransaction(signature, {
        commitment: "confirmed",
        encoding: "jsonParsed",
        maxSupportedTransactionVersion: 0,
      })
      .send();
    const [instruction] = tx?.transaction.message.instructions ?? [];
    expect(instruction).to.deep.include({ program: "system" });
    expect((instruction as { parsed: { type: string } }).parsed.type).to.equal("transfer");
    expect(tx?.transaction.message.accountKeys[0]).to.deep.include({ pubkey: payer.address, signer: true });
  });

  it("blocks: getBlock, getBlocks, getBlocksWithLimit, getBlockTime, getBlockCommitment, getFirstAvailableBlock, minimumLedgerSlot", async () => {
    const block = await chain.rpc
      .getBlock(slot, {
        commitment: "confirmed",
        maxSupportedTransactionVersion: 0,
        transactionDetails: "signatures",
      })
      .send();
    expect(block?.signatures).to.include(signature);
    expect(block?.parentSlot).to.equal(slot - 1n);
    const previous = await chain.rpc
      .getBlock(slot - 1n, { commitment: "confirmed", transactionDetails: "none", rewards: false })
      .send();
    expect(block?.previousBlockhash).to.equal(previous?.blockhash);
    expect(await chain.rpc.getBlocks(slot - 1n, slot, { commitment: "confirmed" }).send()).to.deep.equal([
      slot - 1n,
      slot,
    ]);
    expect(await chain.rpc.getBlocksWithLimit(slot, 1, { commitment: "confirmed" }).send()).to.deep.equal([
      slot,
    ]);
    expect(await chain.rpc.getBlockTime(slot).send()).to.equal(block?.blockTime);
    expect((await chain.rpc.getBlockCommitment(slot).send()).totalStake).to.equal(0n);
    const first = await chain.rpc.getFirstAvailableBlock().send();
    expect(await chain.rpc.minimumLedgerSlot().send()).to.equal(first);
    let unavailable = "";
    try {
      await chain.rpc.getBlock(slot + 1_000_000n, { commitment: "confirmed" }).send();
    } catch (error) {
      unavailable = String(
        (error as { context?: { __code?: number } }).context?.__code ?? (error as Error).message,
      );
    }
    expect(unavailable).to.match(/-32004|Block not available/);
  });

  it("cluster: getEpochInfo, getEpochSchedule, getTransactionCount, leaders, nodes, votes, inflation, samples, production, snapshot", async () => {
    const info = await chain.rpc.getEpochInfo().send();
    expect(info.transactionCount).to.be.a("bigint");
    expect((await chain.rpc.getEpochSchedule().send()).slotsPerEpoch).to.equal(info.slotsInEpoch);
    expect(Number(await chain.rpc.getTransactionCount({ commitment: "confirmed" }).send())).to.be.at.least(2);
    const { identity } = await chain.rpc.getIdentity().send();
    expect(await chain.rpc.getSlotLeader().send()).to.equal(identity);
    expect(await chain.rpc.getSlotLeaders(slot, 2).send()).to.deep.equal([identity, identity]);
    expect((await chain.rpc.getClusterNodes().send())[0]?.pubkey).to.equal(identity);
    expect(await chain.rpc.getVoteAccounts().send()).to.deep.equal({ current: [], delinquent: [] });
    expect((await chain.rpc.getInflationGovernor().send()).terminal).to.be.a("number");
    expect((await chain.rpc.getInflationRate().send()).epoch).to.be.a("bigint");
    expect(await chain.rpc.getInflationReward([payer.address]).send()).to.deep.equal([null]);
    expect((await chain.rpc.getStakeMinimumDelegation().send()).value).to.equal(1n);
    const [sample] = await chain.rpc.getRecentPerformanceSamples(1).send();
    expect(Number(sample?.numTransactions)).to.be.at.least(1);
    const production = await chain.rpc.getBlockProduction().send();
    expect(production.value.byIdentity[identity]).to.have.length(2);
    expect(await chain.rpc.getMaxRetransmitSlot().send()).to.be.a("bigint");
    expect(await chain.rpc.getMaxShredInsertSlot().send()).to.be.a("bigint");
    let snapshot = "";
    try {
      await chain.rpc.getHighestSnapshotSlot().send();
    } catch (error) {
      snapshot = (error as Error).message;
    }
    expect(snapshot).to.match(/-32008|No snapshot/);
  });

  it("supply and tokens: getSupply, getLargestAccounts, getTokenSupply, getTokenLargestAccounts, getTokenAccountsByDelegate", async () => {
    const supply = await chain.rpc.getSupply().send();
    expect(supply.value.total).to.equal(supply.value.circulating);
    const largest = await chain.rpc.getLargestAccounts().send();
    expect(Number(largest.value[0]?.lamports)).to.be.at.least(Number(largest.value.at(-1)?.lamports));
    const tokenSupply = await chain.rpc.getTokenSupply(chain.usdcMint).send();
    expect(tokenSupply.value.decimals).to.equal(6);
    const holders = await chain.rpc.getTokenLargestAccounts(chain.usdcMint).send();
    expect(holders.value.reduce((sum, h) => sum + BigInt(h.amount), 0n)).to.equal(
      BigInt(tokenSupply.value.amount),
    );
    const delegated = await chain.rpc
      .getTokenAccountsByDelegate(payer.address, { mint: chain.usdcMint }, { encoding: "base64" })
      .send();
    expect(delegated.value).to.deep.equal([]);
    const mint = await chain.rpc.getAccountInfo(chain.usdcMint, { encoding: "jsonParsed" }).send();
    const parsed = mint.value?.data as { parsed: { type: string } } | undefined;
    expect(parsed?.parsed.type).to.equal("mint");
  });

  it("the receiver is deployed at the shipped IDL's (and codama client's) program address: Anchor clients need no override", async () => {
    const idl = JSON.parse(
      readFileSync(new URL("../../programs/idl/attested_receiver.json", import.meta.url), "utf8"),
    );
    expect(idl.address).to.equal(ATTESTED_RECEIVER_PROGRAM_ADDRESS);
    const program = await chain.rpc
      .getAccountInfo(ATTESTED_RECEIVER_PROGRAM_ADDRESS, { encoding: "base64", commitment: "confirmed" })
      .send();
    expect(program.value?.executable).to.equal(true);
    expect(program.value?.owner).to.equal("BPFLoaderUpgradeab1e11111111111111111111111");
  });

  it("subscriptions: programNotifications, rootNotifications, slotsUpdatesNotifications, blockNotifications", async () => {
    const abort = new AbortController();
    try {
      const target = await generateKeyPairSigner();
      const program = await chain.rpcSubscriptions
        .programNotifications("11111111111111111111111111111111" as KeyPairSigner["address"], {
          commitment: "confirmed",
          encoding: "base64",
        })
        .subscribe({ abortSignal: abort.signal });
      const root = await chain.rpcSubscriptions.rootNotifications().subscribe({ abortSignal: abort.signal });
      const unstable = createSolanaRpcSubscriptions_UNSTABLE(chain.wsUrl);
      const updates = await unstable.slotsUpdatesNotifications().subscribe({ abortSignal: abort.signal });
      const blocks = await unstable
        .blockNotifications(
          { mentionsAccountOrProgram: target.address },
          {
            commitment: "confirmed",
            transactionDetails: "signatures",
            maxSupportedTransactionVersion: 0,
          },
        )
        .subscribe({ abortSignal: abort.signal });
      // kit's iterables deliver what arrives once iteration has started: start them all, then send.
      const firstOf = async <T>(iterable: AsyncIterable<T>, accept: (value: T) => boolean = () => true) => {
        for await (const value of iterable) if (accept(value)) return value;
        return undefined;
      };
      const programSeen = firstOf(program, (n) => n.value.pubkey === target.address);
      const rootSeen = firstOf(root);
      const updateSeen = firstOf(updates);
      const blockSeen = firstOf(blocks);
      const sent = await transfer(target.address, 2_000_000n);
      expect((await programSeen)?.value.account.lamports).to.equal(2_000_000n);
      expect(await rootSeen).to.be.a("bigint");
      expect((await updateSeen)?.type).to.be.oneOf([
        "frozen",
        "optimisticConfirmation",
        "createdBank",
        "root",
      ]);
      expect((await blockSeen)?.value.block?.signatures).to.include(sent);
    } finally {
      abort.abort();
    }
  });
});
