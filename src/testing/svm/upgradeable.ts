import { type Address, getAddressEncoder, getProgramDerivedAddress, lamports } from "@solana/kit";
import type { LiteSVM } from "litesvm";
import { LOADER_V3 } from "../../deploy/svm.ts";

/**
 * Places `elf` at `programId` in `svm` as the upgradeable loader (v3) leaves it after a deploy by
 * `authority`: a program whose `initialize` accepts only its upgrade authority can then be
 * initialized by that key, with no buffer and write transactions. Returns the ProgramData address.
 */
export async function loadUpgradeableProgram(
  svm: LiteSVM,
  programId: Address,
  authority: Address,
  elf: Uint8Array,
): Promise<Address> {
  const encode = (at: Address) => getAddressEncoder().encode(at);
  const [programData] = await getProgramDerivedAddress({
    programAddress: LOADER_V3,
    seeds: [encode(programId)],
  });
  // ProgramData: u32 tag 3, u64 deployment slot, Some(upgrade authority), then the ELF.
  const header = new Uint8Array(45);
  header[0] = 3;
  header[12] = 1;
  header.set(encode(authority), 13);
  const place = (at: Address, data: Uint8Array, executable: boolean) =>
    svm.setAccount({
      address: at,
      data,
      executable,
      lamports: lamports(svm.minimumBalanceForRentExemption(BigInt(data.length))),
      programAddress: LOADER_V3,
      space: BigInt(data.length),
    });
  place(programData, new Uint8Array([...header, ...elf]), false);
  // Program: u32 tag 2, the ProgramData address.
  place(programId, new Uint8Array([2, 0, 0, 0, ...encode(programData)]), true);
  return programData;
}
