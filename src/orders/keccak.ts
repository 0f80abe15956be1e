import { keccak256 } from "viem";

/**
 * keccak-256 of `data`, written into `out` at `offset`. viem's keccak (noble's permutation), the one
 * keccak in the browser bundle: a second, faster one (js-sha3, about 2.5x per hash) would carry
 * getOrderId further but cost every page about 6 KB gzip (bench/orders.bench.ts runs both).
 */
export function keccakInto(data: Uint8Array, out: Uint8Array, offset: number): void {
  out.set(keccak256(data, "bytes"), offset);
}

/** keccak-256 of `data` as fresh bytes. */
export function keccakBytes(data: Uint8Array): Uint8Array {
  return keccak256(data, "bytes");
}
