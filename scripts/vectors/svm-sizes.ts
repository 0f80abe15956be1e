/**
 * SVM transaction size vectors: deterministic legacy and v0 transactions of
 * varied shapes (signers, accounts, instructions, data, address lookup tables),
 * each with its wire form and the wire size every implementation must measure.
 * Includes transactions exactly at, just under and just over the 1232-byte
 * limit. Signatures are seeded placeholder bytes (a size never depends on
 * signature values); unsigned slots go on the wire as 64 zero bytes.
 */
import {
  AccountRole,
  type Address,
  appendTransactionMessageInstructions,
  type Blockhash,
  compileTransaction,
  compressTransactionMessageUsingAddressLookupTables,
  createTransactionMessage,
  getBase58Decoder,
  getBase64EncodedWireTransaction,
  type Instruction,
  type SignatureBytes,
  setTransactionMessageFeePayer,
  setTransactionMessageLifetimeUsingBlockhash,
  type Transaction,
  type TransactionMessage,
  type TransactionMessageWithFeePayer,
} from "@solana/kit";
import { hexToBytes } from "viem";
import {
  COMPUTE_BUDGET_INSTRUCTIONS_BYTES,
  getSvmTransactionSize,
  SVM_TX_SIZE_LIMIT,
} from "../../src/svm/index.ts";
import type { SeededBytes } from "./seeded.ts";

export type SvmSizeVector = {
  name: string;
  version: "legacy" | 0;
  wireTransactionBase64: string;
  /** Wire size in bytes (length of the decoded base64). */
  size: number;
  /** size <= 1232 */
  withinLimit: boolean;
  /** size + 60 <= 1232: room left for the client's compute-budget instructions */
  fitsComputeBudget: boolean;
};

type Recipe = Readonly<{
  name: string;
  version: "legacy" | 0;
  /** Signers besides the fee payer. */
  extraSigners?: number;
  /** How many of the extra signers are read-only. */
  readonlySigners?: number;
  /** How many signer slots carry a signature (from the fee payer on); the rest are unsigned. */
  signed?: number;
  programs?: number;
  /** Non-signer account pool. */
  pool?: number;
  /** Per instruction: pool indices it uses (odd positions read-only), data length. */
  instructions: readonly Readonly<{ program?: number; accounts: readonly number[]; data: number }>[];
  /** v0: tables holding pool[from .. from+count) plus `padding` unrelated entries. */
  lookupTables?: readonly Readonly<{ from: number; count: number; padding?: number }>[];
  /** Pad the last instruction's data so the wire size is exactly this. */
  targetSize?: number;
}>;

type V0Message = Parameters<typeof compressTransactionMessageUsingAddressLookupTables>[0];

const range = (from: number, count: number) => Array.from({ length: count }, (_, i) => from + i);

