/**
 * The account history behind commitment reads, against a model: for any sequence of slots writing
 * accounts (created, changed, moved to another owner, closed), the state as of every slot not yet
 * forgotten is exactly what the end of that slot left, for single reads and for program account
 * listings, while LiteSVM itself holds only the latest state.
 */
import { type Address, address, generateKeyPairSigner, lamports } from "@solana/kit";
import { expect } from "chai";
import fc from "fast-check";
import { LiteSVM } from "litesvm";
import { createAccountHistory } from "../../src/devnet/solana-rpc/account-history.ts";

const OWNERS = [
  address("11111111111111111111111111111111"),
  address("MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr"),
];
/** An account's state in the model: lamports and owner, or closed. */
type State = { lamports: bigint; owner: number } | null;

describe("SVM account history (commitment reads)", () => {
  it("property: the state as of each remembered slot is what that slot's end left", async () => {
    const keys: Address[] = await Promise.all(
      Array.from({ length: 4 }, async () => (await generateKeyPairSigner()).address),
    );
    const write = fc.record({
      key: fc.integer({ min: 0, max: keys.length - 1 }),
      state: fc.option(
        fc.record({
          lamports: fc.bigInt({ min: 1n, max: 10n ** 12n }),
          owner: fc.integer({ min: 0, max: 1 }),
        }),
        { nil: null },
      ),
    });
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.array(write, { maxLength: 4 }), { minLength: 1, maxLength: 12 }),
        async (slots) => {
          const svm = new LiteSVM();
          const history = createAccountHistory(svm);
          const put = (key: Address, state: State) =>
            svm.setAccount({
              address: key,
              lamports: lamports(state?.lamports ?? 0n),
              programAddress: OWNERS[state?.owner ?? 0] as Address,
              executable: false,
              data: new Uint8Array(state ? 8 : 0),
              space: BigInt(state ? 8 : 0),
            });
          // The model: each slot's end state, starting from every account closed (slot 0's start).
          const ends: State[][] = [];
          let current: State[] = keys.map(() => null);
          slots.forEach((writes, index) => {
            const slot = index + 1;
            for (const { key, state } of writes) {
              history.beforeWrite(slot, [keys[key] as Address]);
              put(keys[key] as Address, state);
              current = current.map((old, i) => (i === key ? state : old));
            }
            ends[slot] = current;
          });
          const forgotten = Math.floor(slots.length / 2);
          history.forgetThrough(forgotten);
          for (let slot = forgotten; slot <= slots.length; slot++) {
            const view = history.asOf(slot);
            const expected = ends[slot] ?? keys.map(() => null);
            keys.forEach((key, i) => {
              const found = view.getAccount(key);
              const state = expected[i];
              if (state === null || state === undefined) {
                expect(found.exists && found.lamports > 0n, `slot ${slot} key ${i}`).to.equal(false);
              } else {
                expect(found.exists && found.lamports, `slot ${slot} key ${i}`).to.equal(state.lamports);
                expect(found.exists && found.programAddress).to.equal(OWNERS[state.owner]);
              }
            });
            for (const [owner, program] of OWNERS.entries()) {
              const listed = new Set(
                view
                  .getProgramAccounts(program)
                  .filter((found) => found.lamports > 0n)
                  .map((found) => found.address),
              );
              const wanted = keys.filter((_, i) => expected[i]?.owner === owner);
              for (const key of keys)
                expect(listed.has(key), `slot ${slot} owner ${owner}`).to.equal(wanted.includes(key));
            }
          }
        },
      ),
      { numRuns: 60 },
    );
  });
});
