// The two implementations `#keccak` resolves to (package.json "imports"): js-sha3 under Node, viem's in
// browsers. Order ids must not depend on which one a runtime picks, so both are held to the shared vectors
// and to each other on random inputs, views into larger buffers and writes at an offset.
import { expect } from "chai";
import fc from "fast-check";
import { bytesToHex, concat, type Hex, hexToBytes, keccak256, stringToBytes } from "viem";
import * as browserKeccak from "../../src/orders/keccak.ts";
import * as nodeKeccak from "../../src/orders/keccak-node.ts";
import { attestationVectors } from "../lib/vectors.ts";

const IMPLEMENTATIONS = [
  ["js-sha3 (node)", nodeKeccak],
  ["viem (default)", browserKeccak],
] as const;
/** keccak-256 of the empty input (Ethereum's empty code hash). */
const EMPTY_HASH = "0xc5d2460186f7233c927e7db2dcc703c0e500b653ca82273b7bfad8045d85a470";
/** keccak-256's rate is 136 bytes: lengths at and around one and two blocks exercise the padding. */
const BLOCK_EDGES = [0, 1, 135, 136, 137, 271, 272, 273, 2000];
const data = fc.oneof(
  fc.uint8Array({ maxLength: 2000 }),
  fc.constantFrom(...BLOCK_EDGES).chain((length) => fc.uint8Array({ minLength: length, maxLength: length })),
);

describe("orders: #keccak", () => {
  it("resolves to the js-sha3 implementation under Node", () => {
    expect(import.meta.resolve("#keccak")).to.match(/\/src\/orders\/keccak-node\.ts$/);
  });

  for (const [name, keccak] of IMPLEMENTATIONS) {
    it(`${name} gives every attestation vector's hash and EIP-191 digest`, () => {
      expect(bytesToHex(keccak.keccakBytes(new Uint8Array()))).to.equal(EMPTY_HASH);
      for (const vector of attestationVectors) {
        const hash = keccak.keccakBytes(hexToBytes(vector.encoded as Hex));
        expect(bytesToHex(hash), vector.name).to.equal(vector.hash);
        const prefixed = concat([stringToBytes("\x19Ethereum Signed Message:\n32"), hash]);
        expect(bytesToHex(keccak.keccakBytes(prefixed)), vector.name).to.equal(vector.digest);
      }
    });
  }

  it("both give viem's keccak256 on random inputs of 0 to 2,000 bytes", () => {
    fc.assert(
      fc.property(data, (bytes) => {
        const expected = keccak256(bytes);
        expect(bytesToHex(nodeKeccak.keccakBytes(bytes))).to.equal(expected);
        expect(bytesToHex(browserKeccak.keccakBytes(bytes))).to.equal(expected);
      }),
      { numRuns: 1000 },
    );
  });

  it("both hash a view by its own bytes, not its underlying buffer", () => {
    fc.assert(
      fc.property(data, fc.nat({ max: 64 }), fc.nat({ max: 64 }), (bytes, before, after) => {
        const buffer = new Uint8Array(before + bytes.length + after).fill(0xa5);
        buffer.set(bytes, before);
        const view = buffer.subarray(before, before + bytes.length);
        const expected = keccak256(bytes);
        expect(bytesToHex(nodeKeccak.keccakBytes(view))).to.equal(expected);
        expect(bytesToHex(browserKeccak.keccakBytes(view))).to.equal(expected);
      }),
    );
  });

  it("keccakInto writes the same 32 bytes at the offset in both, and nothing else", () => {
    fc.assert(
      fc.property(data, fc.nat({ max: 96 }), fc.nat({ max: 32 }), (bytes, offset, tail) => {
        const outputs = IMPLEMENTATIONS.map(([, keccak]) => {
          const out = new Uint8Array(offset + 32 + tail).fill(0x5a);
          keccak.keccakInto(bytes, out, offset);
          return out;
        });
        const expected = new Uint8Array(offset + 32 + tail).fill(0x5a);
        expected.set(hexToBytes(keccak256(bytes)), offset);
        for (const out of outputs) expect(bytesToHex(out)).to.equal(bytesToHex(expected));
      }),
      { numRuns: 500 },
    );
  });
});
