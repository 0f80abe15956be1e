/**
 * The quoted SVM deposit pays with the origin mint's own token program: a Token-2022 mint's deposit
 * names Token-2022 and the associated accounts derived under it (under SPL Token they are other
 * addresses, which Token-2022 refuses). The order's depository deposit through the devnet's quote
 * runs in the payment-path matrix (test/e2e/payment-paths.test.ts).
 */
import { type Address, getAddressDecoder } from "@solana/kit";
import { findAssociatedTokenPda, TOKEN_PROGRAM_ADDRESS } from "@solana-program/token";
import { expect } from "chai";
import fc from "fast-check";
import { zeroAddress } from "viem";
import { buildSvmDeposit, TOKEN_2022_PROGRAM } from "../../src/service/svm-route.ts";

const addressArb = fc
  .uint8Array({ minLength: 32, maxLength: 32 })
  .map((bytes) => getAddressDecoder().decode(bytes));
const ata = async (owner: Address, mint: Address, tokenProgram: Address) =>
  (await findAssociatedTokenPda({ owner, mint, tokenProgram }))[0];

describe("service: the quoted SVM deposit uses the mint's token program", () => {
  const cases = fc.record({
    mint: addressArb,
    user: addressArb,
    solver: addressArb,
    amount: fc.bigInt({ min: 1n, max: 2n ** 64n - 1n }),
    tokenProgram: fc.constantFrom<Address | undefined>(TOKEN_2022_PROGRAM, TOKEN_PROGRAM_ADDRESS, undefined),
  });
  it("property: the memo-tagged transfer runs under the mint's program between the accounts derived under it", async () => {
    await fc.assert(
      fc.asyncProperty(cases, async (c) => {
        const program = c.tokenProgram ?? TOKEN_PROGRAM_ADDRESS;
        const { instructions } = await buildSvmDeposit({
          requestId: `0x${"ab".repeat(32)}`,
          user: c.user,
          originCurrency: c.mint,
          destinationChainId: 8453,
          destinationCurrency: zeroAddress,
          amount: c.amount,
          solver: c.solver,
          maxRouteLength: 0,
          ...(c.tokenProgram === undefined ? {} : { tokenProgram: c.tokenProgram }),
        });
        const transfer = instructions.find((ix) => ix.programId === program);
        expect(transfer, "the transfer runs under the mint's program").to.not.equal(undefined);
        expect(transfer?.keys.slice(0, 2).map((k) => k.pubkey)).to.deep.equal([
          await ata(c.user, c.mint, program),
          await ata(c.solver, c.mint, program),
        ]);
      }),
      { numRuns: 40 },
    );
  });
});
