/**
 * The crediting rule every backend of the service follows: a deposit is worth what an account the
 * service controls gained in one successful, final transaction. Instructions, memos, calldata and
 * events only say which request a transaction is for; they never set the amount. Where state is
 * read, the gain is a balance change (`creditedAmount`); on EVM without historical state, an
 * ERC-20's gain is what the token's own `Transfer` logs say it moved (`evmTokenCredit`, which trusts
 * the token).
 */

/**
 * What an account the service controls gained in one transaction: `post - pre`, or 0 when it did
 * not gain (a transaction that moves funds in and out again, or pays from the account, credits 0).
 */
export function creditedAmount(pre: bigint, post: bigint): bigint {
  return post > pre ? post - pre : 0n;
}
