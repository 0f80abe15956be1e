import { createHash } from "node:crypto";
import { type Address, getAddressDecoder, getAddressEncoder, isOffCurveAddress } from "@solana/kit";

/**
 * `create_program_address(seeds ++ [bump], programId)` at any bump, canonical or not: what an
 * attacker passes to get a second record for the same seeds.
 * @throws RangeError when that bump's hash is on the curve (no address exists there).
 */
export function programAddressAtBump(
  programId: Address,
  seeds: readonly Uint8Array[],
  bump: number,
): Address {
  const hash = createHash("sha256");
  for (const seed of seeds) hash.update(seed);
  hash
    .update(Uint8Array.of(bump))
    .update(getAddressEncoder().encode(programId) as Uint8Array)
    .update("ProgramDerivedAddress");
  const address = getAddressDecoder().decode(hash.digest());
  if (!isOffCurveAddress(address)) throw new RangeError(`bump ${bump} gives an on-curve address`);
  return address;
}
