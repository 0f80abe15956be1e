/**
 * Who paid an SVM transfer to the solver, from the transaction's balance changes: the account whose
 * balance fell, whoever paid the fee. Native: the account (not the solver's) whose lamports fell the
 * most, the fee added back to the fee payer, so a fee payer that only paid the fee is never taken
 * for the payer. A token: the owner of the token account of that mint (not the solver's) whose
 * balance fell the most, as the token balances report it.
 */
import type { SvmBalanceMeta } from "../../credit/svm.ts";

export interface SvmPayerMeta extends SvmBalanceMeta {
  /** The transaction's fee, in lamports, paid by its first account. */
  fee: number | bigint;
}

/** The payer of what reached `solver` in `currency` (the native constant or a mint), or null. */
export function svmTransferPayer(
  meta: SvmPayerMeta,
  solver: string,
  currency: string,
  nativeCurrency: string,
): string | null {
  let payer: string | null = null;
  let largest = 0n;
  const consider = (account: string | undefined, fell: bigint) => {
    if (account === undefined || account === solver || fell <= largest) return;
    largest = fell;
    payer = account;
  };
  if (currency === nativeCurrency) {
    meta.accountKeys.forEach((key, index) => {
      const fee = index === 0 ? BigInt(meta.fee) : 0n;
      consider(key, BigInt(meta.preBalances[index] ?? 0) - BigInt(meta.postBalances[index] ?? 0) - fee);
    });
    return payer;
  }
  const after = new Map((meta.postTokenBalances ?? []).map((b) => [b.accountIndex, b]));
  for (const before of meta.preTokenBalances ?? []) {
    if (before.mint !== currency) continue;
    const now = BigInt(after.get(before.accountIndex)?.uiTokenAmount.amount ?? "0");
    consider(before.owner, BigInt(before.uiTokenAmount.amount) - now);
  }
  return payer;
}
