import { keccak256 } from "viem";

/**
 * keccak-256 for browsers and every runtime without the `node` condition (`#keccak` in package.json):
 * viem's keccak (noble's permutation), already in every bundle that has viem, so the order hash adds no
 * second keccak to a page. Node gets the faster keccak-node.ts instead; both give the same bytes.
 */

/** keccak-256 of `data`, written into `out` at `offset`. */
export function keccakInto(data: Uint8Array, out: Uint8Array, offset: number): void {
  out.set(keccak256(data, "bytes"), offset);
}

/** keccak-256 of `data` as fresh bytes. */
export function keccakBytes(data: Uint8Array): Uint8Array {
  return keccak256(data, "bytes");
}
