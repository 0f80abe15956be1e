/**
 * Program-derived addresses computed synchronously (kit's `getProgramDerivedAddress` is async):
 * the address of bump b is `sha256(seeds || [b] || programId || "ProgramDerivedAddress")` when
 * those 32 bytes are NOT an ed25519 point; `findSvmProgramAddress` returns the highest such bump,
 * as the runtime's `find_program_address` does.
 */
import { base58 } from "@scure/base";
import type { Address } from "@solana/kit";
import { sha256 } from "viem";

const P = 2n ** 255n - 19n;
/** The edwards25519 curve constant d = -121665/121666 mod p. */
const D = (-121665n * modPow(121666n, P - 2n)) % P;
const MARKER = new TextEncoder().encode("ProgramDerivedAddress");
const MAX_SEED_LENGTH = 32;
const MAX_SEEDS = 16;

function modPow(base: bigint, exponent: bigint): bigint {
  let result = 1n;
  let b = ((base % P) + P) % P;
  for (let e = exponent; e > 0n; e >>= 1n) {
    if (e & 1n) result = (result * b) % P;
    b = (b * b) % P;
  }
  return result;
}

/**
 * Whether 32 bytes decompress to an ed25519 point, by the rule the runtime applies
 * (curve25519-dalek's `CompressedEdwardsY::decompress`): y is the little-endian value with the top
 * bit (x's sign) cleared, reduced mod p; the point exists when (y² − 1)/(d·y² + 1) is a square mod p
 * (d·y² + 1 is never 0: −1/d is not a square).
 */
export function isOnEd25519Curve(bytes: Uint8Array): boolean {
  let y = 0n;
  for (let i = 31; i >= 0; i--) y = (y << 8n) | BigInt(i === 31 ? bytes[i]! & 0x7f : bytes[i]!);
  y %= P;
  const y2 = (y * y) % P;
  const u = (y2 - 1n + P) % P;
  const v = (D * y2 + 1n) % P;
  const x2 = (u * modPow(v, P - 2n)) % P;
  return x2 === 0n || modPow(x2, (P - 1n) / 2n) === 1n;
}

/**
 * The canonical program-derived address of `seeds` under `programId` and its bump (255 down to 0,
 * the first off the curve). Throws a RangeError for more than 16 seeds or a seed over 32 bytes
 * (the runtime's limits), or when no bump gives an address (probability about 2^-256).
 */
export function findSvmProgramAddress(
  seeds: readonly Uint8Array[],
  programId: Address,
): { address: Address; bump: number } {
  if (seeds.length >= MAX_SEEDS) throw new RangeError(`at most ${MAX_SEEDS - 1} seeds besides the bump`);
  if (seeds.some((seed) => seed.length > MAX_SEED_LENGTH))
    throw new RangeError(`a seed is at most ${MAX_SEED_LENGTH} bytes`);
  const program = base58.decode(programId);
  const length = seeds.reduce((n, seed) => n + seed.length, 0);
  const preimage = new Uint8Array(length + 1 + 32 + MARKER.length);
  let at = 0;
  for (const seed of seeds) {
    preimage.set(seed, at);
    at += seed.length;
  }
  const bumpAt = at;
  preimage.set(program, bumpAt + 1);
  preimage.set(MARKER, bumpAt + 33);
  for (let bump = 255; bump >= 0; bump--) {
    preimage[bumpAt] = bump;
    const hash = sha256(preimage, "bytes");
    if (!isOnEd25519Curve(hash)) return { address: base58.encode(hash) as Address, bump };
  }
  throw new RangeError("no bump gives an address off the curve");
}
