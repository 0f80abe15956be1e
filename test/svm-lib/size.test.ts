import {
  AccountRole,
  type Address,
  appendTransactionMessageInstruction,
  type Blockhash,
  compileTransaction,
  createTransactionMessage,
  generateKeyPair,
  getAddressFromPublicKey,
  getBase64EncodedWireTransaction,
  getTransactionDecoder,
  getTransactionEncoder,
  getTransactionSize,
  isFullySignedTransaction,
  setTransactionMessageFeePayer,
  setTransactionMessageLifetimeUsingBlockhash,
  signTransaction,
  type Transaction,
} from "@solana/kit";
import { expect } from "chai";
import {
  AttestkitError,
  InvalidSvmArgumentError,
  InvalidSvmTransactionError,
  SolanaTransactionTooLargeError,
} from "../../src/errors.ts";
import {
  assertSvmTransactionMessageWithinLimit,
  assertSvmTransactionWithinLimit,
  canAppendComputeBudget,
  getSvmTransactionMessageSize,
  getSvmTransactionSize,
  isSvmTransactionWithinLimit,
  SVM_NATIVE_TOKEN,
  setSvmComputeBudgetIfFits,
} from "../../src/svm/index.ts";
import { buildTransaction, buildTransactionOfSize, oracleSize } from "./tx-builder.ts";

const encoder = getTransactionEncoder();

function thrown(fn: () => unknown): unknown {
  try {
    fn();
  } catch (err) {
    return err;
  }
  throw new Error("expected a throw");
}

/** A real, Ed25519-signed transfer-like transaction. */
async function signedTransfer(): Promise<Transaction> {
  const keyPair = await generateKeyPair();
  const payer = await getAddressFromPublicKey(keyPair.publicKey);
  const message = appendTransactionMessageInstruction(
    {
      programAddress: SVM_NATIVE_TOKEN,
      accounts: [
        { address: payer, role: AccountRole.WRITABLE_SIGNER },
        { address: "TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA" as Address, role: AccountRole.WRITABLE },
      ],
      data: new Uint8Array([2, 0, 0, 0, 64, 66, 15, 0, 0, 0, 0, 0]),
    },
    setTransactionMessageLifetimeUsingBlockhash(
      { blockhash: "EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v" as Blockhash, lastValidBlockHeight: 100n },
      setTransactionMessageFeePayer(payer, createTransactionMessage({ version: 0 })),
    ),
  );
  return signTransaction([keyPair], compileTransaction(message));
}

describe("svm size: getSvmTransactionSize", () => {
  it("measures a real signed transaction exactly as its wire bytes", async () => {
    const tx = await signedTransfer();
    expect(isFullySignedTransaction(tx)).to.equal(true);
    const wire = Buffer.from(getBase64EncodedWireTransaction(tx), "base64");
    expect(getSvmTransactionSize(tx)).to.equal(wire.length).and.equal(getTransactionSize(tx));
    // 1 signature: 1 + 64; v0: 1 + 3 header + 1 + 3*32 accounts + 32 blockhash + 1 + (1 + 1 + 2 + 1 + 12) + 1 lookups
    expect(getSvmTransactionSize(tx)).to.equal(1 + 64 + 1 + 3 + 1 + 96 + 32 + 1 + 17 + 1);
  });

  it("unsigned signer slots count as 64 bytes: signing does not change the size", async () => {
    const keyPair = await generateKeyPair();
    const payer = await getAddressFromPublicKey(keyPair.publicKey);
    const message = setTransactionMessageLifetimeUsingBlockhash(
      { blockhash: "EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v" as Blockhash, lastValidBlockHeight: 1n },
      setTransactionMessageFeePayer(payer, createTransactionMessage({ version: "legacy" })),
    );
    const unsigned = compileTransaction(message);
    const signed = await signTransaction([keyPair], unsigned);
    expect(getSvmTransactionSize(unsigned))
      .to.equal(getSvmTransactionSize(signed))
      .and.equal(1 + 64 + 3 + 1 + 32 + 32 + 1);
  });

  it("measures legacy and v0 transactions with lookup tables like the encoder and the layout oracle", () => {
    for (const version of ["legacy", 0] as const) {
      const built = buildTransaction({
        version,
        seed: 99,
        extraSigners: 2,
        readonlySignerMask: 1,
        programs: 2,
        pool: 20,
        instructions: [
          {
            program: 0,
            accounts: [0, 1, 2, 3, 4].map((index) => ({ index, writable: true })),
            dataLength: 30,
          },
          {
            program: 1,
            accounts: [5, 6, 7, 8, 9].map((index) => ({ index, writable: false })),
            dataLength: 200,
          },
        ],
        lookupTables: [{ from: 0, count: 8, padding: 3 }],
        signatures: "partial",
      });
      const size = getSvmTransactionSize(built.transaction);
      expect(size).to.equal(encoder.encode(built.transaction).length);
      expect(size).to.equal(oracleSize(built.message));
      expect(size).to.equal(getSvmTransactionMessageSize(built.message));
    }
  });

  it("a decoded wire transaction measures as its byte length", () => {
    const built = buildTransactionOfSize(1000);
    const wire = encoder.encode(built.transaction);
    expect(getSvmTransactionSize(getTransactionDecoder().decode(wire)))
      .to.equal(wire.length)
      .and.equal(1000);
  });
});

