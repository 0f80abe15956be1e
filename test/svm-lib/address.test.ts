import { getBase58Decoder, getBase58Encoder } from "@solana/kit";
import { expect } from "chai";
import fc from "fast-check";
import { AddressVmMismatchError, AttestkitError, InvalidAddressError } from "../../src/errors.ts";
import {
  assertSvmAddress,
  assertSvmTokenAddress,
  isSvmAddress,
  isSvmTokenAddress,
  SVM_NATIVE_TOKEN,
} from "../../src/svm/index.ts";

const TOKEN_PROGRAM = "TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA";
const STABLE_MINT = "EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v";
const WRAPPED_NATIVE_MINT = "So11111111111111111111111111111111111111112";
const EVM_ADDRESS = "0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045";

const bytesToBase58 = getBase58Decoder();
const base58ToBytes = getBase58Encoder();

function thrown(fn: () => unknown): unknown {
  try {
    fn();
  } catch (err) {
    return err;
  }
  throw new Error("expected a throw");
}

describe("svm addresses: examples", () => {
  it("accepts base58 strings of 32 bytes, including the native token", () => {
    for (const a of [
      TOKEN_PROGRAM,
      STABLE_MINT,
      WRAPPED_NATIVE_MINT,
      SVM_NATIVE_TOKEN,
      "1".repeat(31) + "2",
    ]) {
      expect(isSvmAddress(a), a).to.equal(true);
      expect(isSvmTokenAddress(a), a).to.equal(true);
      expect(() => assertSvmAddress(a)).not.to.throw();
      expect(() => assertSvmTokenAddress(a)).not.to.throw();
    }
  });

  it("accepts the 44-character maximum (32 bytes of 0xff)", () => {
    const max = bytesToBase58.decode(new Uint8Array(32).fill(255));
    expect(max).to.have.length(44);
    expect(isSvmAddress(max)).to.equal(true);
  });

  it("is case sensitive: lowercasing a real key gives a DIFFERENT valid address (hazard), not the same one", () => {
    const lower = TOKEN_PROGRAM.toLowerCase();
    expect(isSvmAddress(lower)).to.equal(true);
    expect(lower).not.to.equal(TOKEN_PROGRAM);
    expect([...base58ToBytes.encode(lower)]).not.to.deep.equal([...base58ToBytes.encode(TOKEN_PROGRAM)]);
  });

  it("is case sensitive: some case changes give invalid strings, rejected with INVALID_ADDRESS", () => {
    // Lowercase of the stable mint decodes to a length other than 32 bytes.
    const lower = STABLE_MINT.toLowerCase();
    expect(isSvmAddress(lower)).to.equal(false);
    const err = thrown(() => assertSvmTokenAddress(lower, "destinationCurrency"));
    expect(err).to.be.instanceOf(InvalidAddressError);
    expect((err as InvalidAddressError).code).to.equal("INVALID_ADDRESS");
    // Uppercasing the token program turns 'i'/'o' into 'I'/'O', which are not base58.
    const upper = TOKEN_PROGRAM.toUpperCase();
    const err2 = thrown(() => assertSvmAddress(upper));
    expect(err2).to.be.instanceOf(InvalidAddressError);
    expect((err2 as Error).message).to.match(/not base58/);
  });

  it("an EVM address gives ADDRESS_VM_MISMATCH naming both VMs", () => {
    const err = thrown(() => assertSvmAddress(EVM_ADDRESS, "recipient"));
    expect(err).to.be.instanceOf(AddressVmMismatchError);
    expect((err as AddressVmMismatchError).code).to.equal("ADDRESS_VM_MISMATCH");
    expect((err as Error).message).to.match(/^recipient .* is an EVM address; an SVM address .* is required/);
    expect(isSvmAddress(EVM_ADDRESS)).to.equal(false);
    expect(isSvmAddress(EVM_ADDRESS.toLowerCase())).to.equal(false);
  });

  it("the EVM zero address as an SVM token says which native form to use", () => {
    const err = thrown(() => assertSvmTokenAddress(`0x${"0".repeat(40)}`, "originCurrency"));
    expect(err).to.be.instanceOf(AddressVmMismatchError);
    expect((err as Error).message).to.contain(SVM_NATIVE_TOKEN);
  });

  it("a bytes32 hex word is rejected with a hint", () => {
    const err = thrown(() => assertSvmAddress(`0x${"ab".repeat(32)}`));
    expect(err).to.be.instanceOf(InvalidAddressError);
    expect((err as Error).message).to.contain("fromBytes32Address");
  });
});

