/**
 * Test helper: builds kit transactions of a chosen shape (legacy or v0, signers,
 * accounts, instructions, address lookup tables) from a small recipe, plus an
 * independent size oracle computed from the compiled message layout.
 */
import {
  AccountRole,
  type Address,
  appendTransactionMessageInstructions,
  type Blockhash,
  type CompiledTransactionMessage,
  compileTransaction,
  compileTransactionMessage,
  compressTransactionMessageUsingAddressLookupTables,
  createTransactionMessage,
  getBase58Decoder,
  type Instruction,
  type SignatureBytes,
  setTransactionMessageFeePayer,
  setTransactionMessageLifetimeUsingBlockhash,
  type Transaction,
  type TransactionMessage,
  type TransactionMessageWithFeePayer,
} from "@solana/kit";
import { createRng } from "../../src/rng.ts";

export type InstructionRecipe = Readonly<{
  /** Index (mod program count) of the program the instruction calls. */
  program: number;
  /** Accounts: index (mod pool size) into the non-signer account pool, and writability. */
  accounts: readonly Readonly<{ index: number; writable: boolean }>[];
  dataLength: number;
}>;

export type TxRecipe = Readonly<{
  version: "legacy" | 0;
  /** Seed of every address, data byte and signature in the transaction. */
  seed: number;
  /** Signers besides the fee payer; each is attached to one instruction. */
  extraSigners: number;
  /** Bit i set: extra signer i is read-only. */
  readonlySignerMask: number;
  programs: number;
  /** Size of the non-signer account pool. */
  pool: number;
  instructions: readonly InstructionRecipe[];
  /** v0 only: tables holding `count` pool accounts starting at `from`, plus `padding` unrelated entries. */
  lookupTables: readonly Readonly<{ from: number; count: number; padding: number }>[];
  /** Which signer slots get (random) 64-byte signatures. */
  signatures: "none" | "partial" | "all";
}>;

type V0Message = Parameters<typeof compressTransactionMessageUsingAddressLookupTables>[0];

export function randomBytes(rng: () => number, length: number): Uint8Array {
  const out = new Uint8Array(length);
  for (let i = 0; i < length; i++) out[i] = Math.floor(rng() * 256);
  return out;
}

const bytesToBase58 = getBase58Decoder();

export function randomAddress(rng: () => number): Address {
  return bytesToBase58.decode(randomBytes(rng, 32)) as Address;
}

/** A legacy or v0 message with a fee payer. */
export type BuiltMessage = Extract<TransactionMessage, { version: "legacy" | 0 }> &
  TransactionMessageWithFeePayer;

export type BuiltTx = Readonly<{
  recipe: TxRecipe;
  message: BuiltMessage;
  transaction: Transaction;
}>;

