import { decodeAppBalanceFundingCalldata } from "attestkit/funding";
import { decodeEvmReceiverDeposit, type EvmReceiverDeposit } from "attestkit/receiver";
import type { Address, Hash, PublicClient } from "viem";

/**
 * Every deposit your receiver deployments accepted in `[fromBlock, toBlock]`, with the transaction
 * that paid it. `receivers` are the addresses you deployed: a log from any other contract is ignored,
 * however it looks, and `eth_getLogs` only returns logs of successful transactions.
 */
export async function indexReceiverDeposits(
  client: PublicClient,
  receivers: readonly Address[],
  fromBlock: bigint,
  toBlock: bigint,
): Promise<Array<EvmReceiverDeposit & { transactionHash: Hash; blockNumber: bigint }>> {
  const logs = await client.getLogs({ address: [...receivers], fromBlock, toBlock });
  return logs.flatMap((log) => {
    const deposit = decodeEvmReceiverDeposit(log, receivers);
    return deposit === null
      ? []
      : [{ ...deposit, transactionHash: log.transactionHash, blockNumber: log.blockNumber }];
  });
}

/**
 * The app-balance funding a transaction carries, or null: an ERC-20 transfer to the solver whose
 * calldata ends with the funding marker and the credited address. Only a successful transfer of
 * the solver's currency counts, so check the receipt before you credit anything.
 */
export async function readAppBalanceFunding(client: PublicClient, hash: Hash) {
  const [transaction, receipt] = await Promise.all([
    client.getTransaction({ hash }),
    client.getTransactionReceipt({ hash }),
  ]);
  if (receipt.status !== "success") return null;
  const funding = decodeAppBalanceFundingCalldata(transaction.input);
  if (funding === null || transaction.to === null) return null;
  return {
    token: transaction.to,
    solver: funding.solver,
    amount: funding.amount,
    // A null credit funds the sender's own app balance.
    creditedTo: funding.credit ?? transaction.from,
  };
}
