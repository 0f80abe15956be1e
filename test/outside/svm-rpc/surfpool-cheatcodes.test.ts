/**
 * The SVM chain as a surfpool user's tests use it, through @solana/kit's `createSolanaRpc` over HTTP:
 * cheatcode writes read at every commitment at once; `surfnet_setProgramAuthority`,
 * `surfnet_cloneProgramAccount` and `surfnet_getLocalSignatures` served with surfpool's parameters,
 * results and errors; `surfnet_resetNetwork` refused with surfpool's refusal.
 */
import {
  type Address,
  appendTransactionMessageInstructions,
  createTransactionMessage,
  generateKeyPairSigner,
  getAddressEncoder,
  getBase64EncodedWireTransaction,
  getProgramDerivedAddress,
  pipe,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  signTransactionMessageWithSigners,
} from "@solana/kit";
import { getTransferSolInstruction } from "@solana-program/system";
import { findAssociatedTokenPda, TOKEN_PROGRAM_ADDRESS } from "@solana-program/token";
import { expect } from "chai";
import fc from "fast-check";
import { ATTESTED_RECEIVER_PROGRAM_ADDRESS } from "../../../src/receiver/generated/programs/attestedReceiver.ts";
import { type RpcChain, startRpcChain } from "./chain.ts";

const LOADER = "BPFLoaderUpgradeab1e11111111111111111111111" as Address;
const COMMITMENTS = ["processed", "confirmed", "finalized"] as const;

interface Answer {
  result?: { context: { slot: number }; value: unknown };
  error?: { code: number; message: string; data?: unknown };
}

