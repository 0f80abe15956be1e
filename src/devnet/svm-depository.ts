/**
 * The protocol depository on the devnet SVM chain: the depository program (programs/depository) placed
 * at the canonical program id, whose keypair nobody has, so it is loaded into LiteSVM directly rather
 * than deployed through a loader, then initialized (owner, allocator, its protocol chain id) like a
 * fresh deployment.
 */

import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import {
  AccountRole,
  type AccountSignerMeta,
  type Address,
  appendTransactionMessageInstructions,
  createTransactionMessage,
  type Instruction,
  type KeyPairSigner,
  pipe,
  setTransactionMessageFeePayerSigner,
  signTransactionMessageWithSigners,
} from "@solana/kit";
import type { FailedTransactionMetadata, LiteSVM } from "litesvm";
import { SVM_DEPOSITORY_PROGRAM } from "../orders/index.ts";
import { packageFile } from "../package-files.ts";
import { depositoryAccounts } from "../service/chains/depository-svm.ts";
import { isFailedTransaction } from "./peers.ts";

/** The committed depository program (programs/depository). */
export const DEPOSITORY_SO = packageFile("programs/deploy/depository.so");

const SYSTEM_PROGRAM = "11111111111111111111111111111111" as Address;

/**
 * The depository's `initialize(chain_id: bytes)` instruction: config and vault PDAs created, owner,
 * allocator and the chain's protocol id set.
 */
async function initializeInstruction(
  program: Address,
  owner: KeyPairSigner,
  allocator: Address,
  chainId: string,
): Promise<Instruction> {
  const name = new TextEncoder().encode(chainId);
  const data = new Uint8Array(8 + 4 + name.length);
  data.set(createHash("sha256").update("global:initialize").digest().subarray(0, 8));
  new DataView(data.buffer).setUint32(8, name.length, true);
  data.set(name, 12);
  const { config, vault } = await depositoryAccounts(program);
  return {
    programAddress: program,
    accounts: [
      { address: config, role: AccountRole.WRITABLE },
      { address: vault, role: AccountRole.WRITABLE },
      { address: owner.address, role: AccountRole.WRITABLE_SIGNER, signer: owner } as AccountSignerMeta,
      { address: allocator, role: AccountRole.READONLY },
      { address: SYSTEM_PROGRAM, role: AccountRole.READONLY },
    ],
    data,
  };
}

/**
 * Loads the depository at the canonical program id and initializes it; returns the program id and
 * its vault.
 */
export async function installSvmDepository(
  svm: LiteSVM,
  owner: KeyPairSigner,
  allocator: Address,
  chainId: string,
  elf: Uint8Array = readFileSync(DEPOSITORY_SO),
): Promise<{ program: Address; vault: Address }> {
  const program = SVM_DEPOSITORY_PROGRAM as Address;
  svm.addProgram(program, elf);
  const tx = await pipe(
    createTransactionMessage({ version: 0 }),
    (m) => setTransactionMessageFeePayerSigner(owner, m),
    (m) => svm.setTransactionMessageLifetimeUsingLatestBlockhash(m),
    async (m) =>
      appendTransactionMessageInstructions(
        [await initializeInstruction(program, owner, allocator, chainId)],
        m,
      ),
    async (m) => signTransactionMessageWithSigners(await m),
  );
  const result = svm.sendTransaction(tx);
  svm.expireBlockhash();
  if (isFailedTransaction<FailedTransactionMetadata>(result)) {
    throw new Error(
      `depository initialize failed: ${result.err().toString()}\n${result.meta().logs().join("\n")}`,
    );
  }
  return { program, vault: (await depositoryAccounts(program)).vault };
}
