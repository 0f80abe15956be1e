import { createRng } from "../rng.ts";

/** Draws one value for run `index` (runs 0 and 1 may return the range's edges). */
export type Draw<T> = (rng: () => number, index: number) => T;

/** A bigint in [min, max]: `min` on run 0, `max` on run 1, then uniform (from 5 x 53 random bits). */
export function bigintIn(min: bigint, max: bigint): Draw<bigint> {
  return (rng, index) => {
    if (index === 0) return min;
    if (index === 1) return max;
    let x = 0n;
    for (let i = 0; i < 5; i += 1) x = (x << 53n) | BigInt(Math.floor(rng() * 2 ** 53));
    return min + (x % (max - min + 1n));
  };
}

/**
 * Runs `body` on `runs` values drawn with a fixed seed, so a failing run repeats exactly. A value the
 * body does not apply to (`skip` returns true) is not counted as a failure.
 */
export async function fuzz<T>(
  runs: number,
  seed: number,
  draw: Draw<T>,
  body: (value: T) => Promise<void>,
  skip: (value: T) => boolean = () => false,
): Promise<void> {
  const rng = createRng(seed);
  for (let index = 0; index < runs; index += 1) {
    const value = draw(rng, index);
    if (!skip(value)) await body(value);
  }
}
