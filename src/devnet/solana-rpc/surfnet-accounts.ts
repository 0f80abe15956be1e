/**
 * surfpool's account cheatcodes on the SVM chain, with its parameters, results and errors:
 * - `surfnet_setAccount(pubkey, { lamports?, data? (hex), owner?, executable?, rentEpoch? })`: all five
 *   fields replace the account; fewer update it (a missing account starts empty, owned by the System
 *   program). LiteSVM keeps no rent epoch: `rentEpoch` is checked and not stored.
 * - `surfnet_setTokenAccount(owner, mint, { amount?, delegate?, state?, delegatedAmount?,
 *   closeAuthority? }, tokenProgram?)`: the owner's associated token account for the mint, created
 *   when missing; `delegate` / `closeAuthority` take a key or the string "null" to clear it, `state`
 *   one of "uninitialized", "initialized", "frozen". Its lamports are set to the rent-exempt minimum
 *   (plus `amount` for wrapped SOL), as surfpool sets them.
 * - `surfnet_resetAccount(pubkey, { includeOwnedAccounts? })`: surfpool drops the account from its cache
 *   to fetch it again from its remote; the devnet has no remote, so the account is deleted (with the
 *   program data of an upgradeable program, and with `includeOwnedAccounts` every account it owns).
 * Each answers `{ context: { slot, apiVersion }, value: null }`.
 */

import {
  type Address,
  address,
  type EncodedAccount,
  getAddressEncoder,
  getProgramDerivedAddress,
  lamports as toLamports,
} from "@solana/kit";
import { findAssociatedTokenPda, TOKEN_PROGRAM_ADDRESS } from "@solana-program/token";
import type { SvmLedger } from "./ledger.ts";
import { SOLANA_CORE_VERSION } from "./methods.ts";
import type { RpcMethod } from "./rpc-method.ts";
import {
  bool,
  decodeHex,
  optional,
  positional,
  struct,
  surfnetInvalidParams,
  text,
  u64,
  verifyPubkey,
} from "./surfnet-params.ts";

const SYSTEM_PROGRAM = address("11111111111111111111111111111111");
const NATIVE_MINT = "So11111111111111111111111111111111111111112";
const UPGRADEABLE_LOADER = address("BPFLoaderUpgradeab1e11111111111111111111111");
/** An SPL token account's base layout (Token and Token-2022). */
const TOKEN_ACCOUNT_LEN = 165;
const AT = {
  mint: 0,
  owner: 32,
  amount: 64,
  delegate: 72,
  state: 108,
  isNative: 109,
  delegated: 121,
  close: 129,
};
/** Token-2022's account-type byte after the base layout (2: account). */
const ACCOUNT_TYPE_ACCOUNT = 2;
const TOKEN_STATES = { uninitialized: 0, initialized: 1, frozen: 2 } as const;
const addressBytes = getAddressEncoder();
/** An account that does not exist: written, it deletes the account (LiteSVM drops one with no lamports). */
const NO_ACCOUNT = { lamports: 0n, owner: SYSTEM_PROGRAM, executable: false, data: new Uint8Array() };

interface AccountFields {
  lamports?: number;
  data?: string;
  owner?: string;
  executable?: boolean;
  rentEpoch?: number;
}

function accountUpdate(value: unknown): AccountFields {
  const fields = struct(value, "AccountUpdate");
  const lamports = optional(fields.lamports, u64);
  const data = optional(fields.data, text);
  const owner = optional(fields.owner, text);
  const executable = optional(fields.executable, bool);
  const rentEpoch = optional(fields.rentEpoch, u64);
  return {
    ...(lamports === undefined ? {} : { lamports }),
    ...(data === undefined ? {} : { data }),
    ...(owner === undefined ? {} : { owner }),
    ...(executable === undefined ? {} : { executable }),
    ...(rentEpoch === undefined ? {} : { rentEpoch }),
  };
}

/** `SetSomeAccount`: a key, or the string "null" to clear the field. */
const someAccount = (value: unknown) => text(value);

function tokenAccountUpdate(value: unknown) {
  const fields = struct(value, "TokenAccountUpdate");
  return {
    amount: optional(fields.amount, u64),
    delegate: optional(fields.delegate, someAccount),
    state: optional(fields.state, text),
    delegatedAmount: optional(fields.delegatedAmount, u64),
    closeAuthority: optional(fields.closeAuthority, someAccount),
  };
}

/** Whether `data` unpacks as an initialized SPL token account (what surfpool's unpack accepts). */
function isTokenAccount(data: Uint8Array): boolean {
  const sized =
    data.length === TOKEN_ACCOUNT_LEN ||
    (data.length > TOKEN_ACCOUNT_LEN && data[TOKEN_ACCOUNT_LEN] === ACCOUNT_TYPE_ACCOUNT);
  const view = new DataView(data.buffer, data.byteOffset, data.length);
  const option = (at: number) => data.length >= at + 4 && view.getUint32(at, true) <= 1;
  const state = data[AT.state];
  return (
    sized &&
    state !== undefined &&
    state >= 1 &&
    state <= 2 &&
    option(AT.delegate) &&
    option(AT.isNative) &&
    option(AT.close)
  );
}

function writeOptionKey(data: Uint8Array, at: number, key: Address | null): void {
  const view = new DataView(data.buffer, data.byteOffset, data.length);
  view.setUint32(at, key === null ? 0 : 1, true);
  data.set(key === null ? new Uint8Array(32) : addressBytes.encode(key), at + 4);
}