describe("svm addresses: bad-input table", () => {
  const cases: Array<[string, unknown, "INVALID_ADDRESS" | "ADDRESS_VM_MISMATCH"]> = [
    ["empty string", "", "INVALID_ADDRESS"],
    ["31 ones (31 zero bytes)", "1".repeat(31), "INVALID_ADDRESS"],
    ["33 ones (33 zero bytes)", "1".repeat(33), "INVALID_ADDRESS"],
    ["base58 of 31 bytes", bytesToBase58.decode(new Uint8Array(31).fill(7)), "INVALID_ADDRESS"],
    ["base58 of 33 bytes", bytesToBase58.decode(new Uint8Array(33).fill(7)), "INVALID_ADDRESS"],
    ["base58 of 64 bytes (a signature)", bytesToBase58.decode(new Uint8Array(64).fill(9)), "INVALID_ADDRESS"],
    ["45 characters", `${TOKEN_PROGRAM}2`, "INVALID_ADDRESS"],
    ["truncated key", TOKEN_PROGRAM.slice(0, 40), "INVALID_ADDRESS"],
    ["contains 0", `0${TOKEN_PROGRAM.slice(1)}`, "INVALID_ADDRESS"],
    ["contains O", `O${TOKEN_PROGRAM.slice(1)}`, "INVALID_ADDRESS"],
    ["contains I", `I${TOKEN_PROGRAM.slice(1)}`, "INVALID_ADDRESS"],
    ["contains l", `l${TOKEN_PROGRAM.slice(1)}`, "INVALID_ADDRESS"],
    ["leading space", ` ${TOKEN_PROGRAM}`, "INVALID_ADDRESS"],
    ["trailing newline", `${TOKEN_PROGRAM}\n`, "INVALID_ADDRESS"],
    ["uppercased real key (I/O appear)", TOKEN_PROGRAM.toUpperCase(), "INVALID_ADDRESS"],
    ["lowercased stable mint", STABLE_MINT.toLowerCase(), "INVALID_ADDRESS"],
    ["unicode look-alike", TOKEN_PROGRAM.replace("T", "Т"), "INVALID_ADDRESS"],
    ["base64 of 32 bytes", Buffer.alloc(32, 1).toString("base64"), "INVALID_ADDRESS"],
    ["EVM checksummed", EVM_ADDRESS, "ADDRESS_VM_MISMATCH"],
    ["EVM lowercase", EVM_ADDRESS.toLowerCase(), "ADDRESS_VM_MISMATCH"],
    ["EVM zero address", `0x${"0".repeat(40)}`, "ADDRESS_VM_MISMATCH"],
    ["EVM without 0x", EVM_ADDRESS.slice(2), "INVALID_ADDRESS"],
    ["0x + 39 hex", EVM_ADDRESS.slice(0, 41), "INVALID_ADDRESS"],
    ["bytes32 hex", `0x${"00".repeat(12)}${EVM_ADDRESS.slice(2)}`, "INVALID_ADDRESS"],
    ["undefined", undefined, "INVALID_ADDRESS"],
    ["null", null, "INVALID_ADDRESS"],
    ["number", 792703809, "INVALID_ADDRESS"],
    ["bigint", 1n, "INVALID_ADDRESS"],
    ["raw 32 bytes", new Uint8Array(32), "INVALID_ADDRESS"],
    ["array", [TOKEN_PROGRAM], "INVALID_ADDRESS"],
    ["String object", new String(TOKEN_PROGRAM), "INVALID_ADDRESS"],
    ["object with toString", { toString: () => TOKEN_PROGRAM }, "INVALID_ADDRESS"],
    ["very long base58", "2".repeat(100_000), "INVALID_ADDRESS"],
  ];

  for (const [name, value, code] of cases) {
    it(`${name} -> ${code}`, () => {
      expect(isSvmAddress(value)).to.equal(false);
      expect(isSvmTokenAddress(value)).to.equal(false);
      for (const assert of [assertSvmAddress, assertSvmTokenAddress]) {
        const err = thrown(() => assert(value, "recipient"));
        expect(err).to.be.instanceOf(AttestkitError);
        expect((err as AttestkitError).code).to.equal(code);
        expect((err as Error).name).to.equal(
          code === "INVALID_ADDRESS" ? "InvalidAddressError" : "AddressVmMismatchError",
        );
        expect((err as Error).message.length).to.be.below(400);
      }
    });
  }
});