describe("svm size: assertSvmTransactionWithinLimit", () => {
  it("returns the size up to and including 1232 bytes", () => {
    for (const size of [400, 1172, 1231, 1232]) {
      const { transaction } = buildTransactionOfSize(size);
      expect(assertSvmTransactionWithinLimit(transaction)).to.equal(size);
      expect(isSvmTransactionWithinLimit(transaction)).to.equal(true);
    }
  });

  it("throws SOLANA_TX_TOO_LARGE with size and bytes over (spec 7.1 wording)", () => {
    const err = thrown(() => assertSvmTransactionWithinLimit(buildTransactionOfSize(1301).transaction));
    expect(err).to.be.instanceOf(SolanaTransactionTooLargeError).and.instanceOf(AttestkitError);
    const e = err as SolanaTransactionTooLargeError;
    expect(e.code).to.equal("SOLANA_TX_TOO_LARGE");
    expect(e.name).to.equal("SolanaTransactionTooLargeError");
    expect(e.message).to.equal("transaction is 1301 bytes, 69 bytes over the 1232-byte limit");
    expect({ size: e.size, limit: e.limit, over: e.over, reserveBytes: e.reserveBytes }).to.deep.equal({
      size: 1301,
      limit: 1232,
      over: 69,
      reserveBytes: 0,
    });
  });

  it("one byte over says '1 byte over'", () => {
    const err = thrown(() => assertSvmTransactionWithinLimit(buildTransactionOfSize(1233).transaction));
    expect((err as Error).message).to.equal("transaction is 1233 bytes, 1 byte over the 1232-byte limit");
    expect(isSvmTransactionWithinLimit(buildTransactionOfSize(1233).transaction)).to.equal(false);
  });

  it("reserveBytes shrinks the room and the message says so", () => {
    const { transaction } = buildTransactionOfSize(1200);
    expect(assertSvmTransactionWithinLimit(transaction, { reserveBytes: 32 })).to.equal(1200);
    const err = thrown(() =>
      assertSvmTransactionWithinLimit(transaction, { reserveBytes: 60 }),
    ) as SolanaTransactionTooLargeError;
    expect(err).to.be.instanceOf(SolanaTransactionTooLargeError);
    expect(err.message).to.equal(
      "transaction is 1200 bytes, 28 bytes over the 1232-byte limit after reserving 60 bytes (1200 + 60 = 1260)",
    );
    expect(err.over).to.equal(28);
    expect(err.reserveBytes).to.equal(60);
    expect(isSvmTransactionWithinLimit(transaction, { reserveBytes: 33 })).to.equal(false);
  });
});