function context(ledger: SvmLedger) {
  return { context: { slot: ledger.slot("processed"), apiVersion: SOLANA_CORE_VERSION }, value: null };
}

function accountOf(
  key: Address,
  account: { lamports: bigint; owner: Address; executable: boolean; data: Uint8Array },
): EncodedAccount {
  return {
    address: key,
    lamports: toLamports(account.lamports),
    programAddress: account.owner,
    executable: account.executable,
    data: account.data,
    space: BigInt(account.data.length),
  };
}

export function surfnetAccountMethods(ledger: SvmLedger): Record<string, RpcMethod> {
  const { svm } = ledger;
  return {
    surfnet_setAccount(params) {
      const [keyText, updateValue] = positional(params, 2);
      const keyInput = text(keyText);
      const update = accountUpdate(updateValue);
      const key = verifyPubkey(keyInput);
      const found = svm.getAccount(key);
      const base = found.exists
        ? {
            lamports: BigInt(found.lamports),
            owner: found.programAddress,
            executable: found.executable,
            data: found.data,
          }
        : NO_ACCOUNT;
      ledger.setAccounts([
        accountOf(key, {
          lamports: update.lamports === undefined ? base.lamports : BigInt(update.lamports),
          owner: update.owner === undefined ? base.owner : verifyPubkey(update.owner),
          executable: update.executable ?? base.executable,
          data: update.data === undefined ? new Uint8Array(base.data) : decodeHex(update.data),
        }),
      ]);
      return context(ledger);
    },

    async surfnet_setTokenAccount(params) {
      const [ownerText, mintText, updateValue, programValue] = positional(params, 3, 1);
      const ownerInput = text(ownerText);
      const mintInput = text(mintText);
      const update = tokenAccountUpdate(updateValue);
      const programInput = optional(programValue, text);
      const owner = verifyPubkey(ownerInput);
      const mint = verifyPubkey(mintInput);
      const tokenProgram = programInput === undefined ? TOKEN_PROGRAM_ADDRESS : verifyPubkey(programInput);
      const [ata] = await findAssociatedTokenPda({ owner, mint, tokenProgram });
      const rent = svm.minimumBalanceForRentExemption(BigInt(TOKEN_ACCOUNT_LEN));
      const native = mint === NATIVE_MINT;
      const lamports = native ? rent + BigInt(update.amount ?? 0) : rent;

      const found = svm.getAccount(ata);
      let data: Uint8Array;
      if (found.exists) {
        data = new Uint8Array(found.data);
        if (!isTokenAccount(data)) {
          throw surfnetInvalidParams(
            "Failed to unpack token account data: Parse error: Failed to unpack token account",
          );
        }
      } else {
        data = new Uint8Array(TOKEN_ACCOUNT_LEN);
        data.set(addressBytes.encode(mint), AT.mint);
        data.set(addressBytes.encode(owner), AT.owner);
        data[AT.state] = TOKEN_STATES.initialized;
        if (native) {
          const view = new DataView(data.buffer);
          view.setUint32(AT.isNative, 1, true);
          view.setBigUint64(AT.isNative + 4, rent, true);
        }
      }
      const view = new DataView(data.buffer, data.byteOffset, data.length);
      if (update.amount !== undefined) view.setBigUint64(AT.amount, BigInt(update.amount), true);
      if (update.delegate !== undefined) {
        writeOptionKey(data, AT.delegate, update.delegate === "null" ? null : verifyPubkey(update.delegate));
      }
      if (update.state !== undefined) {
        if (!Object.hasOwn(TOKEN_STATES, update.state)) {
          throw surfnetInvalidParams(`Invalid token account state ${update.state}`);
        }
        data[AT.state] = TOKEN_STATES[update.state as keyof typeof TOKEN_STATES];
      }
      if (update.delegatedAmount !== undefined) {
        view.setBigUint64(AT.delegated, BigInt(update.delegatedAmount), true);
      }
      if (update.closeAuthority !== undefined) {
        writeOptionKey(
          data,
          AT.close,
          update.closeAuthority === "null" ? null : verifyPubkey(update.closeAuthority),
        );
      }
      ledger.setAccounts([
        accountOf(ata, {
          lamports,
          owner: found.exists ? found.programAddress : tokenProgram,
          executable: false,
          data,
        }),
      ]);
      return context(ledger);
    },

    async surfnet_resetAccount(params) {
      const [keyText, configValue] = positional(params, 1, 1);
      const keyInput = text(keyText);
      const config = optional(configValue, (value) => struct(value, "ResetAccountConfig"));
      const includeOwned = optional(config?.includeOwnedAccounts, bool) ?? false;
      const key = verifyPubkey(keyInput);
      const found = svm.getAccount(key);
      if (found.exists) {
        const gone: Address[] = [];
        if (found.executable && found.programAddress === UPGRADEABLE_LOADER) {
          const [programData] = await getProgramDerivedAddress({
            programAddress: UPGRADEABLE_LOADER,
            seeds: [addressBytes.encode(key)],
          });
          gone.push(programData);
        }
        if (includeOwned) gone.push(...svm.getProgramAccounts(key).map((owned) => owned.address));
        ledger.setAccounts([...gone, key].map((address) => accountOf(address, NO_ACCOUNT)));
      }
      return context(ledger);
    },
  };
}
