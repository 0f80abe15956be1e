/**
 * What a depository deposit is credited: what reached the depository, an account the service
 * controls, in its transaction (EVM: the token's `Transfer` logs into it; SVM: the vault's balance
 * change). Events and instructions only name the order and the depositor; the amount comes from
 * what arrived. When several deposits in one currency share one measured arrival (one
 * transaction), each is credited its announced amount only as far as
 * the change covers: a change smaller than the announced total is shared pro rata, and whatever
 * arrived beyond the announced total (a plain transfer alongside) is credited to nobody.
 */

/** A deposit as its event or instruction announces it. */
export interface AnnouncedDeposit {
  /** Announced amount, smallest units. */
  amount: bigint;
}

/** The credited amount of each deposit, in order, given the measured change of the depository. */
export function creditFromBalanceChange(deposits: readonly AnnouncedDeposit[], change: bigint): bigint[] {
  const announced = deposits.reduce((sum, deposit) => sum + deposit.amount, 0n);
  if (change <= 0n || announced === 0n) return deposits.map(() => 0n);
  if (change >= announced) return deposits.map((deposit) => deposit.amount);
  return deposits.map((deposit) => (deposit.amount * change) / announced);
}
