/**
 * Strict deposit addresses on the SVM: the PDA `["deposit_address", id, mint, depositor]` of a
 * deposit-address program (the devnet's is `programs/deposit-address`), and its permissionless
 * `sweep(id, mint)`, which deposits everything the address holds into the depository under `id`
 * for `depositor`. Native SOL uses the default address (32 zero bytes) as the mint.
 */
import {
  type Address,
  getAddressEncoder,
  getProgramDerivedAddress,
  type Instruction,
  type TransactionSigner,
} from "@solana/kit";
import { findAssociatedTokenPda, TOKEN_PROGRAM_ADDRESS } from "@solana-program/token";
import { type Hex, hexToBytes, isHex } from "viem";
import { InvalidRequestIdError } from "../errors.ts";
import { SVM_DEPOSITORY_PROGRAM } from "../orders/depository-svm.ts";
import { assertSvmAddress } from "../svm/address.ts";
import { SVM_NATIVE_TOKEN } from "../svm/constants.ts";
import { DEPOSIT_ADDRESS_PROGRAM_ADDRESS, getSweepInstructionAsync } from "./generated/index.ts";

/** The devnet's deposit-address program id (its program key is 32 bytes of 0xda). */
export const SVM_DEPOSIT_ADDRESS_PROGRAM: Address = DEPOSIT_ADDRESS_PROGRAM_ADDRESS;

/** The deposit address PDA's constant seed. */
export const SVM_DEPOSIT_ADDRESS_SEED = "deposit_address";

export type SvmDepositAddressParams = {
  /** The order id (0x + 64 hex digits). */
  id: Hex;
  /** The mint paid in; `SVM_NATIVE_TOKEN` (the default address) for SOL. */
  mint: string;
  /** The account the deposit is credited to. */
  depositor: string;
  /** The deposit-address program; default: the devnet's. */
  programId?: string;
};

function checked(params: SvmDepositAddressParams) {
  const { id, mint, depositor, programId = SVM_DEPOSIT_ADDRESS_PROGRAM } = params;
  if (!isHex(id, { strict: true }) || id.length !== 66)
    throw new InvalidRequestIdError(`deposit address id must be 0x + 64 hex digits, got ${String(id)}`);
  assertSvmAddress(mint, "mint");
  assertSvmAddress(depositor, "depositor");
  assertSvmAddress(programId, "programId");
  return { id: hexToBytes(id), mint, depositor, programId };
}

/**
 * The deposit address of `(id, mint, depositor)`: where a payer sends `mint` (lamports for SOL, or
 * tokens to its associated token account) so that a sweep deposits them under `id` for `depositor`.
 * @throws InvalidRequestIdError for an id that is not 32 bytes of hex.
 * @throws InvalidAddressError / AddressVmMismatchError for a mint, depositor or program that is not an SVM address.
 * @example
 * ```ts
 * const address = await predictSvmDepositAddress({ id: orderId, mint: SVM_NATIVE_TOKEN, depositor });
 * ```
 */
export async function predictSvmDepositAddress(params: SvmDepositAddressParams): Promise<Address> {
  const { id, mint, depositor, programId } = checked(params);
  const encoder = getAddressEncoder();
  const [address] = await getProgramDerivedAddress({
    programAddress: programId,
    seeds: [SVM_DEPOSIT_ADDRESS_SEED, id, encoder.encode(mint), encoder.encode(depositor)],
  });
  return address;
}

/** The depository's configuration account and vault (PDAs `["relay_depository"]`, `["vault"]`). */
async function depositoryAccounts() {
  const programAddress = SVM_DEPOSITORY_PROGRAM as Address;
  const [[relayDepository], [vault]] = await Promise.all([
    getProgramDerivedAddress({ programAddress, seeds: ["relay_depository"] }),
    getProgramDerivedAddress({ programAddress, seeds: ["vault"] }),
  ]);
  return { relayDepository, vault };
}

export type SvmSweepParams = SvmDepositAddressParams & {
  /** Signs and pays: the vault's associated token account when it is missing, and the fee. */
  sweeper: TransactionSigner;
  /** The mint's token program (SPL Token or Token-2022); default SPL Token. Ignored for SOL. */
  tokenProgram?: string;
};

/**
 * The `sweep(id, mint)` instruction of the deposit address of `(id, mint, depositor)`, with every
 * account derived: the depository's configuration and vault, and for a token the deposit address's
 * and the vault's associated token accounts.
 * @throws as `predictSvmDepositAddress`.
 * @example
 * ```ts
 * const ix = await getSvmSweepInstruction({ id, mint: usdc, depositor, sweeper });
 * ```
 */
export async function getSvmSweepInstruction(params: SvmSweepParams): Promise<Instruction> {
  const { id, mint, depositor, programId } = checked(params);
  const tokenProgram = (params.tokenProgram ?? TOKEN_PROGRAM_ADDRESS) as Address;
  assertSvmAddress(tokenProgram, "tokenProgram");
  const depositAddress = await predictSvmDepositAddress(params);
  const { relayDepository, vault } = await depositoryAccounts();
  const native = mint === SVM_NATIVE_TOKEN;
  const ata = async (owner: Address) => (await findAssociatedTokenPda({ owner, mint, tokenProgram }))[0];
  return getSweepInstructionAsync(
    {
      sweeper: params.sweeper,
      depositor,
      depositAddress,
      relayDepository,
      vault,
      ...(native
        ? {}
        : {
            mintAccount: mint,
            depositAddressToken: await ata(depositAddress),
            vaultToken: await ata(vault),
            tokenProgram,
            associatedTokenProgram: "ATokenGPvbdGVxr1b2hvZbsiqW5xWH25efTNsLJA8knL" as Address,
          }),
      id,
      mint,
    },
    { programAddress: programId },
  );
}
