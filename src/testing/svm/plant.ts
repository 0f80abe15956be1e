// Accounts and programs an attacker plants in a LiteSVM ledger: look-alikes of the real ones at addresses the
// attacker controls, for the account-substitution properties of both SVM catalogues.
import { type Address, generateKeyPairSigner, getAddressDecoder } from "@solana/kit";
import { type Hex, hexToBytes } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { NotApplicable } from "../evm/context.ts";
import { SVM_KEYS } from "./constants.ts";
import type { SvmConformanceEnv } from "./env.ts";

/** The ELF of a loaded program: the account itself (BPF loader 2) or its ProgramData after a 45-byte header (loader 3). */
export function programElf(env: SvmConformanceEnv, program: Address): Uint8Array {
  const account = env.svm.getAccount(program);
  if (!account.exists) throw new Error(`program ${program} is not loaded`);
  if (account.data.length !== 36) return account.data;
  const programData = getAddressDecoder().decode(account.data.slice(4, 36));
  const data = env.svm.getAccount(programData);
  if (!data.exists) throw new Error(`program data of ${program} is missing`);
  return data.data.slice(45);
}

/** A copy of `program`'s code deployed at a fresh address: the same behaviour under the attacker's control. */
export async function cloneProgram(env: SvmConformanceEnv, program: Address): Promise<Address> {
  const address = (await generateKeyPairSigner()).address;
  env.svm.addProgram(address, programElf(env, program));
  return address;
}

/** A copy of `source`'s data and lamports at a fresh address, owned by `owner`. */
export async function cloneAccount(
  env: SvmConformanceEnv,
  source: Address,
  owner: Address,
): Promise<Address> {
  const account = env.svm.getAccount(source);
  if (!account.exists) throw new Error(`account ${source} is missing`);
  const address = (await generateKeyPairSigner()).address;
  env.svm.setAccount({ ...account, address, programAddress: owner });
  return address;
}

/**
 * A copy of the config at a fresh address owned by another program, with the solver's EVM address
 * replaced by the stranger's wherever it is stored.
 * @throws NotApplicable when the config does not store `solverEvm`.
 */
export async function lookAlikeConfig(
  env: SvmConformanceEnv,
  config: Address,
  solverEvm: Hex,
): Promise<Address> {
  const account = env.svm.getAccount(config);
  if (!account.exists) throw new Error(`config ${config} is missing`);
  const data = Uint8Array.from(account.data);
  const solver = hexToBytes(solverEvm);
  const stranger = hexToBytes(privateKeyToAccount(SVM_KEYS.stranger).address);
  let replaced = 0;
  for (let i = 0; i + solver.length <= data.length; i += 1) {
    if (solver.every((b, j) => data[i + j] === b)) {
      data.set(stranger, i);
      replaced += 1;
    }
  }
  if (replaced === 0) throw new NotApplicable("the config does not store the solver's EVM address");
  const address = (await generateKeyPairSigner()).address;
  const owner = (await generateKeyPairSigner()).address;
  env.svm.setAccount({ ...account, address, data, programAddress: owner });
  return address;
}
