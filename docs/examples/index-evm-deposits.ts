import { evmTokenCredit } from "attestkit/credit";
import { decodeAppBalanceFundingCalldata } from "attestkit/funding";
import { decodeEvmReceiverDeposit, type EvmReceiverDeposit } from "attestkit/receiver";
import type { Address, Hash, PublicClient } from "viem";

/**
 * Every deposit your receiver deployments accepted in `[fromBlock, toBlock]` that paid one of your
 * solver's keys, with the transaction that paid it. `receivers` are the addresses you deployed: a log
 * from any other contract is ignored, however it looks, and `eth_getLogs` only returns logs of
 * successful transactions. An event naming any other solver (a receiver's previous solver inside
 * its grace, say) paid someone else: it is not yours to fill. No state is read at old blocks.
 */
export async function indexReceiverDeposits(
  client: PublicClient,
  receivers: readonly Address[],
  solverKeys: readonly Address[],
  fromBlock: bigint,
  toBlock: bigint,
): Promise<Array<EvmReceiverDeposit & { transactionHash: Hash; blockNumber: bigint }>> {
  const ours = new Set(solverKeys.map((key) => key.toLowerCase()));
  const logs = await client.getLogs({ address: [...receivers], fromBlock, toBlock });
  return logs.flatMap((log) => {
    const deposit = decodeEvmReceiverDeposit(log, receivers);
    return deposit === null || !ours.has(deposit.solver.toLowerCase())
      ? []
      : [{ ...deposit, transactionHash: log.transactionHash, blockNumber: log.blockNumber }];
  });
}

/**
 * The app-balance funding a transaction carries, or null. The calldata (an ERC-20 transfer to the
 * solver ending with the funding marker) only names the wallet to credit; the amount is what the
 * solver's keys received in that token, by its `Transfer` logs (`evmTokenCredit`), so a
 * fee-on-transfer token is credited net and a transfer that moved nothing credits nothing.
 * `solverKeys` are every address your solver controls (current and earlier keys).
 */
export async function readAppBalanceFunding(
  client: PublicClient,
  hash: Hash,
  solverKeys: readonly Address[],
) {
  const [transaction, receipt] = await Promise.all([
    client.getTransaction({ hash }),
    client.getTransactionReceipt({ hash }),
  ]);
  if (receipt.status !== "success") return null;
  const funding = decodeAppBalanceFundingCalldata(transaction.input);
  if (funding === null || transaction.to === null) return null;
  if (!solverKeys.some((key) => key.toLowerCase() === funding.solver.toLowerCase())) return null;
  const received = evmTokenCredit(receipt.logs, transaction.to, solverKeys);
  const amount = received < funding.amount ? received : funding.amount;
  if (amount === 0n) return null;
  return {
    token: transaction.to,
    solver: funding.solver,
    amount,
    // A null credit funds the sender's own app balance.
    creditedTo: funding.credit ?? transaction.from,
  };
}
