/**
 * The ledger's SlotHashes sysvar, written as bytes shifted one entry per slot, against LiteSVM's own
 * `setSlotHashes` of the same entries: the account (data, owner, lamports) is byte for byte the one
 * LiteSVM writes, for any starting list and any run of new slots, and the runtime reads the entries;
 * through the ledger, SlotHashes read at each commitment is the account its slot saw.
 */
import { getBase58Decoder } from "@solana/kit";
import { expect } from "chai";
import fc from "fast-check";
import { LiteSVM } from "litesvm";
import { createSvmLedger } from "../../src/devnet/solana-rpc/ledger.ts";
import {
  createSlotHashesSysvar,
  MAX_SLOT_HASHES,
  SLOT_HASHES_SYSVAR,
  type SlotHash,
} from "../../src/devnet/solana-rpc/slot-hashes-sysvar.ts";

const base58 = getBase58Decoder();
const hashOf = (bytes: Uint8Array) => base58.decode(bytes);

/** `count` entries, newest first, from slot `newest` down. */
function entries(newest: number, count: number, seed: number): SlotHash[] {
  return Array.from({ length: count }, (_, i) => ({
    slot: BigInt(newest - i),
    hash: hashOf(Uint8Array.from({ length: 32 }, (_, b) => (seed + i * 31 + b * 7) % 256)),
  }));
}

/** The SlotHashes account LiteSVM itself writes for `list`. */
function writtenByLiteSvm(list: readonly SlotHash[]) {
  const svm = new LiteSVM();
  svm.setSlotHashes([...list]);
  return svm.getAccount(SLOT_HASHES_SYSVAR);
}

describe("SVM SlotHashes sysvar (the ledger's per-slot write)", () => {
  it("property: after any run of new slots the account is the one setSlotHashes writes", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: MAX_SLOT_HASHES }),
        fc.array(fc.uint8Array({ minLength: 32, maxLength: 32 }), { maxLength: 24 }),
        (initialCount, newHashes) => {
          const svm = new LiteSVM();
          const start = 10_000;
          let expected = entries(start, initialCount, initialCount);
          const sysvar = createSlotHashesSysvar(svm, expected);
          newHashes.forEach((bytes, i) => {
            const slot = start + 1 + i;
            sysvar.push(slot, hashOf(bytes));
            expected = [{ slot: BigInt(slot), hash: hashOf(bytes) }, ...expected].slice(0, MAX_SLOT_HASHES);
          });
          const account = svm.getAccount(SLOT_HASHES_SYSVAR);
          expect(account).to.deep.equal(writtenByLiteSvm(expected));
          expect(sysvar.account()).to.deep.equal(account);
          expect(sysvar.entries()).to.deep.equal(expected);
          // What the runtime reads back from the account.
          expect(svm.getSlotHashes().map(({ slot, hash }) => ({ slot, hash }))).to.deep.equal(expected);
        },
      ),
      { numRuns: 60 },
    );
  });

  it("a full list stays at 512 entries, dropping the oldest, across many slots", () => {
    const svm = new LiteSVM();
    let expected = entries(5_000, MAX_SLOT_HASHES, 3);
    const sysvar = createSlotHashesSysvar(svm, expected);
    for (let slot = 5_001; slot <= 5_700; slot++) {
      const hash = hashOf(Uint8Array.from({ length: 32 }, (_, b) => (slot + b) % 256));
      sysvar.push(slot, hash);
      expected = [{ slot: BigInt(slot), hash }, ...expected].slice(0, MAX_SLOT_HASHES);
    }
    expect(svm.getAccount(SLOT_HASHES_SYSVAR)).to.deep.equal(writtenByLiteSvm(expected));
    expect(svm.getSlotHashes()).to.have.length(MAX_SLOT_HASHES);
    expect(svm.getSlotHashes()[0]?.slot).to.equal(5_700n);
    expect(svm.getSlotHashes().at(-1)?.slot).to.equal(BigInt(5_700 - MAX_SLOT_HASHES + 1));
  });

  it("reset puts every entry back, and the next slot shifts from there", () => {
    const svm = new LiteSVM();
    const sysvar = createSlotHashesSysvar(svm, entries(900, MAX_SLOT_HASHES, 1));
    for (let slot = 901; slot < 950; slot++) sysvar.push(slot, entries(slot, 1, slot)[0]?.hash as string);
    const saved = entries(700, MAX_SLOT_HASHES, 9);
    sysvar.reset(saved);
    expect(svm.getAccount(SLOT_HASHES_SYSVAR)).to.deep.equal(writtenByLiteSvm(saved));
    const next = entries(701, 1, 42);
    sysvar.push(701, next[0]?.hash as string);
    expect(svm.getAccount(SLOT_HASHES_SYSVAR)).to.deep.equal(
      writtenByLiteSvm([...next, ...saved].slice(0, MAX_SLOT_HASHES)),
    );
  });

  it("refuses a list longer than the sysvar holds", () => {
    const svm = new LiteSVM();
    expect(() => createSlotHashesSysvar(svm, entries(2_000, MAX_SLOT_HASHES + 1, 0))).to.throw(
      RangeError,
      /at most 512 entries/,
    );
  });

  it("the copy it hands out is the account's, not a view of its own bytes", () => {
    const svm = new LiteSVM();
    const sysvar = createSlotHashesSysvar(svm, entries(3_000, 10, 5));
    const before = sysvar.account();
    sysvar.push(3_001, entries(3_001, 1, 77)[0]?.hash as string);
    expect(before).to.deep.equal(writtenByLiteSvm(entries(3_000, 10, 5)));
    expect(sysvar.account()).to.not.deep.equal(before);
  });

  it("through the ledger, SlotHashes at confirmed and finalized is what processed read in that slot", () => {
    const ledger = createSvmLedger({ svm: new LiteSVM(), slotTimeMs: 1_000_000, finalizationDepth: 3 });
    const seen = new Map<number, unknown>();
    try {
      for (let i = 0; i < 8; i++) {
        seen.set(ledger.slot("processed"), ledger.accounts("processed").getAccount(SLOT_HASHES_SYSVAR));
        ledger.travel(1);
      }
      const processed = ledger.accounts("processed").getAccount(SLOT_HASHES_SYSVAR);
      expect(processed.exists && newestSlot(processed.data)).to.equal(BigInt(ledger.slot("processed")));
      for (const commitment of ["confirmed", "finalized"] as const) {
        const slot = ledger.slot(commitment);
        expect(seen.has(slot), `${commitment} slot ${slot} was read`).to.equal(true);
        expect(ledger.accounts(commitment).getAccount(SLOT_HASHES_SYSVAR)).to.deep.equal(seen.get(slot));
      }
    } finally {
      ledger.close();
    }
  });
});

/** The newest slot in SlotHashes account data. */
const newestSlot = (data: Uint8Array) =>
  new DataView(data.buffer, data.byteOffset, data.byteLength).getBigUint64(8, true);
