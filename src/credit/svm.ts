/**
 * The crediting rule on the SVM chain, over a transaction's meta as Solana JSON-RPC returns it
 * (`getTransaction`): the lamports the service's wallet gained (`preBalances` / `postBalances`) and
 * the tokens its token accounts gained (`preTokenBalances` / `postTokenBalances`). A Token-2022
 * transfer-fee mint is credited net: the fee withheld in the account is not part of its balance.
 */
import { creditedAmount } from "./balance-change.ts";

/** One entry of `preTokenBalances` / `postTokenBalances`. */
export interface SvmTokenBalance {
  accountIndex: number;
  mint: string;
  owner?: string;
  uiTokenAmount: { amount: string };
}

/** The parts of a transaction's meta the rule reads. */
export interface SvmBalanceMeta {
  /** Every account key of the message, static keys then loaded writable then loaded readonly. */
  accountKeys: readonly string[];
  preBalances: readonly (number | bigint)[];
  postBalances: readonly (number | bigint)[];
  preTokenBalances?: readonly SvmTokenBalance[] | null;
  postTokenBalances?: readonly SvmTokenBalance[] | null;
}

/** What the service controls on the SVM chain. */
export interface SvmControlledAccounts {
  /** The service's wallet: its lamports are native credits, and it owns its token accounts. */
  wallet: string;
  /**
   * When given, only these token accounts count (e.g. the wallet's associated token accounts).
   * Either way a token account counts only when `wallet` owns it after the transaction and, when it
   * existed before, owned it before too: an account handed to the wallet inside the transaction
   * (owner changed after its tokens moved in and out) is not the service's deposit.
   */
  tokenAccounts?: ReadonlySet<string>;
}

/** A credit in one currency: the native constant or the mint. */
export interface SvmCredit {
  currency: string;
  amount: bigint;
}

/**
 * What the service's accounts gained in one successful transaction, per currency (`nativeCurrency`
 * for lamports, the mint for tokens); currencies without a gain are left out. Call it only for a
 * successful, final transaction: a failed one moves nothing but its fee.
 */
export function svmCredits(
  meta: SvmBalanceMeta,
  controlled: SvmControlledAccounts,
  nativeCurrency: string,
): SvmCredit[] {
  const credits = new Map<string, bigint>();
  const add = (currency: string, amount: bigint) => {
    if (amount > 0n) credits.set(currency, (credits.get(currency) ?? 0n) + amount);
  };
  meta.accountKeys.forEach((key, index) => {
    if (key !== controlled.wallet) return;
    const pre = meta.preBalances[index];
    const post = meta.postBalances[index];
    if (pre !== undefined && post !== undefined)
      add(nativeCurrency, creditedAmount(BigInt(pre), BigInt(post)));
  });
  const before = new Map((meta.preTokenBalances ?? []).map((b) => [b.accountIndex, b]));
  for (const after of meta.postTokenBalances ?? []) {
    const account = meta.accountKeys[after.accountIndex];
    if (account === undefined || controlled.tokenAccounts?.has(account) === false) continue;
    if (after.owner !== controlled.wallet) continue;
    const prior = before.get(after.accountIndex);
    if (prior !== undefined && (prior.owner !== controlled.wallet || prior.mint !== after.mint)) continue;
    const pre = prior === undefined ? 0n : BigInt(prior.uiTokenAmount.amount);
    add(after.mint, creditedAmount(pre, BigInt(after.uiTokenAmount.amount)));
  }
  return [...credits].map(([currency, amount]) => ({ currency, amount }));
}
