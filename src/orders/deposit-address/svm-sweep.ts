/**
 * The deposit-address program's `sweep(orderId, mint)` instruction (codama client of
 * `programs/idl/deposit_address.json`) with every account derived.
 */
import {
  type Address,
  getProgramDerivedAddress,
  type Instruction,
  type TransactionSigner,
} from "@solana/kit";
import { findAssociatedTokenPda, TOKEN_PROGRAM_ADDRESS } from "@solana-program/token";
import { hexToBytes } from "viem";
import { assertSvmAddress } from "../../svm/address.ts";
import { SVM_NATIVE_TOKEN } from "../../svm/constants.ts";
import { SVM_DEPOSITORY_PROGRAM } from "../depository-svm.ts";
import { getSweepInstruction } from "./generated/index.ts";
import { predictSvmDepositAddress } from "./svm.ts";
import type { SvmDepositAddressParams } from "./types.ts";

const ASSOCIATED_TOKEN_PROGRAM = "ATokenGPvbdGVxr1b2hvZbsiqW5xWH25efTNsLJA8knL" as Address;

/** The depository's configuration account and vault (PDAs `["relay_depository"]`, `["vault"]`). */
export async function svmDepositoryAccounts(): Promise<{ relayDepository: Address; vault: Address }> {
  const programAddress = SVM_DEPOSITORY_PROGRAM as Address;
  const [[relayDepository], [vault]] = await Promise.all([
    getProgramDerivedAddress({ programAddress, seeds: ["relay_depository"] }),
    getProgramDerivedAddress({ programAddress, seeds: ["vault"] }),
  ]);
  return { relayDepository, vault };
}

export type SvmSweepParams = Omit<SvmDepositAddressParams, "vm"> & {
  /** Signs and pays: the fee, and the vault's associated token account when it is missing. */
  sweeper: TransactionSigner;
  /** The mint's token program (SPL Token or Token-2022); default SPL Token. Unused for SOL. */
  tokenProgram?: string;
};

/**
 * `sweep(orderId, mint)` of the deposit address of `(orderId, mint, depositor)`: deposits all it
 * holds into the depository under the order id for the depositor. The accounts are derived: the
 * depository's configuration and vault, and for a token the deposit address's and the vault's
 * associated token accounts.
 * @throws InvalidOrderIdError, InvalidAddressError or AddressVmMismatchError for bad input.
 * @example
 * ```ts
 * const ix = await getSvmSweepInstruction({ program, orderId, mint: usdc, depositor, sweeper });
 * ```
 */
export async function getSvmSweepInstruction(params: SvmSweepParams): Promise<Instruction> {
  const depositAddress = predictSvmDepositAddress({ ...params, vm: "svm" });
  const tokenProgram = params.tokenProgram ?? TOKEN_PROGRAM_ADDRESS;
  assertSvmAddress(tokenProgram, "tokenProgram");
  const mint = params.mint as Address;
  const { relayDepository, vault } = await svmDepositoryAccounts();
  const ata = async (owner: Address) => (await findAssociatedTokenPda({ owner, mint, tokenProgram }))[0];
  const token =
    mint === SVM_NATIVE_TOKEN
      ? {}
      : {
          mintAccount: mint,
          depositAddressToken: await ata(depositAddress),
          vaultToken: await ata(vault),
          tokenProgram,
          associatedTokenProgram: ASSOCIATED_TOKEN_PROGRAM,
        };
  return getSweepInstruction(
    {
      sweeper: params.sweeper,
      depositor: params.depositor as Address,
      depositAddress,
      relayDepository,
      vault,
      ...token,
      id: hexToBytes(params.orderId),
      mint,
    },
    { programAddress: params.program as Address },
  );
}
