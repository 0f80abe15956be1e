/**
 * App balances (service interface: App balance funding): credited from funding transfers to the
 * solver seen on chain 8453 (`decodeAppBalanceFundingCalldata` names the wallet; the credit is what
 * the solver received), reduced by permanent debits, sponsorship deductions, claims
 * and active fast-fill holds. Reported in the app balance currency (USDC on 8453, micro-USD).
 */
import { type Address, getAddress } from "viem";
import { APP_BALANCE_CHAIN_ID, decodeAppBalanceFundingCalldata } from "../funding/index.ts";
import type { AppBalanceResponse } from "../schemas/index.ts";
import type { Ledger } from "./ledger.ts";
import { APP_BALANCE_CURRENCY, formatMicroUsd, type TokenRegistry, toMicroUsd } from "./tokens.ts";

/** A transaction on chain 8453 that may carry funding calldata. */
export interface FundingCandidate {
  chainId: number;
  txHash: string;
  from: string;
  /** The contract called (the token). */
  to: string;
  input: string;
  /**
   * What the solver received in the transaction (the token's `Transfer` logs, net): the credit.
   * Absent (the mock funding endpoint): the calldata amount.
   */
  received?: string;
  /** Log index or other discriminator when one tx holds several transfers. */
  index?: number;
  status?: "success" | "failure";
}

/**
 * Credits the app balance when `tx` is a successful funding transfer to `solver` on chain 8453.
 * Returns the credited wallet and micro-USD amount, or null when the transaction is not funding.
 * Idempotent: the same transaction is credited once.
 */
export function applyFunding(
  ledger: Ledger,
  tokens: TokenRegistry,
  solver: Address,
  tx: FundingCandidate,
): { wallet: Address; amount: bigint } | null {
  if (tx.chainId !== APP_BALANCE_CHAIN_ID || tx.status === "failure") return null;
  const decoded = decodeAppBalanceFundingCalldata(tx.input);
  if (decoded === null || decoded.solver.toLowerCase() !== solver.toLowerCase()) return null;
  let wallet: Address;
  try {
    wallet = decoded.credit ?? getAddress(tx.from);
  } catch {
    return null;
  }
  const arrived = tx.received === undefined ? decoded.amount : BigInt(tx.received);
  // Calldata names the wallet to credit; the amount is what reached the solver, never more than named.
  const units = arrived < decoded.amount ? arrived : decoded.amount;
  if (units === 0n) return null;
  const amount = toMicroUsd(tokens.resolve(APP_BALANCE_CHAIN_ID, tx.to), units);
  const credited = ledger.credit(
    wallet,
    amount,
    `funding:${tx.chainId}:${tx.txHash.toLowerCase()}:${tx.index ?? 0}`,
  );
  return credited ? { wallet, amount } : null;
}

/** The app balance response: what is available (balance minus active holds), never below zero. */
/**
 * The service interface's top-level currency amount members (4.6), and the same amount once more in `balances`
 * (beyond the service interface), the list the SDK's `getAppFees` action reads.
 */
export function appBalanceResponse(
  ledger: Ledger,
  wallet: string,
): AppBalanceResponse & { balances: AppBalanceResponse[] } {
  const { available } = ledger.snapshot(wallet);
  const amount = available > 0n ? available : 0n;
  const balance: AppBalanceResponse = {
    currency: APP_BALANCE_CURRENCY,
    amount: amount.toString(),
    amountFormatted: formatMicroUsd(amount),
    amountUsd: formatMicroUsd(amount),
    minimumAmount: amount.toString(),
  };
  return { ...balance, balances: [balance] };
}
