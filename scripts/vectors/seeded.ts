import { concatHex, type Hex, keccak256, numberToHex, stringToHex } from "viem";

/**
 * Deterministic byte source for test vectors: byte string number `index` of
 * stream `label` is keccak256(seed, label, index, block...) truncated to
 * `length` bytes. Regenerating the vectors with the same seed gives the same files.
 */
export function createSeededBytes(seed: string) {
  return function seededBytes(label: string, index: number, length: number): Hex {
    let out = "0x" as Hex;
    for (let block = 0; (out.length - 2) / 2 < length; block++) {
      out = concatHex([
        out,
        keccak256(
          concatHex([
            stringToHex(seed),
            stringToHex(label),
            numberToHex(index, { size: 4 }),
            numberToHex(block, { size: 4 }),
          ]),
        ),
      ]);
    }
    return out.slice(0, 2 + length * 2) as Hex;
  };
}

export type SeededBytes = ReturnType<typeof createSeededBytes>;

/** A deterministic integer in [0, bound) drawn from the seeded stream. */
export function seededInt(bytes: SeededBytes, label: string, index: number, bound: number): number {
  return Number(BigInt(bytes(label, index, 8)) % BigInt(bound));
}
