/**
 * SPL Token and Token-2022 accounts as the RPC describes them: token balances of a transaction's
 * accounts, `getTokenAccountBalance` amounts and the `jsonParsed` form of token accounts.
 */
import { type Address, getAddressEncoder, getBase58Decoder, type ReadonlyUint8Array } from "@solana/kit";
import { getMintDecoder, getMintSize, getTokenDecoder, getTokenSize } from "@solana-program/token";
import type { AccountSource } from "./account-history.ts";

export const TOKEN_PROGRAM = "TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA" as Address;
export const TOKEN_2022_PROGRAM = "TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb" as Address;
export const TOKEN_PROGRAMS: ReadonlySet<string> = new Set([TOKEN_PROGRAM, TOKEN_2022_PROGRAM]);
const MINT_SIZE = getMintSize();
const ACCOUNT_SIZE = getTokenSize();
/** Token-2022 account type byte after the 165-byte base (1 = mint, 2 = account). */
const ACCOUNT_TYPE_MINT = 1;
const ACCOUNT_TYPE_ACCOUNT = 2;
const base58 = getBase58Decoder();

export interface UiTokenAmount {
  amount: string;
  decimals: number;
  uiAmount: number | null;
  uiAmountString: string;
}

export interface TokenAccountState {
  mint: Address;
  owner: Address;
  /** The delegate, when one is approved. */
  delegate: Address | null;
  amount: bigint;
  decimals: number;
  programId: Address;
  state: "uninitialized" | "initialized" | "frozen";
  isNative: boolean;
}

export function uiTokenAmount(amount: bigint, decimals: number): UiTokenAmount {
  const scale = 10n ** BigInt(decimals);
  const whole = amount / scale;
  const fraction = (amount % scale).toString().padStart(decimals, "0").replace(/0+$/, "");
  const uiAmountString = fraction.length > 0 ? `${whole}.${fraction}` : `${whole}`;
  return { amount: amount.toString(), decimals, uiAmount: Number(uiAmountString), uiAmountString };
}

function isTokenAccountData(data: ReadonlyUint8Array, program: string): boolean {
  if (data.length === ACCOUNT_SIZE) return true;
  return (
    program === TOKEN_2022_PROGRAM &&
    data.length > ACCOUNT_SIZE &&
    data[ACCOUNT_SIZE] === ACCOUNT_TYPE_ACCOUNT
  );
}

/** Where a token account's owner sits in its data (after the mint), in both token programs. */
const OWNER_OFFSET = 32;

/**
 * A test on an account's raw data that passes every token account `owner` owns (and fails most
 * others): lists by owner skip decoding the accounts it fails, which on a chain with many token
 * accounts is most of them.
 */
export function mayBeOwnedBy(owner: Address): (data: ReadonlyUint8Array) => boolean {
  const bytes = getAddressEncoder().encode(owner);
  return (data) => {
    if (data.length < OWNER_OFFSET + bytes.length) return false;
    for (let i = 0; i < bytes.length; i++) if (data[OWNER_OFFSET + i] !== bytes[i]) return false;
    return true;
  };
}

/** The token account at `address`, or null when it is not one (or its mint is missing). */
export function readTokenAccount(accounts: AccountSource, address: Address): TokenAccountState | null {
  const account = accounts.getAccount(address);
  if (!account.exists || !TOKEN_PROGRAMS.has(account.programAddress)) return null;
  return decodeTokenAccount(accounts, account.programAddress, account.data);
}

export function decodeTokenAccount(
  accounts: AccountSource,
  program: Address,
  data: ReadonlyUint8Array,
): TokenAccountState | null {
  if (!isTokenAccountData(data, program)) return null;
  const token = getTokenDecoder().decode(data);
  const mint = accounts.getAccount(token.mint);
  if (!mint.exists || mint.data.length < MINT_SIZE) return null;
  const states = ["uninitialized", "initialized", "frozen"] as const;
  return {
    mint: token.mint,
    owner: token.owner,
    delegate: token.delegate.__option === "Some" ? token.delegate.value : null,
    amount: token.amount,
    decimals: getMintDecoder().decode(mint.data).decimals,
    programId: program,
    state: states[token.state] ?? "uninitialized",
    isNative: token.isNative.__option === "Some",
  };
}

/** `jsonParsed` data of a token account (Token-2022 extensions listed). */
export function parsedTokenAccount(state: TokenAccountState, data: ReadonlyUint8Array) {
  const token2022 = state.programId === TOKEN_2022_PROGRAM;
  return {
    program: state.programId === TOKEN_PROGRAM ? "spl-token" : "spl-token-2022",
    parsed: {
      type: "account",
      info: {
        isNative: state.isNative,
        mint: state.mint,
        owner: state.owner,
        state: state.state,
        tokenAmount: uiTokenAmount(state.amount, state.decimals),
        ...(token2022 && data.length > ACCOUNT_SIZE ? { extensions: extensionsOf(data) } : {}),
      },
    },
    space: data.length,
  };
}

