/**
 * The SlotHashes sysvar as the ledger writes it once a slot: its account bytes kept here and shifted
 * by one entry per new slot, then written as they are. LiteSVM's `setSlotHashes` parses all 512
 * hashes from base58 and sorts them on every call (about 0.6 ms a slot, and a clock move closes up to
 * 33 slots at once); writing the bytes costs a copy. The layout is the sysvar's bincode form in its
 * fixed-size account: the entry count (u64 LE), then (slot u64 LE, hash 32 bytes) newest first.
 * `reset` sets every entry through LiteSVM itself, so the account's size, owner and lamports are
 * LiteSVM's own.
 */
import { type Address, getBase58Encoder, type MaybeEncodedAccount } from "@solana/kit";
import type { LiteSVM } from "litesvm";

export const SLOT_HASHES_SYSVAR = "SysvarS1otHashes111111111111111111111111111" as Address;
/** Entries the sysvar holds (`MAX_ENTRIES`). */
export const MAX_SLOT_HASHES = 512;
const COUNT_BYTES = 8;
const SLOT_BYTES = 8;
const ENTRY_BYTES = SLOT_BYTES + 32;

type ExistingAccount = Extract<MaybeEncodedAccount, { exists: true }>;

export interface SlotHash {
  slot: bigint;
  /** base58 */
  hash: string;
}

export interface SlotHashesSysvar {
  /** Puts `slot`'s hash (base58) first, the oldest entry dropped past `MAX_SLOT_HASHES`. */
  push(slot: number, hash: string): void;
  /** Sets every entry, newest first. */
  reset(entries: readonly SlotHash[]): void;
  /** The entries, newest first (a copy). */
  entries(): SlotHash[];
  /** The sysvar's account as it stands (its data a copy): the state a slot's history keeps. */
  account(): ExistingAccount;
}

export function createSlotHashesSysvar(svm: LiteSVM, initial: readonly SlotHash[]): SlotHashesSysvar {
  const base58 = getBase58Encoder();
  let entries: SlotHash[] = [];
  let template: ExistingAccount;
  let data: Uint8Array;
  let view: DataView;

  function reset(next: readonly SlotHash[]): void {
    if (next.length > MAX_SLOT_HASHES)
      throw new RangeError(`SlotHashes holds at most ${MAX_SLOT_HASHES} entries`);
    entries = next.map((entry) => ({ ...entry }));
    svm.setSlotHashes(entries);
    const written = svm.getAccount(SLOT_HASHES_SYSVAR);
    if (!written.exists) throw new Error("LiteSVM wrote no SlotHashes account");
    template = written;
    data = new Uint8Array(written.data);
    view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  }

  reset(initial);
  return {
    push(slot, hash) {
      const count = Math.min(entries.length + 1, MAX_SLOT_HASHES);
      data.copyWithin(COUNT_BYTES + ENTRY_BYTES, COUNT_BYTES, COUNT_BYTES + (count - 1) * ENTRY_BYTES);
      view.setBigUint64(0, BigInt(count), true);
      view.setBigUint64(COUNT_BYTES, BigInt(slot), true);
      data.set(base58.encode(hash), COUNT_BYTES + SLOT_BYTES);
      entries.unshift({ slot: BigInt(slot), hash });
      if (entries.length > MAX_SLOT_HASHES) entries.pop();
      svm.setAccount({ ...template, data });
    },
    reset,
    entries: () => entries.map((entry) => ({ ...entry })),
    account: () => ({ ...template, data: data.slice() }),
  };
}
