/**
 * SVM instructions in the form quote steps carry them (program id, keys, hex data), for the step-item
 * tests of verifyQuoteOrder: the harmless kinds a quote may add and the hostile ones it must not.
 */
import {
  AccountRole,
  type Address,
  appendTransactionMessageInstructions,
  type Blockhash,
  compileTransaction,
  createTransactionMessage,
  getAddressDecoder,
  getAddressEncoder,
  getBase64EncodedWireTransaction,
  setTransactionMessageFeePayer,
  setTransactionMessageLifetimeUsingBlockhash,
} from "@solana/kit";
import { bytesToHex, hexToBytes } from "viem";
import type { QuoteSvmInstruction } from "../../src/index.ts";

export const SYSTEM_PROGRAM = "11111111111111111111111111111111";
export const TOKEN_PROGRAM = "TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA";
export const TOKEN_2022_PROGRAM = "TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb";
export const COMPUTE_BUDGET_PROGRAM = "ComputeBudget111111111111111111111111111111";
export const ASSOCIATED_TOKEN_PROGRAM = "ATokenGPvbdGVxr1b2hvZbsiqW5xWH25efTNsLJA8knL";

/** A base58 address whose 32 bytes are all `byte`. */
export const svmAddress = (byte: number) =>
  getAddressDecoder().decode(new Uint8Array(32).fill(byte)) as string;
export const SVM_ATTACKER = svmAddress(0xab);

const le = (value: bigint, bytes: number) => {
  const out = new Uint8Array(bytes);
  for (let i = 0; i < bytes; i++) out[i] = Number((value >> BigInt(8 * i)) & 0xffn);
  return out;
};
const data = (...parts: (number[] | Uint8Array)[]) =>
  bytesToHex(Uint8Array.from(parts.flatMap((part) => [...part]))).slice(2);
const instruction = (programId: string, keys: string[], hex: string): QuoteSvmInstruction => ({
  programId,
  keys: keys.map((pubkey) => ({ pubkey, isSigner: false, isWritable: true })) as { pubkey: string }[],
  data: hex,
});

export const computeUnitLimit = (units: number) =>
  instruction(COMPUTE_BUDGET_PROGRAM, [], data([2], le(BigInt(units), 4)));
export const computeUnitPrice = (microLamports: bigint) =>
  instruction(COMPUTE_BUDGET_PROGRAM, [], data([3], le(microLamports, 8)));

/** CreateIdempotent of `wallet`'s associated token account of `mint`, paid by `funding`. */
export const createAtaIdempotent = (
  funding: string,
  wallet: string,
  mint: string,
  tokenProgram = TOKEN_PROGRAM,
  ata = svmAddress(0x5a),
) => instruction(ASSOCIATED_TOKEN_PROGRAM, [funding, ata, wallet, mint, SYSTEM_PROGRAM, tokenProgram], "01");

export const systemTransfer = (from: string, to: string, lamports: bigint) =>
  instruction(SYSTEM_PROGRAM, [from, to], data(le(2n, 4), le(lamports, 8)));
export const tokenTransfer = (source: string, destination: string, authority: string, amount: bigint) =>
  instruction(TOKEN_PROGRAM, [source, destination, authority], data([3], le(amount, 8)));
/** SetAuthority(AccountOwner) of `account` to `newAuthority`. */
export const setAuthority = (account: string, authority: string, newAuthority: string) =>
  instruction(
    TOKEN_PROGRAM,
    [account, authority],
    data([6, 2, 1], new Uint8Array(getAddressEncoder().encode(newAuthority as Address))),
  );

/** The unsigned v0 wire transaction (base64) running `instructions`, fee paid by `feePayer`. */
export function wireTransaction(instructions: readonly QuoteSvmInstruction[], feePayer: string): string {
  const programs = new Set(instructions.map((entry) => entry.programId));
  const role = (pubkey: string) =>
    pubkey === feePayer
      ? AccountRole.WRITABLE_SIGNER
      : programs.has(pubkey)
        ? AccountRole.READONLY
        : AccountRole.WRITABLE;
  const message = appendTransactionMessageInstructions(
    instructions.map((entry) => ({
      programAddress: entry.programId as Address,
      accounts: entry.keys.map((key) => ({
        address: key.pubkey as Address,
        role: role(key.pubkey),
      })),
      data: hexToBytes(`0x${entry.data.replace(/^0x/, "")}`),
    })),
    setTransactionMessageLifetimeUsingBlockhash(
      { blockhash: svmAddress(0x42) as Blockhash, lastValidBlockHeight: 0n },
      setTransactionMessageFeePayer(feePayer as Address, createTransactionMessage({ version: 0 })),
    ),
  );
  return getBase64EncodedWireTransaction(compileTransaction(message));
}