const RECIPES: readonly Recipe[] = [
  {
    name: "legacy-minimal-transfer",
    version: "legacy",
    pool: 1,
    instructions: [{ accounts: [0], data: 12 }],
  },
  {
    name: "legacy-two-signers-signed",
    version: "legacy",
    extraSigners: 1,
    signed: 2,
    pool: 4,
    programs: 2,
    instructions: [
      { accounts: [0, 1], data: 9 },
      { program: 1, accounts: [2, 3, 0], data: 34 },
      { accounts: [1], data: 1 },
    ],
  },
  {
    name: "legacy-many-accounts",
    version: "legacy",
    pool: 30,
    instructions: [{ accounts: range(0, 30), data: 8 }],
  },
  {
    name: "legacy-45-accounts-oversized",
    version: "legacy",
    pool: 45,
    instructions: [{ accounts: range(0, 45), data: 8 }],
  },
  {
    name: "v0-45-accounts-in-lookup-table",
    version: 0,
    pool: 45,
    instructions: [{ accounts: range(0, 45), data: 8 }],
    lookupTables: [{ from: 0, count: 45 }],
  },
  {
    name: "legacy-many-instructions",
    version: "legacy",
    pool: 8,
    programs: 3,
    signed: 1,
    instructions: range(0, 14).map((i) => ({
      program: i,
      accounts: [i % 8, (i + 3) % 8],
      data: 4 + (i % 5),
    })),
  },
  {
    name: "legacy-large-data-readonly-signers",
    version: "legacy",
    extraSigners: 3,
    readonlySigners: 2,
    signed: 4,
    pool: 3,
    instructions: [{ accounts: [0, 1, 2], data: 600 }],
  },
  {
    name: "v0-no-lookup-tables",
    version: 0,
    pool: 6,
    programs: 2,
    instructions: [
      { accounts: range(0, 4), data: 40 },
      { program: 1, accounts: [4, 5], data: 10 },
    ],
  },
  {
    name: "v0-one-lookup-table",
    version: 0,
    signed: 1,
    pool: 24,
    instructions: [{ accounts: range(0, 24), data: 64 }],
    lookupTables: [{ from: 0, count: 20, padding: 12 }],
  },
  {
    name: "v0-two-lookup-tables-mixed",
    version: 0,
    extraSigners: 1,
    signed: 1,
    pool: 40,
    programs: 4,
    instructions: [
      { accounts: range(0, 16), data: 24 },
      { program: 1, accounts: range(16, 14), data: 96 },
      { program: 2, accounts: range(30, 10), data: 8 },
      { program: 3, accounts: [0, 16, 30], data: 0 },
    ],
    lookupTables: [
      { from: 0, count: 18, padding: 4 },
      { from: 18, count: 16, padding: 0 },
    ],
  },
  {
    name: "v0-instruction-with-130-account-refs",
    version: 0,
    signed: 1,
    pool: 60,
    instructions: [{ accounts: [...range(0, 60), ...range(0, 70)], data: 16 }],
    lookupTables: [{ from: 0, count: 60 }],
  },
  {
    name: "v0-room-for-compute-budget-exactly",
    version: 0,
    signed: 1,
    pool: 30,
    programs: 3,
    instructions: [
      { accounts: range(0, 12), data: 20 },
      { program: 1, accounts: range(12, 18), data: 40 },
      { program: 2, accounts: [0, 12], data: 100 },
    ],
    lookupTables: [{ from: 0, count: 30 }],
    targetSize: SVM_TX_SIZE_LIMIT - COMPUTE_BUDGET_INSTRUCTIONS_BYTES,
  },
  {
    name: "legacy-at-limit-1232",
    version: "legacy",
    extraSigners: 1,
    signed: 2,
    pool: 10,
    instructions: [{ accounts: range(0, 10), data: 100 }],
    targetSize: SVM_TX_SIZE_LIMIT,
  },
  {
    name: "v0-just-under-limit-1231",
    version: 0,
    signed: 1,
    pool: 40,
    programs: 2,
    instructions: [
      { accounts: range(0, 20), data: 50 },
      { program: 1, accounts: range(20, 20), data: 50 },
    ],
    lookupTables: [{ from: 0, count: 32 }],
    targetSize: SVM_TX_SIZE_LIMIT - 1,
  },
  {
    name: "v0-just-over-limit-1233",
    version: 0,
    signed: 1,
    pool: 40,
    programs: 2,
    instructions: [
      { accounts: range(0, 20), data: 50 },
      { program: 1, accounts: range(20, 20), data: 50 },
    ],
    lookupTables: [{ from: 0, count: 32 }],
    targetSize: SVM_TX_SIZE_LIMIT + 1,
  },
  {
    name: "v0-oversized-route-1301",
    version: 0,
    signed: 1,
    pool: 56,
    programs: 5,
    instructions: range(0, 5).map((i) => ({ program: i, accounts: range(i * 11, 13), data: 60 })),
    lookupTables: [
      { from: 0, count: 30, padding: 8 },
      { from: 30, count: 20 },
    ],
    targetSize: 1301,
  },
];

