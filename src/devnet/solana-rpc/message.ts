/**
 * What the runtime reads from a transaction's message before running it: its account keys (static,
 * then those loaded from address lookup tables, writable before read-only), which are writable, the
 * compute-budget requests, and the fee it charges (5,000 lamports a signature plus the priority fee).
 */
import {
  type Address,
  getAddressDecoder,
  getCompiledTransactionMessageDecoder,
  type ReadonlyUint8Array,
  type Transaction,
} from "@solana/kit";
import type { LiteSVM } from "litesvm";

export const LAMPORTS_PER_SIGNATURE = 5000n;
const COMPUTE_BUDGET_PROGRAM = "ComputeBudget111111111111111111111111111111";
const DEFAULT_UNITS_PER_INSTRUCTION = 200_000n;
const MAX_COMPUTE_UNITS = 1_400_000n;
/** Address lookup table accounts: a 56-byte header, then 32-byte addresses. */
const LOOKUP_TABLE_HEADER = 56;

export interface CompiledInstruction {
  programAddressIndex: number;
  accountIndices?: number[];
  data?: ReadonlyUint8Array;
}

export interface DecodedMessage {
  version: "legacy" | 0;
  header: {
    numSignerAccounts: number;
    numReadonlySignerAccounts: number;
    numReadonlyNonSignerAccounts: number;
  };
  staticAccounts: Address[];
  lifetimeToken: string;
  instructions: CompiledInstruction[];
  addressTableLookups?: {
    lookupTableAddress: Address;
    writableIndexes: number[];
    readonlyIndexes: number[];
  }[];
}

export interface MessageAccounts {
  /** Static keys, then loaded writable, then loaded read-only (the order instruction indices use). */
  keys: Address[];
  writable: boolean[];
  loaded: { writable: Address[]; readonly: Address[] };
}

const messageDecoder = getCompiledTransactionMessageDecoder();
const addressDecoder = getAddressDecoder();

export function decodeMessage(messageBytes: ReadonlyUint8Array): DecodedMessage {
  return messageDecoder.decode(messageBytes) as unknown as DecodedMessage;
}

export function messageOf(tx: Transaction): DecodedMessage {
  return decodeMessage(tx.messageBytes);
}

function lookupTableAddresses(svm: LiteSVM, table: Address): Address[] {
  const account = svm.getAccount(table);
  if (!account.exists || account.data.length < LOOKUP_TABLE_HEADER) return [];
  const out: Address[] = [];
  for (let offset = LOOKUP_TABLE_HEADER; offset + 32 <= account.data.length; offset += 32) {
    out.push(addressDecoder.decode(account.data.subarray(offset, offset + 32)));
  }
  return out;
}

/** The message's account keys with lookup tables resolved against the chain's current state. */
export function messageAccounts(svm: LiteSVM, message: DecodedMessage): MessageAccounts {
  const { header, staticAccounts } = message;
  const loaded = { writable: [] as Address[], readonly: [] as Address[] };
  for (const lookup of message.addressTableLookups ?? []) {
    const table = lookupTableAddresses(svm, lookup.lookupTableAddress);
    for (const i of lookup.writableIndexes) if (table[i]) loaded.writable.push(table[i]);
    for (const i of lookup.readonlyIndexes) if (table[i]) loaded.readonly.push(table[i]);
  }
  const writable = staticAccounts.map((_, i) =>
    i < header.numSignerAccounts
      ? i < header.numSignerAccounts - header.numReadonlySignerAccounts
      : i < staticAccounts.length - header.numReadonlyNonSignerAccounts,
  );
  return {
    keys: [...staticAccounts, ...loaded.writable, ...loaded.readonly],
    writable: [...writable, ...loaded.writable.map(() => true), ...loaded.readonly.map(() => false)],
    loaded,
  };
}

const readU32 = (data: ReadonlyUint8Array) =>
  BigInt(new DataView(data.buffer, data.byteOffset, data.byteLength).getUint32(1, true));
const readU64 = (data: ReadonlyUint8Array) =>
  new DataView(data.buffer, data.byteOffset, data.byteLength).getBigUint64(1, true);

/** The compute-unit price (micro-lamports) and limit the message asks for. */
export function computeBudget(message: DecodedMessage): { unitPrice: bigint; unitLimit: bigint } {
  let unitPrice = 0n;
  let unitLimit: bigint | null = null;
  let others = 0n;
  for (const instruction of message.instructions) {
    const data = instruction.data ?? new Uint8Array();
    if (message.staticAccounts[instruction.programAddressIndex] !== COMPUTE_BUDGET_PROGRAM) {
      others++;
    } else if (data[0] === 2 && data.length === 5) {
      unitLimit = readU32(data);
    } else if (data[0] === 3 && data.length === 9) {
      unitPrice = readU64(data);
    }
  }
  const limit = unitLimit ?? others * DEFAULT_UNITS_PER_INSTRUCTION;
  return { unitPrice, unitLimit: limit < MAX_COMPUTE_UNITS ? limit : MAX_COMPUTE_UNITS };
}

/** Lamports the runtime charges the fee payer for this message. */
export function messageFee(message: DecodedMessage): bigint {
  const { unitPrice, unitLimit } = computeBudget(message);
  const priority = (unitPrice * unitLimit + 999_999n) / 1_000_000n;
  return LAMPORTS_PER_SIGNATURE * BigInt(message.header.numSignerAccounts) + priority;
}
