/**
 * The deposit-address program on the devnet SVM chain (programs/deposit-address), loaded at the
 * devnet's program id like the depository it sweeps into, and the sweeper that pays its sweeps.
 */
import { readFileSync } from "node:fs";
import { type KeyPairSigner, lamports } from "@solana/kit";
import type { LiteSVM } from "litesvm";
import { SVM_DEPOSIT_ADDRESS_DEVNET_PROGRAM } from "../orders/deposit-address/svm.ts";
import { packageFile } from "../package-files.ts";
import { svmDevKeypair } from "./accounts.ts";

/** The committed deposit-address program. */
export const DEPOSIT_ADDRESS_SO = packageFile("programs/deploy/deposit-address.so");

/** The devnet's sweeper of deposit addresses (a fixed keypair; never the solver). */
export const svmDevSweeper = (): Promise<KeyPairSigner> => svmDevKeypair("sweeper:deposit-address");

/** Loads the program at its devnet id and funds the sweeper. */
export async function installSvmDepositAddressProgram(
  svm: LiteSVM,
  elf: Uint8Array = readFileSync(DEPOSIT_ADDRESS_SO),
): Promise<void> {
  svm.addProgram(SVM_DEPOSIT_ADDRESS_DEVNET_PROGRAM, elf);
  svm.airdrop((await svmDevSweeper()).address, lamports(100_000_000_000n));
}
