// The order encoding's own segwit codec (src/orders/address/bech32.ts) against @scure/base's bech32 and
// bech32m, the codecs it replaced: the same strings out, the same verdicts in, on BIP-173/BIP-350
// addresses and on random and corrupted ones.
import { bech32, bech32m } from "@scure/base";
import { expect } from "chai";
import fc from "fast-check";
import { decodeSegwitAddress, encodeSegwitAddress } from "../../src/orders/address/bech32.ts";

const BECH32_ALPHABET = "qpzry9x8gf2tvdw0s3jn54khce6mua7l";

/** The rule the order encoding held with @scure/base: bech32 carries v0 only, bech32m v1..16. */
function referenceDecode(address: `bc1${string}`) {
  for (const [codec, accepts] of [
    [bech32, (version: number) => version === 0],
    [bech32m, (version: number) => version >= 1 && version <= 16],
  ] as const) {
    let decoded: { prefix: string; words: number[] };
    try {
      decoded = codec.decode(address, 90);
    } catch {
      continue;
    }
    const version = decoded.words[0];
    if (decoded.prefix !== "bc" || version === undefined || !accepts(version)) continue;
    try {
      return { ok: true, version, program: codec.fromWords(decoded.words.slice(1)) };
    } catch {
      return { ok: false, reason: "padding" };
    }
  }
  return { ok: false, reason: "checksum" };
}

function referenceEncode(version: number, program: Uint8Array): string {
  return (version === 0 ? bech32 : bech32m).encode("bc", [version, ...bech32.toWords(program)], 90);
}

const witness = fc
  .tuple(fc.integer({ min: 0, max: 16 }), fc.uint8Array({ minLength: 0, maxLength: 50 }))
  .filter(([, program]) => 3 + 1 + Math.ceil((program.length * 8) / 5) + 6 <= 90);

describe("orders: segwit address codec", () => {
  it("decodes BIP-173 / BIP-350 mainnet addresses to their witness version and program", () => {
    const valid: [string, number, string][] = [
      ["bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4", 0, "751e76e8199196d454941c45d1b3a323f1433bd6"],
      [
        "bc1pw508d6qejxtdg4y5r3zarvary0c5xw7kw508d6qejxtdg4y5r3zarvary0c5xw7kt5nd6y",
        1,
        "751e76e8199196d454941c45d1b3a323f1433bd6751e76e8199196d454941c45d1b3a323f1433bd6",
      ],
      ["bc1sw50qgdz25j", 16, "751e"],
      ["bc1zw508d6qejxtdg4y5r3zarvaryvaxxpcs", 2, "751e76e8199196d454941c45d1b3a323"],
    ];
    for (const [address, version, program] of valid) {
      const decoded = decodeSegwitAddress(address as `bc1${string}`);
      expect(decoded, address).to.deep.equal({
        ok: true,
        version,
        program: Uint8Array.from(Buffer.from(program, "hex")),
      });
      expect(encodeSegwitAddress(version, Uint8Array.from(Buffer.from(program, "hex")))).to.equal(address);
    }
  });

  it("refuses the wrong checksum variant for the version, a version above 16 and a checksum alone", () => {
    for (const address of [
      // v1 with a bech32 checksum, v0 with a bech32m one (BIP-350 invalid vectors).
      "bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqh2y7hd",
      "bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kemeawh",
      encodeSegwitAddress(17, Uint8Array.of(1, 2, 3, 4)),
      "bc1gmk9yu",
    ]) {
      expect(decodeSegwitAddress(address as `bc1${string}`), address).to.deep.equal({
        ok: false,
        reason: "checksum",
      });
    }
  });

  it("writes what @scure/base writes for every witness version and program", () => {
    fc.assert(
      fc.property(witness, ([version, program]) => {
        expect(encodeSegwitAddress(version, program)).to.equal(referenceEncode(version, program));
      }),
      { numRuns: 500 },
    );
  });

  it("reads what @scure/base writes back to the same version and program", () => {
    fc.assert(
      fc.property(witness, ([version, program]) => {
        const address = referenceEncode(version, program) as `bc1${string}`;
        expect(decodeSegwitAddress(address)).to.deep.equal({ ok: true, version, program });
      }),
      { numRuns: 500 },
    );
  });

  it("gives @scure/base's verdict on corrupted addresses (one character changed, dropped or added)", () => {
    const corrupted = fc
      .tuple(
        witness,
        fc.nat(),
        fc.constantFrom(...BECH32_ALPHABET),
        fc.constantFrom("replace", "drop", "add"),
      )
      .map(([[version, program], at, char, edit]) => {
        const address = referenceEncode(version, program);
        const i = 3 + (at % (address.length - 3));
        const tail = edit === "add" ? address.slice(i) : address.slice(i + 1);
        return `${address.slice(0, i)}${edit === "drop" ? "" : char}${tail}` as `bc1${string}`;
      });
    fc.assert(
      fc.property(corrupted, (address) => {
        expect(decodeSegwitAddress(address), address).to.deep.equal(referenceDecode(address));
      }),
      { numRuns: 2000 },
    );
  });
});