describe("svm size: canAppendComputeBudget", () => {
  it("true while size + 60 <= 1232", () => {
    expect(canAppendComputeBudget(buildTransactionOfSize(500).transaction)).to.equal(true);
    expect(canAppendComputeBudget(buildTransactionOfSize(1172).transaction)).to.equal(true);
    expect(canAppendComputeBudget(buildTransactionOfSize(1173).transaction)).to.equal(false);
    expect(canAppendComputeBudget(buildTransactionOfSize(1232).transaction)).to.equal(false);
  });

  it("takes a custom allowance", () => {
    const { transaction } = buildTransactionOfSize(1180);
    expect(canAppendComputeBudget(transaction, 52)).to.equal(true);
    expect(canAppendComputeBudget(transaction, 53)).to.equal(false);
    expect(canAppendComputeBudget(transaction, 0)).to.equal(true);
  });
});

describe("svm size: transaction messages", () => {
  it("getSvmTransactionMessageSize equals the size of the compiled transaction", () => {
    const built = buildTransactionOfSize(777, { version: "legacy" });
    expect(getSvmTransactionMessageSize(built.message)).to.equal(777);
    expect(assertSvmTransactionMessageWithinLimit(built.message)).to.equal(777);
  });

  it("measures a message without lifetime as with one (32 bytes either way)", () => {
    const message = setTransactionMessageFeePayer(
      SVM_NATIVE_TOKEN as Address,
      createTransactionMessage({ version: "legacy" }),
    );
    expect(getSvmTransactionMessageSize(message)).to.equal(1 + 64 + 3 + 1 + 32 + 32 + 1);
  });

  it("assertSvmTransactionMessageWithinLimit throws SOLANA_TX_TOO_LARGE before signing", () => {
    const built = buildTransactionOfSize(1250);
    const err = thrown(() =>
      assertSvmTransactionMessageWithinLimit(built.message),
    ) as SolanaTransactionTooLargeError;
    expect(err.code).to.equal("SOLANA_TX_TOO_LARGE");
    expect(err.over).to.equal(18);
  });

  it("setSvmComputeBudgetIfFits adds both instructions when they fit, measuring the real cost", () => {
    const built = buildTransactionOfSize(1000);
    const result = setSvmComputeBudgetIfFits(built.message, {
      computeUnitLimit: 200_000,
      computeUnitPrice: 5_000n,
    });
    expect(result.added).to.equal(true);
    expect(result.size).to.equal(result.sizeWithComputeBudget).and.equal(1052);
    expect(result.message.instructions).to.have.length(built.message.instructions.length + 2);
    expect(getSvmTransactionSize(compileTransaction(result.message))).to.equal(1052);
  });

  it("setSvmComputeBudgetIfFits skips the addition when it would pass 1232 bytes", () => {
    const built = buildTransactionOfSize(1181);
    const result = setSvmComputeBudgetIfFits(built.message, {
      computeUnitLimit: 200_000,
      computeUnitPrice: 1n,
    });
    expect(result.added).to.equal(false);
    expect(result.message).to.equal(built.message);
    expect(result.size).to.equal(1181);
    expect(result.sizeWithComputeBudget).to.equal(1233);
    const fits = setSvmComputeBudgetIfFits(buildTransactionOfSize(1180).message, {
      computeUnitLimit: 200_000,
      computeUnitPrice: 1n,
    });
    expect(fits.added).to.equal(true);
    expect(fits.size).to.equal(1232);
  });

  it("setSvmComputeBudgetIfFits with the unit limit only costs less", () => {
    const result = setSvmComputeBudgetIfFits(buildTransactionOfSize(600).message, { computeUnitLimit: 1000 });
    expect(result.added).to.equal(true);
    expect(result.size - 600).to.equal(32 + 3 + 5);
  });
});

