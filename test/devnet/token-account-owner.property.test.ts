/**
 * The raw-data owner test that lets `getTokenAccountsByOwner` skip decoding other owners' accounts
 * (`mayBeOwnedBy`): it must pass every token account of the owner, in both programs' layouts, or the
 * list would silently lose accounts.
 */

import { type Address, getAddressDecoder } from "@solana/kit";
import { AccountState, getTokenEncoder } from "@solana-program/token";
import { expect } from "chai";
import fc from "fast-check";
import { mayBeOwnedBy } from "../../src/devnet/solana-rpc/token-accounts.ts";

const anAddress = fc
  .uint8Array({ minLength: 32, maxLength: 32 })
  .map((bytes) => getAddressDecoder().decode(bytes));

function tokenAccount(owner: Address, mint: Address, amount: bigint, extension: Uint8Array): Uint8Array {
  const base = getTokenEncoder().encode({
    mint,
    owner,
    amount,
    delegate: null,
    state: AccountState.Initialized,
    isNative: null,
    delegatedAmount: 0n,
    closeAuthority: null,
  });
  return new Uint8Array([...base, ...extension]);
}

describe("devnet token accounts by owner: the raw-data owner test", () => {
  it("property: passes every token account of the owner (Token and Token-2022 layouts), fails another owner's", () => {
    fc.assert(
      fc.property(
        anAddress,
        anAddress,
        anAddress,
        fc.bigInt({ min: 0n, max: 2n ** 64n - 1n }),
        fc.uint8Array({ maxLength: 40 }),
        (owner, other, mint, amount, extension) => {
          fc.pre(owner !== other);
          const data = tokenAccount(owner, mint, amount, extension);
          expect(mayBeOwnedBy(owner)(data)).to.equal(true);
          expect(mayBeOwnedBy(other)(data)).to.equal(false);
        },
      ),
    );
  });

  it("fails data too short to hold an owner", () => {
    const owner = getAddressDecoder().decode(new Uint8Array(32));
    expect(mayBeOwnedBy(owner)(new Uint8Array(63))).to.equal(false);
  });
});
