import { keccak256 } from "js-sha3";

/**
 * keccak-256 under the `node` condition (`#keccak` in package.json): js-sha3, about 2.5x faster per hash
 * than viem's, which is most of the cost of an order id. Kept out of browser bundles, where it would add
 * about 5 KB gzip beside viem's keccak; keccak.ts is the browser's, with the same bytes.
 */

/** keccak-256 of `data`, written into `out` at `offset`. */
export function keccakInto(data: Uint8Array, out: Uint8Array, offset: number): void {
  out.set(new Uint8Array(keccak256.arrayBuffer(data)), offset);
}

/** keccak-256 of `data` as fresh bytes. */
export function keccakBytes(data: Uint8Array): Uint8Array {
  return new Uint8Array(keccak256.arrayBuffer(data));
}