/** Builds the message described by `recipe` and compiles it into a transaction. */
export function buildTransaction(recipe: TxRecipe): BuiltTx {
  const rng = createRng(recipe.seed);
  const feePayer = randomAddress(rng);
  const signers = Array.from({ length: recipe.extraSigners }, () => randomAddress(rng));
  const programs = Array.from({ length: Math.max(1, recipe.programs) }, () => randomAddress(rng));
  const pool = Array.from({ length: recipe.pool }, () => randomAddress(rng));
  const blockhash = randomAddress(rng) as string as Blockhash;

  const instructions: Instruction[] = recipe.instructions.map((ix) => {
    const accounts =
      pool.length === 0
        ? []
        : ix.accounts.map((a) => ({
            address: pool[a.index % pool.length] as Address,
            role: a.writable ? AccountRole.WRITABLE : AccountRole.READONLY,
          }));
    return {
      programAddress: programs[ix.program % programs.length] as Address,
      accounts,
      data: randomBytes(rng, ix.dataLength),
    };
  });
  // Each extra signer joins one instruction (signers no instruction uses are not compiled in).
  if (instructions.length > 0) {
    signers.forEach((signer, i) => {
      const target = instructions[i % instructions.length] as Instruction;
      const role =
        (recipe.readonlySignerMask >> i) & 1 ? AccountRole.READONLY_SIGNER : AccountRole.WRITABLE_SIGNER;
      instructions[i % instructions.length] = {
        ...target,
        accounts: [...(target.accounts ?? []), { address: signer, role }],
      };
    });
  }

  const base = appendTransactionMessageInstructions(
    instructions,
    setTransactionMessageLifetimeUsingBlockhash(
      { blockhash, lastValidBlockHeight: 1n },
      setTransactionMessageFeePayer(feePayer, createTransactionMessage({ version: recipe.version })),
    ),
  );
  let message: BuiltMessage = base;
  if (recipe.version === 0 && recipe.lookupTables.length > 0 && base.version === 0) {
    const tables: Record<Address, Address[]> = {};
    for (const table of recipe.lookupTables) {
      const entries: Address[] = [];
      for (let i = 0; i < table.count && pool.length > 0; i++) {
        entries.push(pool[(table.from + i) % pool.length] as Address);
      }
      for (let i = 0; i < table.padding; i++) entries.push(randomAddress(rng));
      tables[randomAddress(rng)] = entries;
    }
    message = compressTransactionMessageUsingAddressLookupTables(base as V0Message, tables) as typeof message;
  }

  const compiled = compileTransaction(message);
  const signatures: Record<Address, SignatureBytes | null> = {};
  const keys = Object.keys(compiled.signatures) as Address[];
  keys.forEach((key, i) => {
    const sign = recipe.signatures === "all" || (recipe.signatures === "partial" && i % 2 === 0);
    signatures[key] = sign ? (randomBytes(rng, 64) as SignatureBytes) : null;
  });
  const transaction: Transaction = { ...compiled, signatures };
  return { recipe, message, transaction };
}

function shortVecLength(n: number): number {
  return n < 0x80 ? 1 : n < 0x4000 ? 2 : 3;
}

/**
 * Expected wire size computed field by field from the compiled message layout
 * (not from kit's encoder): signatures, optional version byte, 3-byte header,
 * static accounts, 32-byte lifetime token, instructions, address table lookups.
 */
export function oracleSize(message: TransactionMessage & TransactionMessageWithFeePayer): number {
  const compiled = compileTransactionMessage(message) as CompiledTransactionMessage;
  if (compiled.version === 1) throw new Error("oracle covers legacy and v0 only");
  const signers = compiled.header.numSignerAccounts;
  let size = shortVecLength(signers) + 64 * signers;
  size += compiled.version === 0 ? 1 : 0;
  size += 3;
  size += shortVecLength(compiled.staticAccounts.length) + 32 * compiled.staticAccounts.length;
  size += 32;
  size += shortVecLength(compiled.instructions.length);
  for (const ix of compiled.instructions) {
    const accounts = ix.accountIndices?.length ?? 0;
    const data = ix.data?.length ?? 0;
    size += 1 + shortVecLength(accounts) + accounts + shortVecLength(data) + data;
  }
  if (compiled.version === 0) {
    const lookups = compiled.addressTableLookups ?? [];
    size += shortVecLength(lookups.length);
    for (const lookup of lookups) {
      size += 32;
      size += shortVecLength(lookup.writableIndexes.length) + lookup.writableIndexes.length;
      size += shortVecLength(lookup.readonlyIndexes.length) + lookup.readonlyIndexes.length;
    }
  }
  return size;
}

/** A one-instruction recipe whose data is padded until the wire size is exactly `target` bytes. */
export function buildTransactionOfSize(
  target: number,
  base: Partial<TxRecipe> & Pick<TxRecipe, "version"> = { version: 0 },
): BuiltTx {
  const recipe = (dataLength: number): TxRecipe => ({
    seed: 7,
    extraSigners: 0,
    readonlySignerMask: 0,
    programs: 1,
    pool: 4,
    lookupTables: [],
    signatures: "all",
    ...base,
    instructions: [
      {
        program: 0,
        accounts: Array.from({ length: base.pool ?? 4 }, (_, i) => ({ index: i, writable: i % 2 === 0 })),
        dataLength,
      },
    ],
  });
  let dataLength = 0;
  for (let round = 0; round < 8; round++) {
    const built = buildTransaction(recipe(dataLength));
    const size = oracleSize(built.message);
    if (size === target) return built;
    dataLength += target - size;
    if (dataLength < 0) break;
  }
  throw new Error(`cannot build a transaction of exactly ${target} bytes`);
}
