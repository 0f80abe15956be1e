/**
 * The SVM receiver deployed over the devnet's Solana RPC by the deploy library with a keypair file,
 * exactly as against a remote cluster; then a deposit through Anchor's `.rpc()` with the IDL, its
 * `Deposited` event seen over `logsSubscribe` (Anchor's event listener) and by the mock service's
 * SVM adapter over RPC, and the config read with `program.account.config.fetch`.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { AnchorProvider, BorshInstructionCoder, type Idl, Program, Wallet } from "@coral-xyz/anchor";
import {
  createKeyPairSignerFromBytes,
  createSolanaRpc,
  createSolanaRpcSubscriptions,
  generateKeyPairSigner,
  type KeyPairSigner,
} from "@solana/kit";
import { Connection, Keypair, PublicKey } from "@solana/web3.js";
import { expect } from "chai";
import { hexToBytes, zeroAddress } from "viem";
import { deployReceiver, rpcCluster } from "../../../src/deploy/svm.ts";
import { evmDevAccount } from "../../../src/devnet/accounts.ts";
import { type Devnet, startDevnet } from "../../../src/devnet/devnet.ts";
import { createServiceClient, SVM_CHAIN_ID, SVM_NATIVE_TOKEN, toBytes32Address } from "../../../src/index.ts";
import { buildSvmReceiverDepositInstruction } from "../../../src/receiver/index.ts";
import { createSvmChainAdapter } from "../../../src/service/chains/svm.ts";

const IDL = JSON.parse(
  readFileSync(new URL("../../../programs/idl/attested_receiver.json", import.meta.url), "utf8"),
) as Idl;

describe("SVM RPC: receiver deployed over RPC, deposit through Anchor", function () {
  this.timeout(180_000);
  let devnet: Devnet;
  let dir: string;
  let payer: KeyPairSigner;
  let payerKeypair: Keypair;
  let programId: string;

  before(async () => {
    devnet = await startDevnet({ svmSlotTimeMs: 50, indexerIntervalMs: 50 });
    dir = mkdtempSync(join(tmpdir(), "attestkit-svm-rpc-"));
    // A Solana CLI keypair file, funded over RPC.
    payerKeypair = Keypair.generate();
    const file = join(dir, "payer.json");
    writeFileSync(file, JSON.stringify([...payerKeypair.secretKey]));
    payer = await createKeyPairSignerFromBytes(
      Uint8Array.from(JSON.parse(readFileSync(file, "utf8")) as number[]),
    );
    const connection = new Connection(devnet.svm.rpcUrl, {
      commitment: "confirmed",
      wsEndpoint: devnet.svm.wsUrl,
    });
    const airdrop = await connection.requestAirdrop(new PublicKey(payer.address), 50_000_000_000);
    expect(
      (
        await connection.confirmTransaction({
          signature: airdrop,
          ...(await connection.getLatestBlockhash()),
        })
      ).value.err,
    ).to.equal(null);
  });
  after(async () => {
    await new Promise((resolve) => setTimeout(resolve, 700)); // web3.js closes its idle socket first
    await devnet?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it("deploys and initializes through loader-v3 buffer writes over RPC; Anchor fetches the config", async () => {
    const rpc = createSolanaRpc(devnet.svm.rpcUrl);
    const rpcSubscriptions = createSolanaRpcSubscriptions(devnet.svm.wsUrl);
    const program = await generateKeyPairSigner();
    const bob = evmDevAccount("bob").address;
    const deployed = await deployReceiver({
      cluster: rpcCluster(rpc, rpcSubscriptions),
      payer,
      program,
      init: {
        owner: payer.address,
        solverEvm: devnet.solver.evm,
        solverSvm: devnet.svm.accounts.solver.address,
        maxDeadlineWindow: 3600n,
        whitelist: [{ chainId: 8453n, user: hexToBytes(toBytes32Address(bob, 8453)) }],
      },
    });
    programId = deployed.programId;
    expect(deployed.transactions).to.be.greaterThan(3);
    const account = await rpc.getAccountInfo(deployed.programId, { encoding: "base64" }).send();
    expect(account.value?.executable).to.equal(true);
    expect(account.value?.owner).to.equal("BPFLoaderUpgradeab1e11111111111111111111111");

    const anchor = new Program({ ...IDL, address: programId }, anchorProvider());
    const config = (await (
      anchor.account as Record<string, { fetch(a: PublicKey): Promise<Record<string, unknown>> }>
    ).config!.fetch(new PublicKey(deployed.config))) as {
      owner: PublicKey;
      solverSvm: PublicKey;
      maxDeadlineWindow: { toString(): string };
    };
    expect(config.owner.toBase58()).to.equal(payer.address);
    expect(config.solverSvm.toBase58()).to.equal(devnet.svm.accounts.solver.address);
    expect(config.maxDeadlineWindow.toString()).to.equal("3600");
  });

  function anchorProvider(): AnchorProvider {
    const connection = new Connection(devnet.svm.rpcUrl, {
      commitment: "confirmed",
      wsEndpoint: devnet.svm.wsUrl,
    });
    return new AnchorProvider(connection, new Wallet(payerKeypair), { commitment: "confirmed" });
  }

  /**
   * Resolves once the subscriptions asked for on `connection` so far are live. web3.js sends them on its
   * one socket in the order they were asked for, and the devnet answers a socket's frames in order, so a
   * slot notification of a subscription asked for after them means they are registered: a transaction
   * sent before that could be processed before its logs subscription and never be notified.
   */
  function subscriptionsLive(connection: Connection): Promise<void> {
    return new Promise((resolve) => {
      const slots = connection.onSlotChange(() => {
        void connection.removeSlotChangeListener(slots);
        resolve();
      });
    });
  }

  it("a native deposit through Anchor's .rpc() emits Deposited, seen by logsSubscribe and the service's SVM adapter", async () => {
    expect(programId, "deployed by the previous test").to.be.a("string");
    const client = createServiceClient({ baseUrl: devnet.serviceUrl, apiKey: devnet.apiKey });
    const amount = 1_000_000_000n;
    const quote = await client.quoteV2({
      user: payer.address,
      recipient: evmDevAccount("bob").address,
      originChainId: SVM_CHAIN_ID,
      destinationChainId: 8453,
      originCurrency: SVM_NATIVE_TOKEN,
      destinationCurrency: zeroAddress,
      amount: amount.toString(),
      tradeType: "EXACT_INPUT",
    });
    const requestId = quote.steps[0]?.requestId as `0x${string}`;
    const { requestData, signature } = await client.getSignature(requestId);
    // The kit client derives the PDAs and the argument bytes; Anchor's coder reads them back as arguments.
    const solver = devnet.svm.accounts.solver.address;
    const built = await buildSvmReceiverDepositInstruction({
      programId: programId as never,
      payer: payer.address,
      requestId,
      requestData,
      signature: signature as `0x${string}`,
      deadline: BigInt(Math.floor(Date.now() / 1000) + 600),
      solver,
    });
    const anchor = new Program({ ...IDL, address: programId }, anchorProvider());
    const decoded = new BorshInstructionCoder(IDL).decode(Buffer.from(built.data as Uint8Array));
    expect(decoded?.name).to.be.oneOf(["depositNative", "deposit_native"]);
    const data = decoded?.data as Record<string, unknown>;
    const spec = IDL.instructions.find((i) => i.name === "deposit_native")!;
    const args = spec.args.map(
      (arg) => data[arg.name] ?? data[arg.name.replace(/_(.)/g, (_, c: string) => c.toUpperCase())],
    );
    const keys = (built.accounts ?? []).map((meta) => new PublicKey(meta.address));

    let listener = -1;
    const seen = new Promise<{ requestId: number[]; amount: { toString(): string } }>((resolve) => {
      listener = anchor.addEventListener("deposited", (event) => resolve(event as never));
    });
    try {
      await subscriptionsLive(anchor.provider.connection);
      await depositAndCheck();
    } finally {
      await anchor.removeEventListener(listener);
    }

    async function depositAndCheck() {
      const txSignature = await (
        anchor.methods as Record<
          string,
          (...a: unknown[]) => { accountsStrict(a: Record<string, PublicKey>): { rpc(): Promise<string> } }
        >
      ).depositNative!(...args)
        .accountsStrict({
          payer: keys[0]!,
          config: keys[1]!,
          whitelist: keys[2]!,
          replay: keys[3]!,
          solver: keys[4]!,
          systemProgram: keys[5]!,
        })
        .rpc();
      const event = await seen;
      expect(Buffer.from(event.requestId).toString("hex")).to.equal(requestId.slice(2));
      expect(event.amount.toString()).to.equal(amount.toString());

      const adapter = createSvmChainAdapter({
        rpcUrl: devnet.svm.rpcUrl,
        wsUrl: devnet.svm.wsUrl,
        solver: devnet.svm.accounts.solver,
        receiverProgram: programId as never,
      });
      try {
        let deposits: Awaited<ReturnType<typeof adapter.scan>> = [];
        for (let i = 0; i < 100 && deposits.length === 0; i++) {
          deposits = (await adapter.scan(0, await adapter.head())).filter((o) => o.txHash === txSignature);
          if (deposits.length === 0) await new Promise((resolve) => setTimeout(resolve, 50));
        }
        expect(deposits).to.have.length(1);
        expect(deposits[0]).to.include({
          kind: "deposit",
          requestId,
          from: payer.address,
          amount: amount.toString(),
          currency: SVM_NATIVE_TOKEN,
          via: "receiver-event",
        });
      } finally {
        adapter.close();
      }
    }
  });
});
