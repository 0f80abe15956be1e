import { getAddressDecoder } from "@solana/kit";
import { expect } from "chai";
import fc from "fast-check";
import { getAddress } from "viem";
import { fromBytes32Address, SVM_CHAIN_ID, toBytes32Address } from "../../src/index.ts";
import { expectCode } from "./expect-code.ts";
import { addressVectors } from "./vectors.ts";

const hex = (bytes: Uint8Array) => `0x${Buffer.from(bytes).toString("hex")}`;

describe("address codecs: shared vectors", () => {
  for (const { chainId, address, bytes32 } of addressVectors.valid) {
    it(`chain ${chainId} ${address} <-> ${bytes32.slice(0, 10)}…`, () => {
      expect(toBytes32Address(address, chainId)).to.equal(bytes32);
      const decoded = fromBytes32Address(bytes32, chainId);
      expect(decoded).to.equal(chainId === SVM_CHAIN_ID ? address : getAddress(address));
    });
  }
  for (const { name, chainId, address, errorCode } of addressVectors.invalid) {
    it(`rejects ${name} with ${errorCode}`, async () => {
      await expectCode(() => toBytes32Address(address, chainId), errorCode);
    });
  }
  for (const { name, chainId, bytes32, errorCode } of addressVectors.invalidBytes32) {
    it(`rejects bytes32 ${name} with ${errorCode}`, async () => {
      await expectCode(() => fromBytes32Address(bytes32, chainId), errorCode);
    });
  }
});

describe("address codecs: properties", () => {
  it("EVM: every 20-byte address round-trips, left-padded", () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 20, maxLength: 20 }), (bytes) => {
        const address = getAddress(hex(bytes));
        const word = toBytes32Address(address, 8453);
        expect(word).to.equal(`0x${"0".repeat(24)}${hex(bytes).slice(2)}`);
        expect(fromBytes32Address(word, 8453)).to.equal(address);
      }),
      { numRuns: 2000 },
    );
  });

  it("SVM: every 32-byte key round-trips as its raw bytes", () => {
    const decoder = getAddressDecoder();
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 32, maxLength: 32 }), (bytes) => {
        const address = decoder.decode(bytes);
        expect(toBytes32Address(address, SVM_CHAIN_ID)).to.equal(hex(bytes));
        expect(fromBytes32Address(hex(bytes), SVM_CHAIN_ID)).to.equal(address);
      }),
      { numRuns: 2000 },
    );
  });

  it("EVM: any non-zero byte above the low 20 is rejected, never truncated", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.uint8Array({ minLength: 32, maxLength: 32 }).filter((b) => b.subarray(0, 12).some((x) => x !== 0)),
        async (bytes) => {
          await expectCode(() => fromBytes32Address(hex(bytes), 10), "INVALID_ADDRESS");
        },
      ),
      { numRuns: 1000 },
    );
  });

  it("SVM: changing the case of one letter never yields the same key", () => {
    const decoder = getAddressDecoder();
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 32, maxLength: 32 }), fc.nat(), (bytes, at) => {
        const address = decoder.decode(bytes);
        const letters = [...address].map((c, i) => [c, i] as const).filter(([c]) => /[a-zA-Z]/.test(c));
        if (letters.length === 0) return;
        const [c, i] = letters[at % letters.length]!;
        const swapped = c === c.toLowerCase() ? c.toUpperCase() : c.toLowerCase();
        const changed = address.slice(0, i) + swapped + address.slice(i + 1);
        let word: string | null = null;
        try {
          word = toBytes32Address(changed, SVM_CHAIN_ID);
        } catch (error) {
          expect((error as { code?: string }).code).to.equal("INVALID_ADDRESS");
        }
        if (word !== null) expect(word).to.not.equal(hex(bytes));
      }),
      { numRuns: 1000 },
    );
  });
});
