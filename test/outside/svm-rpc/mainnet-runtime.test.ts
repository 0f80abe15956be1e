/**
 * The devnet's SVM chain runs as mainnet does, seen over its RPC with @solana/web3.js: rent is a
 * validator's (getMinimumBalanceForRentExemption agrees with the Rent sysvar and with mainnet's
 * figures), and a transaction may lock at most 64 accounts, mainnet's limit (the devnet runs
 * mainnet's feature set, without `increase_tx_account_lock_limit`, which would raise it to 128).
 */
import {
  AddressLookupTableProgram,
  Connection,
  Keypair,
  PublicKey,
  SendTransactionError,
  SystemProgram,
  type TransactionInstruction,
  TransactionMessage,
  VersionedTransaction,
} from "@solana/web3.js";
import { expect } from "chai";
import fc from "fast-check";
import { type RpcChain, startRpcChain } from "./chain.ts";

const RENT_SYSVAR = "SysvarRent111111111111111111111111111111111";
/** Agave's `ACCOUNT_STORAGE_OVERHEAD`: bytes of metadata rent is charged for besides the data. */
const ACCOUNT_STORAGE_OVERHEAD = 128;

describe("SVM RPC: mainnet's rent and feature set", function () {
  this.timeout(120_000);
  let chain: RpcChain;
  let connection: Connection;
  let payer: Keypair;

  async function send(
    instructions: TransactionInstruction[],
    tables: Parameters<TransactionMessage["compileToV0Message"]>[0] = [],
  ) {
    const { blockhash } = await connection.getLatestBlockhash("confirmed");
    const tx = new VersionedTransaction(
      new TransactionMessage({
        payerKey: payer.publicKey,
        recentBlockhash: blockhash,
        instructions,
      }).compileToV0Message(tables),
    );
    tx.sign([payer]);
    const signature = await connection.sendRawTransaction(tx.serialize());
    for (let i = 0; i < 200; i++) {
      const { value } = await connection.getSignatureStatus(signature);
      if (value?.confirmationStatus === "confirmed" || value?.confirmationStatus === "finalized")
        return value;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    throw new Error(`${signature} not confirmed`);
  }

  before(async () => {
    chain = await startRpcChain();
    connection = new Connection(chain.rpcUrl, { commitment: "confirmed", wsEndpoint: chain.wsUrl });
    payer = Keypair.generate();
    await connection.requestAirdrop(payer.publicKey, 10_000_000_000);
    for (let i = 0; i < 200 && (await connection.getBalance(payer.publicKey)) === 0; i++) {
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  });
  after(async () => {
    await new Promise((resolve) => setTimeout(resolve, 700));
    await chain?.close();
  });

  it("rent: getMinimumBalanceForRentExemption is the Rent sysvar's formula and mainnet's figures", async () => {
    const sysvar = await connection.getAccountInfo(new PublicKey(RENT_SYSVAR));
    const data = sysvar?.data as Buffer;
    const lamportsPerByteYear = data.readBigUInt64LE(0);
    const exemptionThreshold = data.readDoubleLE(8);
    // Mainnet's answers for an empty account and an SPL token account (165 bytes).
    expect(await connection.getMinimumBalanceForRentExemption(0)).to.equal(890_880);
    expect(await connection.getMinimumBalanceForRentExemption(165)).to.equal(2_039_280);
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 0, max: 10 * 1024 * 1024 }), async (size) => {
        const expected = Math.floor(
          Number(BigInt(ACCOUNT_STORAGE_OVERHEAD + size) * lamportsPerByteYear) * exemptionThreshold,
        );
        expect(await connection.getMinimumBalanceForRentExemption(size)).to.equal(expected);
      }),
      { numRuns: 25 },
    );
  });

  it("feature set: 64 account locks land, 65 are refused with TooManyAccountLocks, as on mainnet", async () => {
    const addresses: PublicKey[] = Array.from({ length: 63 }, () => Keypair.generate().publicKey);
    const slot = await connection.getSlot("confirmed");
    const [create, table] = AddressLookupTableProgram.createLookupTable({
      authority: payer.publicKey,
      payer: payer.publicKey,
      recentSlot: slot,
    });
    await send([create]);
    for (let at = 0; at < addresses.length; at += 21) {
      await send([
        AddressLookupTableProgram.extendLookupTable({
          lookupTable: table,
          authority: payer.publicKey,
          payer: payer.publicKey,
          addresses: addresses.slice(at, at + 21),
        }),
      ]);
    }
    // Extended addresses are usable from the next slot on.
    await new Promise((resolve) => setTimeout(resolve, 200));
    const lookup = (await connection.getAddressLookupTable(table)).value;
    expect(lookup?.state.addresses).to.have.length(63);
    // A transfer naming `count` writable accounts besides the payer: the System program ignores the extra ones.
    const touching = (count: number) => {
      const transfer = SystemProgram.transfer({
        fromPubkey: payer.publicKey,
        toPubkey: addresses[0] as PublicKey,
        lamports: 1_000_000,
      });
      transfer.keys.push(
        ...addresses.slice(1, count).map((pubkey) => ({ pubkey, isSigner: false, isWritable: true })),
      );
      return transfer;
    };
    // Payer + 62 table accounts + the System program = 64 locks.
    const landed = await send([touching(62)], lookup ? [lookup] : []);
    expect(landed.err).to.equal(null);
    // Payer + 63 table accounts + the System program = 65 locks.
    const refused = await send([touching(63)], lookup ? [lookup] : []).then(
      () => null,
      (error: unknown) => error,
    );
    expect(refused).to.be.instanceOf(SendTransactionError);
    // Agave's wording of TransactionError::TooManyAccountLocks.
    expect((refused as SendTransactionError).message).to.include(
      "Transaction simulation failed: Transaction locked too many accounts",
    );
  });
});
