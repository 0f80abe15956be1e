/**
 * The devnet's well-known accounts. EVM: the standard development mnemonic, whose first accounts every
 * Hardhat EDR chain funds with 10,000 ETH. SVM: keypairs derived from fixed seeds. Both are public by
 * design: never send value to them on a real network.
 */
import { createHash } from "node:crypto";
import {
  createKeyPairSignerFromPrivateKeyBytes,
  getAddressEncoder,
  getBase58Decoder,
  type KeyPairSigner,
} from "@solana/kit";
import type { Hex } from "viem";
import { DEVNET_MNEMONIC_ACCOUNTS } from "./mnemonic-accounts.ts";

export const DEVNET_MNEMONIC = "test test test test test test test test test test test junk";

/** Roles of the EVM accounts, by mnemonic index. */
const EVM_ROLES = { deployer: 0, solver: 1, alice: 2, bob: 3, carol: 4 } as const;
export type EvmRole = keyof typeof EVM_ROLES;

export interface EvmDevAccount {
  role: EvmRole;
  address: Hex;
  privateKey: Hex;
}

/** The derivation path of the mnemonic's accounts, without the account index. */
export const DEVNET_DERIVATION_PATH = "m/44'/60'/0'/0/";

const evmAccounts = new Map<EvmRole, EvmDevAccount>();

export function evmDevAccount(role: EvmRole): EvmDevAccount {
  const known = evmAccounts.get(role);
  if (known !== undefined) return known;
  const derived: EvmDevAccount = { role, ...evmMnemonicAccount(EVM_ROLES[role]) };
  evmAccounts.set(role, Object.freeze(derived));
  return derived;
}

/** The development mnemonic's account `index` (m/44'/60'/0'/0/index), one of the 20 a chain funds. */
export function evmMnemonicAccount(index: number): { address: Hex; privateKey: Hex } {
  const account = DEVNET_MNEMONIC_ACCOUNTS[index];
  if (account === undefined) throw new RangeError(`the devnet funds mnemonic accounts 0 to 19, not ${index}`);
  const [address, privateKey] = account;
  return { address, privateKey };
}

export const EVM_ROLE_NAMES = Object.keys(EVM_ROLES) as EvmRole[];

const SVM_ROLES = ["authority", "solver", "alice", "bob"] as const;
export type SvmRole = (typeof SVM_ROLES)[number];
export const SVM_ROLE_NAMES: readonly SvmRole[] = SVM_ROLES;

const svmSeed = (purpose: string) =>
  new Uint8Array(createHash("sha256").update(`attestkit-devnet:${purpose}`).digest());

/** A fixed keypair per role and purpose (program ids use purposes like "program:attested-receiver"). */
export function svmDevKeypair(purpose: string): Promise<KeyPairSigner> {
  return createKeyPairSignerFromPrivateKeyBytes(svmSeed(purpose));
}

/** The 64-byte secret key (seed || public key) in base58, the form wallets and the Solana CLI import. */
export function svmDevSecretKey(signer: KeyPairSigner, purpose: string): string {
  const secret = new Uint8Array(64);
  secret.set(svmSeed(purpose));
  secret.set(getAddressEncoder().encode(signer.address), 32);
  return getBase58Decoder().decode(secret);
}