describe("SVM RPC: surfpool's cheatcodes as surfpool's users call them", function () {
  this.timeout(60_000);
  let chain: RpcChain;

  const call = async (method: string, params?: unknown[]): Promise<Answer> => {
    const response = await fetch(chain.rpcUrl, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, ...(params === undefined ? {} : { params }) }),
    });
    return (await response.json()) as Answer;
  };
  const fresh = async () => (await generateKeyPairSigner()).address;
  const programDataOf = async (program: Address) =>
    (
      await getProgramDerivedAddress({
        programAddress: LOADER,
        seeds: [getAddressEncoder().encode(program)],
      })
    )[0];
  const bytesOf = async (key: Address) => {
    const { value } = await chain.rpc.getAccountInfo(key, { encoding: "base64" }).send();
    return value === null ? null : new Uint8Array(Buffer.from(value.data[0], "base64"));
  };

  before(async () => {
    chain = await startRpcChain(50);
  });
  after(() => chain?.close());

  describe("cheatcode writes", () => {
    it("surfnet_setAccount reads at processed, confirmed and finalized at once (no slot has closed since)", async () => {
      const key = await fresh();
      // A chain just started has finalized every slot it has: wait until finality trails the tip.
      for (let tries = 0; tries < 200; tries++) {
        const [tip, final] = await Promise.all(
          (["processed", "finalized"] as const).map((commitment) => chain.rpc.getSlot({ commitment }).send()),
        );
        if (final! < tip!) break;
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      const answer = await call("surfnet_setAccount", [key, { lamports: 4_321_000 }]);
      const reads = await Promise.all(
        COMMITMENTS.map(async (commitment) => {
          const { context, value } = await chain.rpc.getBalance(key, { commitment }).send();
          return { commitment, slot: context.slot, value };
        }),
      );
      for (const { commitment, value } of reads) expect(value, commitment).to.equal(4_321_000n);
      // The finalized read's slot is ~32 slots before the write's: it sees the write all the same.
      const finalized = reads.find((read) => read.commitment === "finalized");
      expect(Number(finalized?.slot)).to.be.below(answer.result?.context.slot ?? 0);
    });

    it("surfnet_setTokenAccount is read at the default commitment (finalized) at once", async () => {
      const owner = await fresh();
      await call("surfnet_setTokenAccount", [owner, chain.usdcMint, { amount: 77_000_000 }]);
      const [ata] = await findAssociatedTokenPda({
        owner,
        mint: chain.usdcMint,
        tokenProgram: TOKEN_PROGRAM_ADDRESS,
      });
      const { value } = await chain.rpc.getTokenAccountBalance(ata).send();
      expect(value.amount).to.equal("77000000");
    });

    it("a transaction after a cheatcode write reaches confirmed and finalized as a transaction does", async () => {
      const payer = await chain.funded(1n);
      const key = await fresh();
      await call("surfnet_setAccount", [key, { lamports: 5_000_000 }]);
      const { value: blockhash } = await chain.rpc.getLatestBlockhash({ commitment: "processed" }).send();
      const tx = await signTransactionMessageWithSigners(
        pipe(
          createTransactionMessage({ version: 0 }),
          (m) => setTransactionMessageFeePayerSigner(payer, m),
          (m) => setTransactionMessageLifetimeUsingBlockhash(blockhash, m),
          (m) =>
            appendTransactionMessageInstructions(
              [getTransferSolInstruction({ source: payer, destination: key, amount: 1_000_000n })],
              m,
            ),
        ),
      );
      await chain.rpc.sendTransaction(getBase64EncodedWireTransaction(tx), { encoding: "base64" }).send();
      expect((await chain.rpc.getBalance(key, { commitment: "processed" }).send()).value).to.equal(
        6_000_000n,
      );
      expect(
        (await chain.rpc.getBalance(key, { commitment: "finalized" }).send()).value,
        "the transfer is not finalized yet: finalized reads the cheatcode's value",
      ).to.equal(5_000_000n);
    });

    it("property: any sequence of writes to one account reads its last value at every commitment", async () => {
      const key = await fresh();
      await fc.assert(
        fc.asyncProperty(
          fc.array(fc.integer({ min: 1, max: 1e12 }), { minLength: 1, maxLength: 5 }),
          async (values) => {
            for (const value of values) await call("surfnet_setAccount", [key, { lamports: value }]);
            for (const commitment of COMMITMENTS) {
              const { value } = await chain.rpc.getBalance(key, { commitment }).send();
              expect(value, commitment).to.equal(BigInt(values.at(-1) ?? 0));
            }
          },
        ),
        { numRuns: 15 },
      );
    });
  });

  describe("surfnet_setProgramAuthority", () => {
    it("sets, then removes, the upgrade authority in the program data, keeping the loader's layout", async () => {
      const programData = await programDataOf(ATTESTED_RECEIVER_PROGRAM_ADDRESS);
      const before = await bytesOf(programData);
      const authority = await fresh();
      const answer = await call("surfnet_setProgramAuthority", [
        ATTESTED_RECEIVER_PROGRAM_ADDRESS,
        authority,
      ]);
      expect(answer.result?.value).to.equal(null);
      const set = await bytesOf(programData);
      expect(set?.[12]).to.equal(1);
      expect(set?.subarray(13, 45)).to.deep.equal(new Uint8Array(getAddressEncoder().encode(authority)));
      expect(set?.length).to.equal(before?.length);
      expect(set?.subarray(45)).to.deep.equal(before?.subarray(45));

      await call("surfnet_setProgramAuthority", [ATTESTED_RECEIVER_PROGRAM_ADDRESS]);
      const removed = await bytesOf(programData);
      expect(removed?.[12], "no authority: the program is immutable").to.equal(0);
      expect(removed?.subarray(45)).to.deep.equal(before?.subarray(45));
    });

    it("refuses an account that is missing or not a program, and a bad key, with surfpool's errors", async () => {
      const missing = await fresh();
      expect((await call("surfnet_setProgramAuthority", [missing, null])).error).to.deep.equal({
        code: -32602,
        message: `Invalid program account ${missing}`,
        data: "Account not found",
      });
      const plain = (await chain.funded(1n)).address;
      expect((await call("surfnet_setProgramAuthority", [plain])).error).to.deep.equal({
        code: -32602,
        message: `Invalid program account ${await programDataOf(plain)}`,
        data: "Program data account does not exist",
      });
      const bad = await call("surfnet_setProgramAuthority", [ATTESTED_RECEIVER_PROGRAM_ADDRESS, "notakey0"]);
      expect(bad.error?.code).to.equal(-32602);
      expect(bad.error?.message).to.equal("Invalid pubkey 'notakey0'");
    });
  });

  describe("surfnet_cloneProgramAccount", () => {
    it("makes the destination the same program, with program data of its own, and it runs", async () => {
      const destination = await fresh();
      const answer = await call("surfnet_cloneProgramAccount", [
        ATTESTED_RECEIVER_PROGRAM_ADDRESS,
        destination,
      ]);
      expect(answer.result?.value).to.equal(null);
      const destinationData = await programDataOf(destination);
      const program = await bytesOf(destination);
      expect(program?.subarray(0, 4)).to.deep.equal(new Uint8Array([2, 0, 0, 0]));
      expect(program?.subarray(4)).to.deep.equal(new Uint8Array(getAddressEncoder().encode(destinationData)));
      expect(await bytesOf(destinationData)).to.deep.equal(
        await bytesOf(await programDataOf(ATTESTED_RECEIVER_PROGRAM_ADDRESS)),
      );
      const info = (await chain.rpc.getAccountInfo(destination, { encoding: "base64" }).send()).value;
      expect(info?.executable).to.equal(true);
      expect(info?.owner).to.equal(LOADER);

      // The clone executes: an instruction without a discriminator fails inside the program's code.
      const payer = await chain.funded(1n);
      const { value: blockhash } = await chain.rpc.getLatestBlockhash({ commitment: "processed" }).send();
      const tx = await signTransactionMessageWithSigners(
        pipe(
          createTransactionMessage({ version: 0 }),
          (m) => setTransactionMessageFeePayerSigner(payer, m),
          (m) => setTransactionMessageLifetimeUsingBlockhash(blockhash, m),
          (m) =>
            appendTransactionMessageInstructions(
              [{ programAddress: destination, data: new Uint8Array() }],
              m,
            ),
        ),
      );
      const { value } = await chain.rpc
        .simulateTransaction(getBase64EncodedWireTransaction(tx), { encoding: "base64" })
        .send();
      expect(value.logs?.[0]).to.equal(`Program ${destination} invoke [1]`);
      expect(value.err).to.have.property("InstructionError");
      const reason = JSON.stringify(value.err, (_, v) => (typeof v === "bigint" ? Number(v) : v));
      expect(reason).to.not.match(/Unsupported|InvalidAccountData|IncorrectProgramId/);
    });

    it("refuses a missing source and an account that is not a program, with surfpool's errors", async () => {
      const missing = await fresh();
      expect((await call("surfnet_cloneProgramAccount", [missing, await fresh()])).error).to.deep.equal({
        code: -32602,
        message: `Account ${missing} not found`,
      });
      const programData = await programDataOf(ATTESTED_RECEIVER_PROGRAM_ADDRESS);
      const notProgram = await call("surfnet_cloneProgramAccount", [await fresh(), programData]);
      expect(notProgram.error?.code).to.equal(-32602);
      expect(
        (await call("surfnet_cloneProgramAccount", [ATTESTED_RECEIVER_PROGRAM_ADDRESS])).error?.message,
      ).to.equal("Invalid params: invalid length 1, expected a tuple of size 2.");
    });
  });

  describe("surfnet_getLocalSignatures", () => {
    it("lists the latest transactions newest first with their error and logs, up to the limit (50 by default)", async () => {
      const payer = await chain.funded(1n);
      const second = await chain.funded(1n);
      const all = await call("surfnet_getLocalSignatures", []);
      const list = all.result?.value as { signature: string; err: unknown; logs: string[] }[];
      expect(list.length).to.be.at.least(2).and.at.most(50);
      const latest = await chain.rpc.getSignaturesForAddress(second.address).send();
      expect(list[0]?.signature).to.equal(latest[0]?.signature);
      expect(list[0]?.err).to.equal(null);
      expect(list[0]?.logs[0]).to.match(/^Program 11111111111111111111111111111111 invoke \[1\]$/);
      const earlier = await chain.rpc.getSignaturesForAddress(payer.address).send();
      expect(list.map((entry) => entry.signature)).to.include(earlier[0]?.signature);
      expect(Object.keys(list[0] ?? {}).sort()).to.deep.equal(["err", "logs", "signature"]);

      const one = await call("surfnet_getLocalSignatures", [1]);
      expect(one.result?.value).to.have.length(1);
      expect((await call("surfnet_getLocalSignatures", [0])).result?.value).to.deep.equal([]);
      expect((await call("surfnet_getLocalSignatures", ["5"])).error?.code).to.equal(-32602);
    });
  });

  it("surfnet_resetNetwork is refused with surfpool's refusal, naming the devnet's way back", async () => {
    const key = await fresh();
    await call("surfnet_setAccount", [key, { lamports: 1_000_000 }]);
    const refused = await call("surfnet_resetNetwork", []);
    expect(refused.error?.code).to.equal(-32603);
    expect(refused.error?.message).to.equal("RPC method not supported");
    expect(refused.error?.data).to.match(/snapshot/);
    expect((await chain.rpc.getBalance(key).send()).value, "nothing was reset").to.equal(1_000_000n);
  });
});
