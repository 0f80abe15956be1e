/**
 * The devnet's SVM setup shared by the embedded chain and an external validator: the receiver's
 * initialization (owner, solver, window, whitelist) and the USDC mint with every devnet account's
 * funded token account, as instructions for either to send its own way.
 */
import type { Address, Instruction, KeyPairSigner } from "@solana/kit";
import { getCreateAccountInstruction } from "@solana-program/system";
import {
  findAssociatedTokenPda,
  getCreateAssociatedTokenIdempotentInstruction,
  getInitializeMint2Instruction,
  getMintSize,
  getMintToInstruction,
  TOKEN_PROGRAM_ADDRESS,
} from "@solana-program/token";
import { hexToBytes } from "viem";
import { toBytes32Address } from "../address/index.ts";
import type { ReceiverInit } from "../deploy/svm.ts";

export const USDC_DECIMALS = 6;
const USDC_PER_ACCOUNT = 1_000_000n * 10n ** BigInt(USDC_DECIMALS);
export const USDC_MINT_SPACE = BigInt(getMintSize());

export interface DevnetReceiverSettings {
  /** The solver's EVM address: the receiver verifies attestations against it. */
  solverEvm: string;
  /** Destinations whitelisted on the receiver. */
  whitelist: readonly { chainId: number; user: string }[];
  maxDeadlineWindow: number;
}

/** The receiver's initialization: owned by `authority`, `solver` its SVM solver. */
export function devnetReceiverInit(
  settings: DevnetReceiverSettings,
  authority: KeyPairSigner,
  solver: KeyPairSigner,
): ReceiverInit {
  return {
    owner: authority.address,
    solverEvm: settings.solverEvm,
    solverSvm: solver.address,
    maxDeadlineWindow: BigInt(settings.maxDeadlineWindow),
    whitelist: settings.whitelist.map((d) => ({
      chainId: BigInt(d.chainId),
      user: hexToBytes(toBytes32Address(d.user, d.chainId)),
    })),
  };
}

/** The associated token account of `owner` for `mint` (SPL Token). */
export const usdcAccountOf = (mint: Address) => async (owner: Address) =>
  (await findAssociatedTokenPda({ owner, mint, tokenProgram: TOKEN_PROGRAM_ADDRESS }))[0];

/** Creates and initializes the mint account (`rent`: its rent-exempt balance), `authority` minting. */
export function usdcMintInstructions(
  authority: KeyPairSigner,
  mint: KeyPairSigner,
  rent: bigint,
): Instruction[] {
  return [
    getCreateAccountInstruction({
      payer: authority,
      newAccount: mint,
      lamports: rent,
      space: USDC_MINT_SPACE,
      programAddress: TOKEN_PROGRAM_ADDRESS,
    }),
    getInitializeMint2Instruction({
      mint: mint.address,
      decimals: USDC_DECIMALS,
      mintAuthority: authority.address,
    }),
  ];
}

/** `owner`'s token account, created if missing, with 1,000,000 USDC minted to it. */
export async function usdcFundingInstructions(
  authority: KeyPairSigner,
  mint: Address,
  owner: Address,
): Promise<Instruction[]> {
  const ata = await usdcAccountOf(mint)(owner);
  return [
    getCreateAssociatedTokenIdempotentInstruction({ payer: authority, ata, owner, mint }),
    getMintToInstruction({ mint, token: ata, mintAuthority: authority, amount: USDC_PER_ACCOUNT }),
  ];
}
