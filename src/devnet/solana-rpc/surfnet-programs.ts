/**
 * surfpool's program cheatcodes on the SVM chain, for programs of the upgradeable loader, with its
 * parameters, results and errors:
 * - `surfnet_setProgramAuthority(programId, newAuthority?)`: the program data's upgrade authority
 *   becomes `newAuthority` (absent or null: none, the program is then immutable).
 * - `surfnet_cloneProgramAccount(sourceProgramId, destinationProgramId)`: the destination becomes the
 *   same program (its program account pointing at its own program data, a copy of the source's).
 * Each answers `{ context: { slot, apiVersion }, value: null }`; writes read at every commitment at once.
 * The program data keeps the loader's layout (a 45-byte header before the ELF, as the loader's own
 * `SetAuthority` leaves it), so the program still runs after its authority is removed.
 */

import {
  type Address,
  type EncodedAccount,
  getAddressDecoder,
  getAddressEncoder,
  getProgramDerivedAddress,
} from "@solana/kit";
import type { SvmLedger } from "./ledger.ts";
import { SOLANA_CORE_VERSION } from "./methods.ts";
import type { RpcMethod } from "./rpc-method.ts";
import { optional, positional, surfnetInvalidParams, text, verifyPubkey } from "./surfnet-params.ts";

const UPGRADEABLE_LOADER = "BPFLoaderUpgradeab1e11111111111111111111111" as Address;
/** `UpgradeableLoaderState` tags (a little-endian u32 first in the account's data). */
const PROGRAM = 2;
const PROGRAM_DATA = 3;
/** ProgramData's header: tag, deployment slot (u64), then `Option<Pubkey>` (one byte and the key). */
const AUTHORITY_OPTION_AT = 12;
const PROGRAM_DATA_HEADER = 45;
const PROGRAM_ACCOUNT_LEN = 36;
const addressBytes = getAddressEncoder();

const invalidProgramAccount = (key: string, reason: string) =>
  surfnetInvalidParams(`Invalid program account ${key}`, reason);

async function programDataAddress(program: Address): Promise<Address> {
  const [address] = await getProgramDerivedAddress({
    programAddress: UPGRADEABLE_LOADER,
    seeds: [addressBytes.encode(program)],
  });
  return address;
}

const tagOf = (data: Uint8Array) =>
  data.length < 4 ? -1 : new DataView(data.buffer, data.byteOffset, 4).getUint32(0, true);

function context(ledger: SvmLedger) {
  return { context: { slot: ledger.slot("processed"), apiVersion: SOLANA_CORE_VERSION }, value: null };
}

export function surfnetProgramMethods(ledger: SvmLedger): Record<string, RpcMethod> {
  const { svm } = ledger;

  /** An existing account as written back, with `data` in place of its own. */
  const withData = (account: EncodedAccount, address: Address, data: Uint8Array): EncodedAccount => ({
    ...account,
    address,
    data,
    space: BigInt(data.length),
  });

  return {
    async surfnet_setProgramAuthority(params) {
      const [programText, authorityValue] = positional(params, 1, 1);
      const programId = verifyPubkey(text(programText));
      const authorityText = optional(authorityValue, text);
      const authority = authorityText === undefined ? null : verifyPubkey(authorityText);
      const program = svm.getAccount(programId);
      if (!program.exists) throw invalidProgramAccount(programId, "Account not found");
      const dataAddress = await programDataAddress(programId);
      const programData = svm.getAccount(dataAddress);
      if (!programData.exists)
        throw invalidProgramAccount(dataAddress, "Program data account does not exist");
      if (tagOf(programData.data) !== PROGRAM_DATA || programData.data.length < PROGRAM_DATA_HEADER) {
        throw invalidProgramAccount(programId, "Invalid program data account");
      }
      const data = new Uint8Array(programData.data);
      data[AUTHORITY_OPTION_AT] = authority === null ? 0 : 1;
      if (authority !== null) data.set(addressBytes.encode(authority), AUTHORITY_OPTION_AT + 1);
      ledger.setAccounts([withData(programData, dataAddress, data)]);
      return context(ledger);
    },

    async surfnet_cloneProgramAccount(params) {
      const [sourceText, destinationText] = positional(params, 2);
      const source = verifyPubkey(text(sourceText));
      const destination = verifyPubkey(text(destinationText));
      const sourceDataAddress = await programDataAddress(source);
      const program = svm.getAccount(source);
      if (!program.exists) throw surfnetInvalidParams(`Account ${source} not found`);
      const programData = svm.getAccount(sourceDataAddress);
      if (!programData.exists) throw surfnetInvalidParams(`Account ${sourceDataAddress} not found`);
      if (
        program.programAddress !== UPGRADEABLE_LOADER ||
        tagOf(program.data) < 0 ||
        tagOf(program.data) > 3
      ) {
        throw invalidProgramAccount(source, "failed to parse account data as an upgradeable loader state");
      }
      if (tagOf(program.data) !== PROGRAM || program.data.length < PROGRAM_ACCOUNT_LEN) {
        throw surfnetInvalidParams(`Account ${source} is not a program account`);
      }
      const pointsAt = getAddressDecoder().decode(program.data.subarray(4, PROGRAM_ACCOUNT_LEN));
      if (pointsAt !== sourceDataAddress) {
        throw invalidProgramAccount(
          source,
          `Program data address mismatch: expected ${sourceDataAddress}, found ${pointsAt}`,
        );
      }
      const destinationDataAddress = await programDataAddress(destination);
      const pointer = new Uint8Array(PROGRAM_ACCOUNT_LEN);
      new DataView(pointer.buffer).setUint32(0, PROGRAM, true);
      pointer.set(addressBytes.encode(destinationDataAddress), 4);
      // Program data first: the loader finds the program's code when its program account is written.
      ledger.setAccounts([
        withData(programData, destinationDataAddress, new Uint8Array(programData.data)),
        withData(program, destination, pointer),
      ]);
      return context(ledger);
    },
  };
}
