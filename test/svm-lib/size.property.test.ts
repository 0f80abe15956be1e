import {
  getBase64EncodedWireTransaction,
  getTransactionDecoder,
  getTransactionEncoder,
  getTransactionSize,
  type TransactionMessage,
} from "@solana/kit";
import { expect } from "chai";
import fc from "fast-check";
import { SolanaTransactionTooLargeError } from "../../src/errors.ts";
import {
  assertSvmTransactionWithinLimit,
  COMPUTE_BUDGET_INSTRUCTIONS_BYTES,
  canAppendComputeBudget,
  getSvmTransactionMessageSize,
  getSvmTransactionSize,
  isSvmTransactionWithinLimit,
  SVM_TX_SIZE_LIMIT,
  setSvmComputeBudgetIfFits,
} from "../../src/svm/index.ts";
import { buildTransaction, buildTransactionOfSize, oracleSize, type TxRecipe } from "./tx-builder.ts";

const encoder = getTransactionEncoder();
const decoder = getTransactionDecoder();

// kit caps a transaction at 64 unique accounts: 1 fee payer + <= 6 signers + <= 4 programs + <= 50 pool.
const instructionArb = fc.record({
  program: fc.nat({ max: 7 }),
  accounts: fc.oneof(
    {
      weight: 9,
      arbitrary: fc.array(fc.record({ index: fc.nat({ max: 200 }), writable: fc.boolean() }), {
        maxLength: 24,
      }),
    },
    // more than 127 account references: two-byte length prefix
    {
      weight: 1,
      arbitrary: fc.array(fc.record({ index: fc.nat({ max: 200 }), writable: fc.boolean() }), {
        minLength: 120,
        maxLength: 140,
      }),
    },
  ),
  dataLength: fc.oneof(
    { weight: 12, arbitrary: fc.nat({ max: 160 }) },
    { weight: 4, arbitrary: fc.nat({ max: 1200 }) },
    // three-byte length prefix (>= 16384)
    { weight: 1, arbitrary: fc.integer({ min: 16_380, max: 16_400 }) },
  ),
});

const recipeArb: fc.Arbitrary<TxRecipe> = fc.record({
  version: fc.constantFrom<"legacy" | 0>("legacy", 0),
  seed: fc.integer(),
  extraSigners: fc.nat({ max: 6 }),
  readonlySignerMask: fc.nat({ max: 63 }),
  programs: fc.integer({ min: 1, max: 4 }),
  pool: fc.nat({ max: 50 }),
  instructions: fc.array(instructionArb, { maxLength: 10 }),
  lookupTables: fc.array(
    fc.record({ from: fc.nat({ max: 60 }), count: fc.nat({ max: 64 }), padding: fc.nat({ max: 8 }) }),
    { maxLength: 4 },
  ),
  signatures: fc.constantFrom<"none" | "partial" | "all">("none", "partial", "all"),
});