describe("svm addresses: properties", () => {
  it("every 32-byte key in base58 is accepted, as given", () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 32, maxLength: 32 }), (bytes) => {
        const a = bytesToBase58.decode(bytes);
        expect(isSvmAddress(a)).to.equal(true);
        assertSvmAddress(a);
        assertSvmTokenAddress(a);
      }),
      { numRuns: 2000 },
    );
  });

  it("base58 of any other byte length is rejected with INVALID_ADDRESS", () => {
    fc.assert(
      fc.property(
        fc.uint8Array({ minLength: 0, maxLength: 80 }).filter((b) => b.length !== 32),
        (bytes) => {
          const a = bytesToBase58.decode(bytes);
          expect(isSvmAddress(a)).to.equal(false);
          const err = thrown(() => assertSvmAddress(a));
          expect((err as AttestkitError).code).to.equal("INVALID_ADDRESS");
        },
      ),
      { numRuns: 1000 },
    );
  });

  it("changing the case of one letter never yields the same key: rejected, or a different 32-byte key", () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 32, maxLength: 32 }), fc.nat(), (bytes, at) => {
        const a = bytesToBase58.decode(bytes);
        const letters = [...a]
          .map((c, i) => [c, i] as const)
          .filter(([c]) => c.toLowerCase() !== c.toUpperCase());
        fc.pre(letters.length > 0);
        const [c, i] = letters[at % letters.length] as readonly [string, number];
        const swapped =
          a.slice(0, i) + (c === c.toLowerCase() ? c.toUpperCase() : c.toLowerCase()) + a.slice(i + 1);
        if (isSvmAddress(swapped)) {
          expect([...base58ToBytes.encode(swapped)]).not.to.deep.equal([...bytes]);
        } else {
          expect((thrown(() => assertSvmAddress(swapped)) as AttestkitError).code).to.equal(
            "INVALID_ADDRESS",
          );
        }
      }),
      { numRuns: 2000 },
    );
  });

  it("every EVM-shaped address (any case) is ADDRESS_VM_MISMATCH", () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 20, maxLength: 20 }), fc.boolean(), (bytes, upper) => {
        let hex = Buffer.from(bytes).toString("hex");
        if (upper) hex = hex.toUpperCase();
        const err = thrown(() => assertSvmTokenAddress(`0x${hex}`));
        expect(err).to.be.instanceOf(AddressVmMismatchError);
      }),
      { numRuns: 500 },
    );
  });

  it("arbitrary values never crash: is* returns a boolean, assert* throws only named errors", () => {
    fc.assert(
      fc.property(fc.oneof(fc.anything(), fc.string({ maxLength: 60 }), fc.base64String()), (value) => {
        const ok = isSvmAddress(value);
        expect(ok).to.be.a("boolean");
        try {
          assertSvmAddress(value);
          expect(ok).to.equal(true);
        } catch (err) {
          expect(ok).to.equal(false);
          expect(err).to.be.instanceOf(AttestkitError);
          expect(["INVALID_ADDRESS", "ADDRESS_VM_MISMATCH"]).to.include((err as AttestkitError).code);
        }
      }),
      { numRuns: 2000 },
    );
  });
});
