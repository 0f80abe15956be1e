/**
 * Account reads at each commitment, through real clients over the devnet's Solana RPC: a read at
 * `confirmed` or `finalized` serves the state as of that commitment's slot (the response's context
 * slot), `processed` the latest, as Agave does. Found by web3.js's durable-nonce confirmation, which
 * reads the nonce account at the confirmation's commitment and gave up on a transaction that
 * succeeded when the nonce already read advanced. The SlotHashes sysvar is full from the first slot.
 */
import {
  address,
  appendTransactionMessageInstructions,
  type Commitment,
  createTransactionMessage,
  generateKeyPairSigner,
  getBase64EncodedWireTransaction,
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
import {
  Connection,
  Keypair,
  NONCE_ACCOUNT_LENGTH,
  SystemProgram,
  type TransactionInstruction,
  TransactionMessage,
  VersionedTransaction,
} from "@solana/web3.js";
import { getCreateAccountInstruction, getTransferSolInstruction } from "@solana-program/system";
import {
  findAssociatedTokenPda,
  getCreateAssociatedTokenIdempotentInstruction,
  getInitializeMint2Instruction,
  getMintSize,
  getMintToInstruction,
  TOKEN_PROGRAM_ADDRESS,
} from "@solana-program/token";
import { expect } from "chai";
import { type RpcChain, startRpcChain } from "./chain.ts";

const LEVELS: Commitment[] = ["processed", "confirmed", "finalized"];
const SLOT_HASHES = address("SysvarS1otHashes111111111111111111111111111");

describe("SVM RPC: account reads serve the state of their commitment", function () {
  this.timeout(120_000);

  describe("@solana/web3.js durable-nonce confirmation", () => {
    let chain: RpcChain;
    // Slots of one second: the confirmation starts well inside the transaction's slot.
    before(async () => {
      chain = await startRpcChain(1000);
    });
    after(async () => {
      // web3.js closes its idle PubSub socket after 500 ms; the chain stops after that.
      await new Promise((resolve) => setTimeout(resolve, 700));
      await chain?.close();
    });

    it("confirmTransaction with the durable-nonce strategy confirms a nonce transaction that succeeded (no TransactionExpiredNonceInvalidError)", async () => {
      const connection = new Connection(chain.rpcUrl, { commitment: "confirmed", wsEndpoint: chain.wsUrl });
      const payer = Keypair.generate();
      const airdrop = await connection.requestAirdrop(payer.publicKey, 2_000_000_000);
      const airdropBlock = await connection.getLatestBlockhash("processed");
      await connection.confirmTransaction({ signature: airdrop, ...airdropBlock }, "confirmed");

      const nonce = Keypair.generate();
      const rent = await connection.getMinimumBalanceForRentExemption(NONCE_ACCOUNT_LENGTH);
      const send = (blockhash: string, signers: Keypair[], instructions: TransactionInstruction[]) => {
        const tx = new VersionedTransaction(
          new TransactionMessage({
            payerKey: payer.publicKey,
            recentBlockhash: blockhash,
            instructions,
          }).compileToV0Message(),
        );
        tx.sign([payer, ...signers]);
        return connection.sendRawTransaction(tx.serialize());
      };
      const latest = await connection.getLatestBlockhash("confirmed");
      const create = await send(
        latest.blockhash,
        [nonce],
        SystemProgram.createNonceAccount({
          fromPubkey: payer.publicKey,
          noncePubkey: nonce.publicKey,
          authorizedPubkey: payer.publicKey,
          lamports: rent,
        }).instructions,
      );
      await connection.confirmTransaction({ signature: create, ...latest }, "confirmed");

      const { context, value: stored } = await connection.getNonceAndContext(nonce.publicKey, "confirmed");
      const nonceValue = stored?.nonce as string;
      const target = Keypair.generate().publicKey;
      const signature = await send(
        nonceValue,
        [],
        [
          SystemProgram.nonceAdvance({ noncePubkey: nonce.publicKey, authorizedPubkey: payer.publicKey }),
          SystemProgram.transfer({ fromPubkey: payer.publicKey, toPubkey: target, lamports: 1_000_000 }),
        ],
      );
      // The transaction ran (processed) and advanced the nonce in the open slot.
      expect((await connection.getNonce(nonce.publicKey, "processed"))?.nonce).to.not.equal(nonceValue);

      const confirmed = await connection.confirmTransaction(
        { signature, nonceAccountPubkey: nonce.publicKey, nonceValue, minContextSlot: context.slot },
        "confirmed",
      );
      expect(confirmed.value.err).to.equal(null);
      expect(await connection.getBalance(target, "confirmed")).to.equal(1_000_000);
      expect((await connection.getNonce(nonce.publicKey, "confirmed"))?.nonce).to.not.equal(nonceValue);
    });
  });

  describe("@solana/kit reads at processed, confirmed and finalized", () => {
    let chain: RpcChain;
    let alice: KeyPairSigner;
    before(async () => {
      chain = await startRpcChain(200);
      alice = await chain.funded(10n);
    });
    after(() => chain?.close());

    async function signed(instructions: Instruction[]) {
      const { value: lifetime } = await chain.rpc.getLatestBlockhash({ commitment: "confirmed" }).send();
      return signTransactionMessageWithSigners(
        pipe(
          createTransactionMessage({ version: 0 }),
          (m) => setTransactionMessageFeePayerSigner(alice, m),
          (m) => setTransactionMessageLifetimeUsingBlockhash(lifetime, m),
          (m) => appendTransactionMessageInstructions(instructions, m),
        ),
      );
    }

    it("the SlotHashes sysvar holds 512 entries from the first slot, newest first", async () => {
      const fresh = await startRpcChain(200);
      try {
        const { value } = await fresh.rpc
          .getAccountInfo(SLOT_HASHES, { commitment: "processed", encoding: "base64" })
          .send();
        // Layout: u64 count, then (u64 slot, 32-byte hash) per entry.
        const data = Buffer.from(value?.data[0] ?? "", "base64");
        const count = Number(data.readBigUInt64LE(0));
        expect(count).to.equal(512);
        const slots = Array.from({ length: count }, (_, i) => data.readBigUInt64LE(8 + i * 40));
        const open = await fresh.rpc.getSlot({ commitment: "processed" }).send();
        expect((slots[0] as bigint) <= open).to.equal(true);
        slots.forEach((slot, i) => {
          expect(slot).to.equal((slots[0] as bigint) - BigInt(i));
        });
      } finally {
        await fresh.close();
      }
    });

    it("getBalance, getAccountInfo, getMultipleAccounts, token and program account reads show a transaction from its commitment on", async () => {
      const mint = await generateKeyPairSigner();
      const space = BigInt(getMintSize());
      const rent = await chain.rpc.getMinimumBalanceForRentExemption(space).send();
      const [ata] = await findAssociatedTokenPda({
        owner: alice.address,
        mint: mint.address,
        tokenProgram: TOKEN_PROGRAM_ADDRESS,
      });
      const setup = await signed([
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
          ata,
          owner: alice.address,
          mint: mint.address,
        }),
        getMintToInstruction({ mint: mint.address, token: ata, mintAuthority: alice, amount: 100n }),
      ]);
      const confirm = sendAndConfirmTransactionFactory(
        chain as Parameters<typeof sendAndConfirmTransactionFactory>[0],
      );
      await confirm(setup as Parameters<typeof confirm>[0], { commitment: "finalized" });

      const bob = (await generateKeyPairSigner()).address;
      const change = await signed([
        getTransferSolInstruction({ source: alice, destination: bob, amount: lamports(7_000_000n) }),
        getMintToInstruction({ mint: mint.address, token: ata, mintAuthority: alice, amount: 50n }),
      ]);
      await chain.rpc.sendTransaction(getBase64EncodedWireTransaction(change), { encoding: "base64" }).send();
      const [status] = (await chain.rpc.getSignatureStatuses([getSignatureFromTransaction(change)]).send())
        .value;
      const landed = status?.slot as bigint;

      // Each read is judged against its own context slot: it shows the change iff the slot has it.
      const reads = (commitment: Commitment) => ({
        balance: async () => {
          const { context, value } = await chain.rpc.getBalance(bob, { commitment }).send();
          return { slot: context.slot, changed: value === 7_000_000n };
        },
        accountInfo: async () => {
          const { context, value } = await chain.rpc
            .getAccountInfo(bob, { commitment, encoding: "base64" })
            .send();
          return { slot: context.slot, changed: value !== null };
        },
        multipleAccounts: async () => {
          const { context, value } = await chain.rpc
            .getMultipleAccounts([bob, alice.address], { commitment, encoding: "base64" })
            .send();
          return { slot: context.slot, changed: value[0] !== null };
        },
        tokenBalance: async () => {
          const { context, value } = await chain.rpc.getTokenAccountBalance(ata, { commitment }).send();
          return { slot: context.slot, changed: value.amount === "150" };
        },
        tokenAccountsByOwner: async () => {
          const { context, value } = await chain.rpc
            .getTokenAccountsByOwner(
              alice.address,
              { mint: mint.address },
              { commitment, encoding: "jsonParsed" },
            )
            .send();
          const parsed = value[0]?.account.data as unknown as {
            parsed: { info: { tokenAmount: { amount: string } } };
          };
          return { slot: context.slot, changed: parsed.parsed.info.tokenAmount.amount === "150" };
        },
        programAccounts: async () => {
          const { context, value } = await chain.rpc
            .getProgramAccounts(TOKEN_PROGRAM_ADDRESS, {
              commitment,
              encoding: "base64",
              withContext: true,
              filters: [{ memcmp: { offset: 0n, bytes: mint.address as never, encoding: "base58" } }],
            })
            .send();
          const data = Buffer.from(value[0]?.account.data[0] ?? "", "base64");
          return { slot: context.slot, changed: data.readBigUInt64LE(64) === 150n };
        },
      });

      const seen = new Map<Commitment, { before: number; after: number }>(
        LEVELS.map((level) => [level, { before: 0, after: 0 }]),
      );
      for (let round = 0; round < 200; round++) {
        for (const level of LEVELS) {
          for (const [name, read] of Object.entries(reads(level))) {
            const { slot, changed } = await read();
            expect(changed, `${name} at ${level}, context slot ${slot}, landed in ${landed}`).to.equal(
              slot >= landed,
            );
            const count = seen.get(level) as { before: number; after: number };
            if (changed) count.after++;
            else count.before++;
          }
        }
        if ((seen.get("finalized")?.after ?? 0) > 0) break;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      // Confirmed and finalized reads were seen both before and after the change reached them.
      expect(seen.get("processed")?.before).to.equal(0);
      for (const level of ["confirmed", "finalized"] as const) {
        expect(seen.get(level)?.before, level).to.be.greaterThan(0);
        expect(seen.get(level)?.after, level).to.be.greaterThan(0);
      }
    });
  });
});