describe("svm size: properties over random transactions", () => {
  it("size == serialized wire length == kit getTransactionSize == layout oracle, legacy and v0 with lookup tables (4000 runs)", () => {
    const seen = { legacy: 0, v0: 0, withLookups: 0, over: 0, multiSigner: 0 };
    fc.assert(
      fc.property(recipeArb, fc.nat({ max: 400 }), (recipe, reserveBytes) => {
        const { message, transaction } = buildTransaction(recipe);
        const size = getSvmTransactionSize(transaction);
        const wire = encoder.encode(transaction);
        expect(size).to.equal(wire.length);
        expect(size).to.equal(Buffer.from(getBase64EncodedWireTransaction(transaction), "base64").length);
        expect(size).to.equal(getTransactionSize(transaction));
        expect(size).to.equal(oracleSize(message));
        expect(size).to.equal(getSvmTransactionMessageSize(message));
        // what the network receives decodes to a transaction of the same size
        expect(getSvmTransactionSize(decoder.decode(wire))).to.equal(size);

        // the gate throws exactly when size + reserve > 1232
        const over = size + reserveBytes > SVM_TX_SIZE_LIMIT;
        expect(isSvmTransactionWithinLimit(transaction, { reserveBytes })).to.equal(!over);
        expect(canAppendComputeBudget(transaction, reserveBytes)).to.equal(!over);
        try {
          expect(assertSvmTransactionWithinLimit(transaction, { reserveBytes })).to.equal(size);
          expect(over).to.equal(false);
        } catch (err) {
          expect(over).to.equal(true);
          expect(err).to.be.instanceOf(SolanaTransactionTooLargeError);
          const e = err as SolanaTransactionTooLargeError;
          expect([e.size, e.limit, e.reserveBytes, e.over]).to.deep.equal([
            size,
            SVM_TX_SIZE_LIMIT,
            reserveBytes,
            size + reserveBytes - SVM_TX_SIZE_LIMIT,
          ]);
          expect(e.message).to.contain(`transaction is ${size} bytes`);
        }

        if (recipe.version === "legacy") seen.legacy++;
        else seen.v0++;
        if (usesLookupTables(message)) seen.withLookups++;
        if (size > SVM_TX_SIZE_LIMIT) seen.over++;
        if (Object.keys(transaction.signatures).length > 1) seen.multiSigner++;
      }),
      { numRuns: 4000 },
    );
    // the generator really covers the shapes it claims to
    expect(seen.legacy).to.be.above(1000);
    expect(seen.v0).to.be.above(1000);
    expect(seen.withLookups).to.be.above(300);
    expect(seen.over).to.be.above(200);
    expect(seen.multiSigner).to.be.above(1000);
  });

  it("near the limit (1150..1320 bytes, reserve 0..120): the gate throws exactly when size + reserve > 1232 (400 runs)", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1150, max: 1320 }),
        fc.nat({ max: 120 }),
        fc.constantFrom<"legacy" | 0>("legacy", 0),
        fc.integer({ min: 1, max: 3 }),
        fc.integer(),
        (target, reserveBytes, version, extraSigners, seed) => {
          const { transaction } = buildTransactionOfSize(target, { version, extraSigners, seed, pool: 6 });
          expect(getSvmTransactionSize(transaction)).to.equal(target);
          const shouldThrow = target + reserveBytes > SVM_TX_SIZE_LIMIT;
          let threw = false;
          try {
            assertSvmTransactionWithinLimit(transaction, { reserveBytes });
          } catch (err) {
            threw = err instanceof SolanaTransactionTooLargeError;
          }
          expect(threw).to.equal(shouldThrow);
          expect(canAppendComputeBudget(transaction)).to.equal(
            target + COMPUTE_BUDGET_INSTRUCTIONS_BYTES <= 1232,
          );
        },
      ),
      { numRuns: 400 },
    );
  });

  it("the ~60-byte compute-budget allowance is conservative: the real addition costs 1..60 bytes (600 runs)", () => {
    fc.assert(
      fc.property(
        recipeArb,
        fc.integer({ min: 1, max: 1_400_000 }),
        fc.bigInt({ min: 0n, max: 2n ** 64n - 1n }),
        (recipe, computeUnitLimit, computeUnitPrice) => {
          const { message, transaction } = buildTransaction(recipe);
          const result = setSvmComputeBudgetIfFits(message, { computeUnitLimit, computeUnitPrice });
          const before = getSvmTransactionSize(transaction);
          const cost = result.sizeWithComputeBudget - before;
          expect(cost).to.be.within(1, COMPUTE_BUDGET_INSTRUCTIONS_BYTES);
          expect(result.added).to.equal(result.sizeWithComputeBudget <= SVM_TX_SIZE_LIMIT);
          expect(result.size).to.equal(result.added ? result.sizeWithComputeBudget : before);
          // when the estimate says it fits, the exact addition fits too
          if (canAppendComputeBudget(transaction)) expect(result.added).to.equal(true);
        },
      ),
      { numRuns: 600 },
    );
  });
});

/** Whether any instruction account of the message is loaded through a lookup table. */
function usesLookupTables(message: TransactionMessage): boolean {
  return message.instructions.some((ix) => ix.accounts?.some((account) => "lookupTableAddress" in account));
}
