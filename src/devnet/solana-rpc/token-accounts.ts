/**
 * SPL Token and Token-2022 accounts as the RPC describes them: token balances of a transaction's
 * accounts, `getTokenAccountBalance` amounts and the `jsonParsed` form of token accounts.
 */
import type { Address, ReadonlyUint8Array } from "@solana/kit";
import { getMintDecoder, getMintSize, getTokenDecoder, getTokenSize } from "@solana-program/token";
import type { LiteSVM } from "litesvm";

export const TOKEN_PROGRAM = "TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA" as Address;
export const TOKEN_2022_PROGRAM = "TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb" as Address;
export const TOKEN_PROGRAMS: ReadonlySet<string> = new Set([TOKEN_PROGRAM, TOKEN_2022_PROGRAM]);
const MINT_SIZE = getMintSize();
const ACCOUNT_SIZE = getTokenSize();
/** Token-2022 account type byte after the 165-byte base (2 = account). */
const ACCOUNT_TYPE_ACCOUNT = 2;

export interface UiTokenAmount {
  amount: string;
  decimals: number;
  uiAmount: number | null;
  uiAmountString: string;
}

export interface TokenAccountState {
  mint: Address;
  owner: Address;
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

/** The token account at `address`, or null when it is not one (or its mint is missing). */
export function readTokenAccount(svm: LiteSVM, address: Address): TokenAccountState | null {
  const account = svm.getAccount(address);
  if (!account.exists || !TOKEN_PROGRAMS.has(account.programAddress)) return null;
  return decodeTokenAccount(svm, account.programAddress, account.data);
}

export function decodeTokenAccount(
  svm: LiteSVM,
  program: Address,
  data: ReadonlyUint8Array,
): TokenAccountState | null {
  if (!isTokenAccountData(data, program)) return null;
  const token = getTokenDecoder().decode(data);
  const mint = svm.getAccount(token.mint);
  if (!mint.exists || mint.data.length < MINT_SIZE) return null;
  const states = ["uninitialized", "initialized", "frozen"] as const;
  return {
    mint: token.mint,
    owner: token.owner,
    amount: token.amount,
    decimals: getMintDecoder().decode(mint.data).decimals,
    programId: program,
    state: states[token.state] ?? "uninitialized",
    isNative: token.isNative.__option === "Some",
  };
}

/** `jsonParsed` data of a token account. */
export function parsedTokenAccount(state: TokenAccountState, space: number) {
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
      },
    },
    space,
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
export function tokenBalances(svm: LiteSVM, keys: readonly Address[]): TokenBalance[] {
  const out: TokenBalance[] = [];
  keys.forEach((key, accountIndex) => {
    const state = readTokenAccount(svm, key);
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