export interface TokenBalance {
  accountIndex: number;
  mint: Address;
  owner: Address;
  programId: Address;
  uiTokenAmount: UiTokenAmount;
}

/** Token balances of a transaction's accounts (`preTokenBalances` / `postTokenBalances`). */
export function tokenBalances(accounts: AccountSource, keys: readonly Address[]): TokenBalance[] {
  const out: TokenBalance[] = [];
  keys.forEach((key, accountIndex) => {
    const state = readTokenAccount(accounts, key);
    if (state === null) return;
    out.push({
      accountIndex,
      mint: state.mint,
      owner: state.owner,
      programId: state.programId,
      uiTokenAmount: uiTokenAmount(state.amount, state.decimals),
    });
  });
  return out;
}

/** A 32-byte key where all zeros means none (Token-2022's `OptionalNonZeroPubkey`). */
function optionalKey(bytes: ReadonlyUint8Array): string | null {
  return bytes.length === 32 && bytes.some((b) => b !== 0) ? base58.decode(bytes) : null;
}

/** Token-2022 extensions whose state is only optional keys, by extension type number. */
const KEY_EXTENSIONS: Record<number, [string, string[]]> = {
  3: ["mintCloseAuthority", ["closeAuthority"]],
  12: ["permanentDelegate", ["delegate"]],
  14: ["transferHook", ["authority", "programId"]],
  18: ["metadataPointer", ["authority", "metadataAddress"]],
  20: ["groupPointer", ["authority", "groupAddress"]],
  22: ["groupMemberPointer", ["authority", "memberAddress"]],
};
const ACCOUNT_STATES = ["uninitialized", "initialized", "frozen"] as const;

/** A Token-2022 extension as a validator's parser shows it (`unparseableExtension` for the others). */
function parsedExtension(type: number, value: ReadonlyUint8Array) {
  const keys = KEY_EXTENSIONS[type];
  if (keys) {
    const [extension, fields] = keys;
    const state = Object.fromEntries(
      fields.map((field, i) => [field, optionalKey(value.subarray(32 * i, 32 * (i + 1)))]),
    );
    return { extension, state };
  }
  if (type === 7) return { extension: "immutableOwner" };
  if (type === 9) return { extension: "nonTransferable" };
  if (type === 6)
    return { extension: "defaultAccountState", state: { accountState: ACCOUNT_STATES[value[0] ?? 0] } };
  if (type === 8)
    return { extension: "memoTransfer", state: { requireIncomingTransferMemos: value[0] === 1 } };
  return { extension: "unparseableExtension" };
}

/** The TLV extensions after a Token-2022 account's type byte; none for a base-size account. */
function extensionsOf(data: ReadonlyUint8Array) {
  const out: ReturnType<typeof parsedExtension>[] = [];
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  let offset = ACCOUNT_SIZE + 1;
  while (offset + 4 <= data.length) {
    const type = view.getUint16(offset, true);
    const length = view.getUint16(offset + 2, true);
    if (type === 0 || offset + 4 + length > data.length) break;
    out.push(parsedExtension(type, data.subarray(offset + 4, offset + 4 + length)));
    offset += 4 + length;
  }
  return out;
}

/** `jsonParsed` data of a mint (SPL Token, or Token-2022 with its extensions); null when it is not one. */
export function parsedMint(program: Address, data: ReadonlyUint8Array) {
  const isMint =
    data.length === MINT_SIZE ||
    (program === TOKEN_2022_PROGRAM &&
      data.length > ACCOUNT_SIZE &&
      data[ACCOUNT_SIZE] === ACCOUNT_TYPE_MINT);
  if (!isMint) return null;
  const mint = getMintDecoder().decode(data.subarray(0, MINT_SIZE));
  const key = (option: typeof mint.mintAuthority) => (option.__option === "Some" ? option.value : null);
  const token2022 = program === TOKEN_2022_PROGRAM;
  return {
    program: token2022 ? "spl-token-2022" : "spl-token",
    parsed: {
      type: "mint",
      info: {
        decimals: mint.decimals,
        freezeAuthority: key(mint.freezeAuthority),
        isInitialized: mint.isInitialized,
        mintAuthority: key(mint.mintAuthority),
        supply: mint.supply.toString(),
        ...(token2022 && data.length > ACCOUNT_SIZE ? { extensions: extensionsOf(data) } : {}),
      },
    },
    space: data.length,
  };
}
