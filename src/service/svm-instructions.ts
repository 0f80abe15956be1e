/**
 * SVM quote steps also carry their transaction as a list of instructions, the form the SDK's SVM
 * wallet adapter executes (it compiles them into a v0 message with a fresh blockhash): program id,
 * account keys with signer and writable flags, and data in hex. Same instructions, same order as the
 * quoted wire transaction, so the adapter's transaction is the one the 1232-byte gate measured (the
 * blockhash aside, which has a fixed size).
 */
import { type Instruction, isSignerRole, isWritableRole } from "@solana/kit";

/** One instruction as the SDK's SVM adapter reads it. */
export interface SdkSvmInstruction {
  programId: string;
  keys: { pubkey: string; isSigner: boolean; isWritable: boolean }[];
  /** Instruction data, hex without 0x. */
  data: string;
}

export function toSdkInstructions(instructions: readonly Instruction[]): SdkSvmInstruction[] {
  return instructions.map((instruction) => ({
    programId: instruction.programAddress,
    keys: (instruction.accounts ?? []).map((account) => ({
      pubkey: account.address,
      isSigner: isSignerRole(account.role),
      isWritable: isWritableRole(account.role),
    })),
    data: Buffer.from(instruction.data ?? new Uint8Array()).toString("hex"),
  }));
}
