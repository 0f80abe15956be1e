/**
 * The strict SVM deposit address: the PDA `["deposit_address", orderId, mint, depositor]` of a
 * deposit-address program (the devnet runs `programs/deposit-address`), with the default address
 * (32 zero bytes, `SVM_NATIVE_TOKEN`) as the mint for SOL. Whatever is paid into it (lamports, or
 * tokens to its associated token account) leaves only through the program's permissionless
 * `sweep(orderId, mint)`, which deposits it into the depository under the order id for the depositor.
 */
import { base58 } from "@scure/base";
import type { Address } from "@solana/kit";
import { hexToBytes } from "viem";
import { assertSvmAddress } from "../../svm/address.ts";
import { findSvmProgramAddress } from "../../svm/program-address.ts";
import { parseOrderId } from "../signature.ts";
import { DEPOSIT_ADDRESS_PROGRAM_ADDRESS } from "./generated/index.ts";
import type { SvmDepositAddressParams } from "./types.ts";

/** The devnet's deposit-address program id (its program key is 32 bytes of 0xda). */
export const SVM_DEPOSIT_ADDRESS_DEVNET_PROGRAM: Address = DEPOSIT_ADDRESS_PROGRAM_ADDRESS;

/** The deposit address PDA's constant seed. */
export const SVM_DEPOSIT_ADDRESS_SEED = "deposit_address";

/** The PDA's seeds (bump excluded) of validated params. */
export function svmDepositAddressSeeds(params: SvmDepositAddressParams): Uint8Array[] {
  const orderId = parseOrderId(params.orderId);
  assertSvmAddress(params.mint, "mint");
  assertSvmAddress(params.depositor, "depositor");
  return [
    new TextEncoder().encode(SVM_DEPOSIT_ADDRESS_SEED),
    hexToBytes(orderId),
    base58.decode(params.mint),
    base58.decode(params.depositor),
  ];
}

/** The strict deposit address of `params` and its canonical bump (no chain read). */
export function findSvmDepositAddress(params: SvmDepositAddressParams): { address: Address; bump: number } {
  const seeds = svmDepositAddressSeeds(params);
  assertSvmAddress(params.program, "program");
  return findSvmProgramAddress(seeds, params.program);
}

/** The strict deposit address of `params` (no chain read). */
export function predictSvmDepositAddress(params: SvmDepositAddressParams): Address {
  return findSvmDepositAddress(params).address;
}
