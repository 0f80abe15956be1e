/**
 * What an SVM instruction of an order's quote may be: the depository instruction (checked on its
 * own), compute-budget instructions (their priority fee bounded), and the idempotent creation of the
 * payer's own associated token account paid by the payer. Anything else (a system or token transfer,
 * an authority change, an unknown program) can move the payer's funds and is refused with the reason.
 */
import { hexToBytes } from "viem";
import { encodeOrderAddress } from "./address/index.ts";
import type { QuoteSvmInstruction } from "./depository-svm.ts";
import type { StepItemVerdict } from "./step-items-evm.ts";

const COMPUTE_BUDGET_PROGRAM = "ComputeBudget111111111111111111111111111111";
const ASSOCIATED_TOKEN_PROGRAM = "ATokenGPvbdGVxr1b2hvZbsiqW5xWH25efTNsLJA8knL";
const SYSTEM_PROGRAM = "11111111111111111111111111111111";
const TOKEN_PROGRAMS = new Set([
  "TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA",
  "TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb",
]);

/**
 * Data length (tag byte + little-endian argument) of each compute-budget instruction by tag:
 * RequestHeapFrame (1), SetComputeUnitLimit (2), SetComputeUnitPrice (3), SetLoadedAccountsDataSizeLimit (4).
 */
const COMPUTE_BUDGET_DATA_LENGTH: Readonly<Record<number, number>> = { 1: 5, 2: 5, 3: 9, 4: 5 };
const SET_COMPUTE_UNIT_LIMIT = 2;
const SET_COMPUTE_UNIT_PRICE = 3;
/** The runtime's compute-unit limit without `SetComputeUnitLimit`: 200,000 per instruction, at most 1,400,000. */
const DEFAULT_UNITS_PER_INSTRUCTION = 200_000n;
const MAX_COMPUTE_UNITS = 1_400_000n;
const MICRO_LAMPORTS_PER_LAMPORT = 1_000_000n;
const CREATE_IDEMPOTENT = "01";

function svmBytes(value: string | undefined): string | null {
  try {
    return encodeOrderAddress(value as string, "solana-vm");
  } catch {
    return null;
  }
}

const dataBytes = (instruction: QuoteSvmInstruction) =>
  hexToBytes(`0x${instruction.data.replace(/^0x/, "")}`);

/** A compute-budget instruction's tag and little-endian argument, or null when it is none of the four. */
function decodeComputeBudget(instruction: QuoteSvmInstruction): { tag: number; value: bigint } | null {
  if (instruction.programId !== COMPUTE_BUDGET_PROGRAM || instruction.keys.length !== 0) return null;
  const bytes = dataBytes(instruction);
  const tag = bytes[0] ?? -1;
  if (COMPUTE_BUDGET_DATA_LENGTH[tag] !== bytes.length) return null;
  let value = 0n;
  for (let i = bytes.length - 1; i >= 1; i--) value = (value << 8n) | BigInt(bytes[i] as number);
  return { tag, value };
}

/** The priority fee, in lamports, that a transaction of these instructions costs its fee payer. */
export function svmPriorityFeeLamports(instructions: readonly QuoteSvmInstruction[]): bigint {
  const budget = instructions.map(decodeComputeBudget);
  const price = budget.find((entry) => entry?.tag === SET_COMPUTE_UNIT_PRICE)?.value ?? 0n;
  const others = BigInt(budget.filter((entry) => entry === null).length);
  const requested = budget.find((entry) => entry?.tag === SET_COMPUTE_UNIT_LIMIT)?.value;
  const units = requested ?? DEFAULT_UNITS_PER_INSTRUCTION * others;
  const limit = units < MAX_COMPUTE_UNITS ? units : MAX_COMPUTE_UNITS;
  return (price * limit + MICRO_LAMPORTS_PER_LAMPORT - 1n) / MICRO_LAMPORTS_PER_LAMPORT;
}

/** Classifies one instruction of an SVM step item on the payment chain. */
export function classifySvmInstruction(
  instruction: QuoteSvmInstruction,
  depository: string,
  payer: string,
): StepItemVerdict {
  if (instruction.programId === depository) return { kind: "deposit" };
  const unexpected = (reason: string): StepItemVerdict => ({ kind: "unexpected", reason });
  if (instruction.programId === COMPUTE_BUDGET_PROGRAM) {
    return decodeComputeBudget(instruction) === null
      ? unexpected("it is a compute-budget instruction with accounts or data of no known layout")
      : { kind: "harmless" };
  }
  if (instruction.programId === ASSOCIATED_TOKEN_PROGRAM) {
    const [funding, , wallet, , system, tokenProgram] = instruction.keys.map((key) => key.pubkey);
    if (
      instruction.data.replace(/^0x/, "").toLowerCase() !== CREATE_IDEMPOTENT ||
      instruction.keys.length !== 6
    )
      return unexpected("it is an associated-token-account instruction other than CreateIdempotent");
    if (svmBytes(funding) !== payer || svmBytes(wallet) !== payer)
      return unexpected(
        `it creates an associated token account of ${wallet} funded by ${funding}, not the payer's own`,
      );
    if (system !== SYSTEM_PROGRAM || !TOKEN_PROGRAMS.has(tokenProgram ?? ""))
      return unexpected(
        "it creates an associated token account through a substituted system or token program",
      );
    return { kind: "harmless" };
  }
  return unexpected(
    `it runs program ${instruction.programId}, which is neither the depository, compute budget nor the associated-token-account program`,
  );
}