describe("svm size: bad input never crashes, always a named error", () => {
  const good = buildTransactionOfSize(400).transaction;
  const firstSigner = Object.keys(good.signatures)[0] as Address;
  const txCases: Array<[string, unknown]> = [
    ["undefined", undefined],
    ["null", null],
    ["a number", 5],
    ["a base64 string", getBase64EncodedWireTransaction(good)],
    ["raw wire bytes", encoder.encode(good)],
    ["empty object", {}],
    ["empty messageBytes", { ...good, messageBytes: new Uint8Array(0) }],
    ["messageBytes as array", { ...good, messageBytes: [...good.messageBytes] }],
    ["no signatures", { ...good, signatures: {} }],
    ["signatures null", { ...good, signatures: null }],
    ["signatures as array", { ...good, signatures: [null] }],
    ["extra signature slot", { ...good, signatures: { ...good.signatures, [SVM_NATIVE_TOKEN]: null } }],
    ["short signature", { ...good, signatures: { [firstSigner]: new Uint8Array(63) } }],
    ["signature as string", { ...good, signatures: { [firstSigner]: "sig" } }],
    [
      "unsupported version 5",
      { ...good, messageBytes: Uint8Array.from([0x85, 1, 0, 0, ...good.messageBytes]) },
    ],
  ];
  for (const [name, value] of txCases) {
    it(`transaction: ${name} -> INVALID_SVM_TRANSACTION`, () => {
      for (const fn of [
        () => getSvmTransactionSize(value as Transaction),
        () => assertSvmTransactionWithinLimit(value as Transaction),
        () => isSvmTransactionWithinLimit(value as Transaction),
        () => canAppendComputeBudget(value as Transaction),
      ]) {
        const err = thrown(fn);
        expect(err).to.be.instanceOf(InvalidSvmTransactionError);
        expect((err as AttestkitError).code).to.equal("INVALID_SVM_TRANSACTION");
      }
    });
  }

  const argCases: Array<[string, () => unknown]> = [
    ["reserveBytes -1", () => assertSvmTransactionWithinLimit(good, { reserveBytes: -1 })],
    ["reserveBytes 1.5", () => assertSvmTransactionWithinLimit(good, { reserveBytes: 1.5 })],
    ["reserveBytes NaN", () => isSvmTransactionWithinLimit(good, { reserveBytes: Number.NaN })],
    ["reserveBytes Infinity", () => assertSvmTransactionWithinLimit(good, { reserveBytes: Infinity })],
    [
      "reserveBytes as string",
      () => assertSvmTransactionWithinLimit(good, { reserveBytes: "60" as unknown as number }),
    ],
    ["options null", () => assertSvmTransactionWithinLimit(good, null as unknown as object)],
    ["options number", () => assertSvmTransactionWithinLimit(good, 60 as unknown as object)],
    ["extraBytes -60", () => canAppendComputeBudget(good, -60)],
    ["extraBytes bigint", () => canAppendComputeBudget(good, 60n as unknown as number)],
    ["compute budget empty", () => setSvmComputeBudgetIfFits(buildTransactionOfSize(400).message, {})],
    [
      "compute unit limit above kit's maximum",
      () => setSvmComputeBudgetIfFits(buildTransactionOfSize(400).message, { computeUnitLimit: 2_000_000 }),
    ],
    [
      "negative compute unit price",
      () => setSvmComputeBudgetIfFits(buildTransactionOfSize(400).message, { computeUnitPrice: -1n }),
    ],
    [
      "compute unit price as number",
      () =>
        setSvmComputeBudgetIfFits(buildTransactionOfSize(400).message, {
          computeUnitPrice: 5 as unknown as bigint,
        }),
    ],
  ];
  for (const [name, fn] of argCases) {
    it(`argument: ${name} -> INVALID_SVM_ARGUMENT`, () => {
      const err = thrown(fn);
      expect(err).to.be.instanceOf(InvalidSvmArgumentError);
      expect((err as AttestkitError).code).to.equal("INVALID_SVM_ARGUMENT");
    });
  }

  const messageCases: Array<[string, unknown]> = [
    ["null", null],
    ["a string", "message"],
    ["no fee payer", createTransactionMessage({ version: 0 })],
    ["instructions not an array", { version: 0, feePayer: { address: SVM_NATIVE_TOKEN }, instructions: 5 }],
  ];
  for (const [name, value] of messageCases) {
    it(`message: ${name} -> INVALID_SVM_TRANSACTION`, () => {
      const err = thrown(() => getSvmTransactionMessageSize(value as never));
      expect(err).to.be.instanceOf(InvalidSvmTransactionError);
      expect((err as AttestkitError).code).to.equal("INVALID_SVM_TRANSACTION");
    });
  }
});
