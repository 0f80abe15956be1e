/**
 * The devnet's well-known accounts. EVM: the standard development mnemonic, whose first accounts every
 * Hardhat EDR chain funds with 10,000 ETH. SVM: keypairs derived from fixed seeds. Both are public by
 * design: never send value to them on a real network.
 */
import { createHash, pbkdf2Sync } from "node:crypto";
import {
  createKeyPairSignerFromPrivateKeyBytes,
  getAddressEncoder,
  getBase58Decoder,
  type KeyPairSigner,
} from "@solana/kit";
import { bytesToHex, type Hex } from "viem";
import { HDKey, hdKeyToAccount, privateKeyToAddress } from "viem/accounts";

export const DEVNET_MNEMONIC = "test test test test test test test test test test test junk";

/** Roles of the EVM accounts, by mnemonic index. */
const EVM_ROLES = { deployer: 0, solver: 1, alice: 2, bob: 3, carol: 4 } as const;
export type EvmRole = keyof typeof EVM_ROLES;

export interface EvmDevAccount {
  role: EvmRole;
  address: Hex;
  privateKey: Hex;
}

let devnetRoot: HDKey | undefined;
const evmAccounts = new Map<EvmRole, EvmDevAccount>();

/** The BIP-39 seed by node:crypto's native PBKDF2, derived once: pure-JS PBKDF2 per call costs ~100 ms. */
function devnetHdRoot(): HDKey {
  devnetRoot ??= HDKey.fromMasterSeed(
    pbkdf2Sync(DEVNET_MNEMONIC.normalize("NFKD"), "mnemonic", 2048, 64, "sha512"),
  );
  return devnetRoot;
}

export function evmDevAccount(role: EvmRole): EvmDevAccount {
  const known = evmAccounts.get(role);
  if (known !== undefined) return known;
  const privateKey = evmMnemonicPrivateKey(EVM_ROLES[role]);
  const derived: EvmDevAccount = { role, address: privateKeyToAddress(privateKey), privateKey };
  evmAccounts.set(role, Object.freeze(derived));
  return derived;
}

/** The private key of the development mnemonic's account `index` (m/44'/60'/0'/0/index). */
export function evmMnemonicPrivateKey(index: number): Hex {
  const privateKey = hdKeyToAccount(devnetHdRoot(), { addressIndex: index }).getHdKey().privateKey;
  if (privateKey === null) throw new Error(`no private key for mnemonic account ${index}`);
  return bytesToHex(privateKey);
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
