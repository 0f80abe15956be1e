/**
 * The leg verifiers' SVM wire reader against `@solana/kit`'s own decoders: for random legacy and
 * v0 transactions (instructions, accounts, data of any length) both read the same static keys and
 * instructions; truncated or trailing bytes throw instead of reading past the end.
 */
import {
  AccountRole,
  type Address,
  appendTransactionMessageInstructions,
  type Blockhash,
  createTransactionMessage,
  generateKeyPairSigner,
  getBase64EncodedWireTransaction,
  getCompiledTransactionMessageDecoder,
  type Instruction,
  pipe,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  signTransactionMessageWithSigners,
} from "@solana/kit";
import { expect } from "chai";
import fc from "fast-check";
import { parseWireMessage } from "../../src/orders/svm-wire.ts";

describe("orders: the SVM wire reader of the leg verifiers", () => {
  it("property: reads what kit's decoders read, legacy and v0; truncated or trailing bytes throw", async () => {
    const payer = await generateKeyPairSigner();
    const pool = await Promise.all(
      Array.from({ length: 6 }, async () => (await generateKeyPairSigner()).address),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom("legacy" as const, 0 as const),
        fc.array(
          fc.record({
            // Programs and accounts apart: kit refuses a program that is also a writable account.
            program: fc.constantFrom(...pool.slice(0, 3)),
            accounts: fc.array(fc.constantFrom(...pool.slice(3)), { maxLength: 3 }),
            data: fc.uint8Array({ maxLength: 200 }),
          }),
          { minLength: 1, maxLength: 4 },
        ),
        async (version, specs) => {
          const instructions: Instruction[] = specs.map((spec) => ({
            programAddress: spec.program as Address,
            accounts: spec.accounts.map((address) => ({
              address: address as Address,
              role: AccountRole.WRITABLE,
            })),
            data: spec.data,
          }));
          const signed = await pipe(
            createTransactionMessage({ version }),
            (m) => setTransactionMessageFeePayerSigner(payer, m),
            (m) =>
              setTransactionMessageLifetimeUsingBlockhash(
                { blockhash: pool[0] as unknown as Blockhash, lastValidBlockHeight: 0n },
                m,
              ),
            (m) => appendTransactionMessageInstructions(instructions, m),
            (m) => signTransactionMessageWithSigners(m),
          );
          const kit = getCompiledTransactionMessageDecoder().decode(signed.messageBytes) as unknown as {
            staticAccounts: string[];
            instructions: { programAddressIndex: number; accountIndices?: number[]; data?: Uint8Array }[];
          };
          const wire = getBase64EncodedWireTransaction(signed);
          const ours = parseWireMessage(wire);
          expect(ours.staticAccounts).to.deep.equal(kit.staticAccounts.map(String));
          expect(ours.instructions.map((i) => [i.programIndex, i.accountIndices, [...i.data]])).to.deep.equal(
            kit.instructions.map((i) => [i.programAddressIndex, i.accountIndices ?? [], [...(i.data ?? [])]]),
          );
          const bytes = Buffer.from(wire, "base64");
          expect(() => parseWireMessage(bytes.subarray(0, bytes.length - 1).toString("base64"))).to.throw(
            RangeError,
          );
        },
      ),
      { numRuns: 100 },
    );
  });
});