function build(bytes: SeededBytes, recipe: Recipe, extraData: number): Transaction {
  const bytesToBase58 = getBase58Decoder();
  let counter = 0;
  const nextAddress = () =>
    bytesToBase58.decode(hexToBytes(bytes(`svm-size/${recipe.name}`, counter++, 32))) as Address;
  const feePayer = nextAddress();
  const signers = range(0, recipe.extraSigners ?? 0).map(nextAddress);
  const programs = range(0, recipe.programs ?? 1).map(nextAddress);
  const pool = range(0, recipe.pool ?? 0).map(nextAddress);
  const blockhash = nextAddress() as string as Blockhash;

  const instructions: Instruction[] = recipe.instructions.map((ix, i) => {
    const last = i === recipe.instructions.length - 1;
    const dataLength = ix.data + (last ? extraData : 0);
    return {
      programAddress: programs[(ix.program ?? 0) % programs.length] as Address,
      accounts: ix.accounts.map((index, position) => ({
        address: pool[index % pool.length] as Address,
        role: position % 2 === 1 ? AccountRole.READONLY : AccountRole.WRITABLE,
      })),
      data: hexToBytes(bytes(`svm-size/${recipe.name}/data`, i, dataLength)),
    };
  });
  const readonlySigners = recipe.readonlySigners ?? 0;
  signers.forEach((signer, i) => {
    const target = instructions[i % instructions.length] as Instruction;
    instructions[i % instructions.length] = {
      ...target,
      accounts: [
        ...(target.accounts ?? []),
        {
          address: signer,
          role: i < readonlySigners ? AccountRole.READONLY_SIGNER : AccountRole.WRITABLE_SIGNER,
        },
      ],
    };
  });

  const base = appendTransactionMessageInstructions(
    instructions,
    setTransactionMessageLifetimeUsingBlockhash(
      { blockhash, lastValidBlockHeight: 0n },
      setTransactionMessageFeePayer(feePayer, createTransactionMessage({ version: recipe.version })),
    ),
  );
  let message: TransactionMessage & TransactionMessageWithFeePayer = base;
  if (base.version === 0 && recipe.lookupTables !== undefined) {
    const tables: Record<Address, Address[]> = {};
    for (const table of recipe.lookupTables) {
      const entries = range(table.from, table.count).map((i) => pool[i % pool.length] as Address);
      for (let i = 0; i < (table.padding ?? 0); i++) entries.push(nextAddress());
      tables[nextAddress()] = entries;
    }
    message = compressTransactionMessageUsingAddressLookupTables(base as V0Message, tables) as typeof message;
  }

  const compiled = compileTransaction(message);
  const signed = recipe.signed ?? 0;
  const signatures: Record<Address, SignatureBytes | null> = {};
  (Object.keys(compiled.signatures) as Address[]).forEach((signer, i) => {
    signatures[signer] =
      i < signed ? (hexToBytes(bytes(`svm-size/${recipe.name}/signature`, i, 64)) as SignatureBytes) : null;
  });
  return { ...compiled, signatures };
}

/** Builds the recipe, padding the last instruction's data until the wire size is `targetSize`. */
function buildToSize(bytes: SeededBytes, recipe: Recipe): Transaction {
  let extra = 0;
  let tx = build(bytes, recipe, extra);
  if (recipe.targetSize === undefined) return tx;
  for (let round = 0; round < 8; round++) {
    const size = getSvmTransactionSize(tx);
    if (size === recipe.targetSize) return tx;
    extra += recipe.targetSize - size;
    if (extra < 0) break;
    tx = build(bytes, recipe, extra);
  }
  throw new Error(`svm-size vector ${recipe.name}: cannot reach ${recipe.targetSize} bytes`);
}

/**
 * The SVM size vectors for `test/vectors/svm-sizes.json`. `size` is the length
 * of the decoded `wireTransactionBase64`; every language's size gate must
 * report it and accept exactly the vectors with `withinLimit`.
 */
export function svmSizeVectors(bytes: SeededBytes): { limit: number; vectors: SvmSizeVector[] } {
  const vectors = RECIPES.map((recipe): SvmSizeVector => {
    const tx = buildToSize(bytes, recipe);
    const wireTransactionBase64 = getBase64EncodedWireTransaction(tx);
    const size = Buffer.from(wireTransactionBase64, "base64").length;
    return {
      name: recipe.name,
      version: recipe.version,
      wireTransactionBase64,
      size,
      withinLimit: size <= SVM_TX_SIZE_LIMIT,
      fitsComputeBudget: size + COMPUTE_BUDGET_INSTRUCTIONS_BYTES <= SVM_TX_SIZE_LIMIT,
    };
  });
  return { limit: SVM_TX_SIZE_LIMIT, vectors };
}
