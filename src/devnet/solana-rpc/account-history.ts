/**
 * The chain's accounts as of a closed slot, for reads at `confirmed` and `finalized` (a validator
 * serves each commitment from its own bank; LiteSVM holds only the latest state). Copy on write per
 * slot: before a slot first writes an account, the account's prior state is kept in that slot's undo
 * set. The state as of slot S is, account by account, the prior state kept by the earliest slot after
 * S that wrote it, else the latest state. Undo sets no read can reach any more (slots at or below the
 * finalized slot) are dropped, so memory stays bounded by what the last ~33 slots wrote. A write
 * outside any slot's history (a cheatcode's) drops the prior states of what it wrote: every commitment
 * reads it at once.
 */
import type { Address, EncodedAccount, MaybeEncodedAccount } from "@solana/kit";
import type { LiteSVM } from "litesvm";

/** Where account reads come from: the latest state (LiteSVM itself) or the state as of a slot. */
export interface AccountSource {
  getAccount(address: Address): MaybeEncodedAccount;
  getProgramAccounts(program: Address): EncodedAccount[];
}

export interface AccountHistory {
  /**
   * Keeps the current state of `addresses` as `slot`'s prior state, unless the slot wrote them already;
   * `current` reads that state (LiteSVM by default; a caller holding an account's state gives it).
   */
  beforeWrite(
    slot: number,
    addresses: Iterable<Address>,
    current?: (address: Address) => MaybeEncodedAccount,
  ): void;
  /** The accounts as the end of `slot` left them. */
  asOf(slot: number): AccountSource;
  /** Drops every prior state kept for `addresses`: reads at every commitment see their latest state. */
  overwrite(addresses: Iterable<Address>): void;
  /** Drops the prior states of slots up to `slot`: no read asks for a state older than `slot`. */
  forgetThrough(slot: number): void;
}

export function createAccountHistory(svm: LiteSVM): AccountHistory {
  /** Slot -> address -> the account before the slot first wrote it; `slots` lists the keys in order. */
  const undo = new Map<number, Map<Address, MaybeEncodedAccount>>();
  let slots: number[] = [];

  function asOf(slot: number): AccountSource {
    const later = slots.filter((s) => s > slot).map((s) => undo.get(s) as Map<Address, MaybeEncodedAccount>);
    const getAccount = (address: Address): MaybeEncodedAccount => {
      for (const written of later) {
        const prior = written.get(address);
        if (prior) return prior;
      }
      return svm.getAccount(address);
    };
    return {
      getAccount,
      getProgramAccounts(program) {
        if (later.length === 0) return svm.getProgramAccounts(program);
        const changed = new Set(later.flatMap((written) => [...written.keys()]));
        const unchanged = svm.getProgramAccounts(program).filter((found) => !changed.has(found.address));
        const then = [...changed].flatMap((address) => {
          const found = getAccount(address);
          return found.exists && found.programAddress === program ? [found] : [];
        });
        return [...unchanged, ...then];
      },
    };
  }

  return {
    beforeWrite(slot, addresses, current = (address) => svm.getAccount(address)) {
      let written = undo.get(slot);
      if (!written) {
        written = new Map();
        undo.set(slot, written);
        slots = [...slots, slot].sort((a, b) => a - b);
      }
      for (const address of addresses) {
        if (!written.has(address)) written.set(address, current(address));
      }
    },
    asOf,
    overwrite(addresses) {
      for (const address of addresses) for (const written of undo.values()) written.delete(address);
    },
    forgetThrough(slot) {
      while (slots.length > 0 && (slots[0] as number) <= slot) undo.delete(slots.shift() as number);
    },
  };
}
