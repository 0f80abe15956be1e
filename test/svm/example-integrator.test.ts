// The example integrator program (programs/example-integrator): an SVM program of an integrator's
// own that verifies a solver attestation inside its instruction with attestkit-receiver-interface
// (keccak256 + EIP-191 + sol_secp256k1_recover, compared with the solver it trusts). Built from
// source by scripts/svm/build-program.sh, committed as programs/deploy/example-integrator.so,
// driven in LiteSVM with the shared vectors (test/vectors/attestation.json).

import { fileURLToPath } from "node:url";
import {
  AccountRole,
  type Address,
  appendTransactionMessageInstruction,
  createTransactionMessage,
  generateKeyPairSigner,
  type Instruction,
  type KeyPairSigner,
  lamports,
  pipe,
  setTransactionMessageFeePayerSigner,
  signTransactionMessageWithSigners,
} from "@solana/kit";
import { expect } from "chai";
import { FailedTransactionMetadata, LiteSVM, type TransactionMetadata } from "litesvm";
import { type Hex, hexToBytes } from "viem";
import vectorsJson from "../vectors/attestation.json" with { type: "json" };
import { ERRORS } from "./receiver-fixture.ts";

const SO = fileURLToPath(new URL("../../programs/deploy/example-integrator.so", import.meta.url));
const LOG_LINE = "Program log: example-integrator: attestation verified";
const SYSTEM_PROGRAM = "11111111111111111111111111111111" as Address;

type Vector = { name: string; encoded: Hex; signature: Hex; compactSignature: Hex; signer: Hex };
const vectors = vectorsJson.vectors as Vector[];

describe("svm: example integrator program verifies attestations with the interface crate", function () {
  this.timeout(60_000);
  let svm: LiteSVM;
  let payer: KeyPairSigner;
  let programId: Address;

  async function send(instruction: Instruction): Promise<TransactionMetadata | FailedTransactionMetadata> {
    const tx = await pipe(
      createTransactionMessage({ version: 0 }),
      (m) => setTransactionMessageFeePayerSigner(payer, m),
      (m) => svm.setTransactionMessageLifetimeUsingLatestBlockhash(m),
      (m) => appendTransactionMessageInstruction(instruction, m),
      (m) => signTransactionMessageWithSigners(m),
    );
    const result = svm.sendTransaction(tx);
    svm.expireBlockhash();
    return result;
  }

  /** An account owned by `owner` holding `data` (the trusted solver's 20-byte EVM address). */
  async function trustedSolver(data: Uint8Array, owner: Address = programId): Promise<Address> {
    const { address } = await generateKeyPairSigner();
    svm.setAccount({
      address,
      data,
      executable: false,
      lamports: lamports(svm.minimumBalanceForRentExemption(BigInt(data.length))),
      programAddress: owner,
      space: BigInt(data.length),
    });
    return address;
  }

  function verify(solver: Address, encoded: Uint8Array, signature: Uint8Array): Instruction {
    const data = new Uint8Array(encoded.length + signature.length);
    data.set(encoded);
    data.set(signature, encoded.length);
    return { programAddress: programId, accounts: [{ address: solver, role: AccountRole.READONLY }], data };
  }

  function expectOk(result: TransactionMetadata | FailedTransactionMetadata): TransactionMetadata {
    if (result instanceof FailedTransactionMetadata) {
      expect.fail(`transaction failed: ${result.toString()}\n${result.meta().logs().join("\n")}`);
    }
    return result;
  }

  function expectError(result: TransactionMetadata | FailedTransactionMetadata, name: string) {
    const code = ERRORS[name];
    expect(code, name).to.be.a("number");
    expect(result).to.be.instanceOf(FailedTransactionMetadata);
    const failed = result as FailedTransactionMetadata;
    expect(failed.toString()).to.include(`InstructionError(0, Custom(${code}))`);
    expect(failed.meta().logs()).to.not.include(LOG_LINE);
  }

  beforeEach(async () => {
    svm = new LiteSVM();
    payer = await generateKeyPairSigner();
    programId = (await generateKeyPairSigner()).address;
    svm.airdrop(payer.address, lamports(1_000_000_000n));
    svm.addProgramFromFile(programId, SO);
  });

  it("accepts every shared vector signed by the trusted solver, in both signature forms", async () => {
    expect(vectors).to.have.length(32);
    for (const v of vectors) {
      const solver = await trustedSolver(hexToBytes(v.signer));
      for (const signature of [v.signature, v.compactSignature]) {
        const result = expectOk(await send(verify(solver, hexToBytes(v.encoded), hexToBytes(signature))));
        expect(result.logs(), v.name).to.include(LOG_LINE);
        // The request id (first ABI word) comes back as return data.
        expect(Buffer.from(result.returnData().data()).toString("hex")).to.equal(v.encoded.slice(2, 66));
      }
    }
  });

  it("attack: a tampered amount, user or chain id is rejected with SignerMismatch", async () => {
    const v = vectors[0] as Vector;
    const solver = await trustedSolver(hexToBytes(v.signer));
    const signature = hexToBytes(v.signature);
    expectOk(await send(verify(solver, hexToBytes(v.encoded), signature)));
    // Words 1..6: originChainId, originUser, originCurrency, originAmount, destinationChainId, destinationUser.
    for (let word = 1; word < 7; word++) {
      const tampered = hexToBytes(v.encoded);
      tampered[word * 32 + 31] = (tampered[word * 32 + 31] as number) ^ 1;
      expectError(await send(verify(solver, tampered, signature)), "SignerMismatch");
    }
  });

  it("attack: a genuine attestation signed by another key is rejected with SignerMismatch", async () => {
    const [trusted, other] = vectors as [Vector, Vector];
    expect(other.signer.toLowerCase()).to.not.equal(trusted.signer.toLowerCase());
    const solver = await trustedSolver(hexToBytes(trusted.signer));
    const forged = verify(solver, hexToBytes(other.encoded), hexToBytes(other.signature));
    expectError(await send(forged), "SignerMismatch");
    // The same attestation passes where its own signer is trusted: the signature itself is valid.
    expectOk(
      await send(
        verify(
          await trustedSolver(hexToBytes(other.signer)),
          hexToBytes(other.encoded),
          hexToBytes(other.signature),
        ),
      ),
    );
  });

  it("attack: a trusted-solver account the program does not own is rejected with InvalidAccountOwner", async () => {
    const v = vectors[0] as Vector;
    const spoofed = await trustedSolver(hexToBytes(v.signer), SYSTEM_PROGRAM);
    expectError(
      await send(verify(spoofed, hexToBytes(v.encoded), hexToBytes(v.signature))),
      "InvalidAccountOwner",
    );
  });

  it("rejects malformed input with its typed error", async () => {
    const v = vectors[0] as Vector;
    const solver = await trustedSolver(hexToBytes(v.signer));
    const encoded = hexToBytes(v.encoded);
    const signature = hexToBytes(v.signature);
    expectError(
      await send(verify(solver, encoded.subarray(0, 200), new Uint8Array(0))),
      "InvalidInstructionData",
    );
    expectError(await send(verify(solver, encoded, signature.subarray(0, 63))), "InvalidSignatureLength");
    const badV = signature.slice();
    badV[64] = 1;
    expectError(await send(verify(solver, encoded, badV)), "InvalidSignatureV");
    const wrongSize = await trustedSolver(new Uint8Array(32));
    expectError(await send(verify(wrongSize, encoded, signature)), "InvalidAccountDiscriminator");
  });
});
