/**
 * Deposits into an EVM depository, as the indexer reads them: the configured depository's
 * `RelayNativeDeposit` / `RelayErc20Deposit` events name the order id (the event's `id`) and the
 * depositor (anyone's choice: the deposit is authorised by its transaction's sender); the amount credited is what reached the depository in that transaction (the `msg.value`
 * its own code reports, or the token's `Transfer` logs into it), with no state read at any block.
 * Also the calls a quote's deposit step makes.
 */
import {
  type Address,
  encodeFunctionData,
  getAddress,
  type Hex,
  isAddressEqual,
  type PublicClient,
  type TransactionReceipt,
  zeroAddress,
} from "viem";
import { evmTokenCredit } from "../../credit/evm.ts";
import { RELAY_DEPOSITORY_ABI } from "../../orders/index.ts";
import { creditFromBalanceChange } from "./depository-credit.ts";
import type { ChainObservation } from "./types.ts";

/** The call that deposits `amount` of `currency` (zero address: native) for `depositor` under `id`. */
export function encodeDepositoryDeposit(params: {
  depositor: Address;
  currency: Address;
  amount: bigint;
  id: Hex;
}): { data: Hex; value: bigint } {
  if (params.currency.toLowerCase() === zeroAddress) {
    return {
      data: encodeFunctionData({
        abi: RELAY_DEPOSITORY_ABI,
        functionName: "depositNative",
        args: [params.depositor, params.id],
      }),
      value: params.amount,
    };
  }
  return {
    data: encodeFunctionData({
      abi: RELAY_DEPOSITORY_ABI,
      functionName: "depositErc20",
      args: [params.depositor, params.currency, params.amount, params.id],
    }),
    value: 0n,
  };
}

type OrderDeposit = Extract<ChainObservation, { kind: "order-deposit" }>;

/**
 * Deposits into `depository` in blocks `from..to`, with no state read. `getLogs` is asked for the
 * configured depository's address only, so every event comes from its known code: a native event's
 * amount is the `msg.value` that code received. An ERC-20 event's amount is only what the caller
 * asked to pull: its deposits are credited the net of the token's `Transfer` logs into the
 * depository in the same transaction (`evmTokenCredit`), shared by that transaction's deposits in
 * the token (`creditFromBalanceChange`). `timestamps` holds the blocks' timestamps and `receiptOf`
 * the scan's receipt cache.
 */
export async function scanEvmDepository(
  client: PublicClient,
  depository: Address,
  from: number,
  to: number,
  timestamps: ReadonlyMap<number, number>,
  receiptOf: (hash: Hex) => Promise<TransactionReceipt>,
): Promise<OrderDeposit[]> {
  const logs = await client.getLogs({
    address: depository,
    events: RELAY_DEPOSITORY_ABI.filter((item) => item.type === "event"),
    fromBlock: BigInt(from),
    toBlock: BigInt(to),
    strict: true,
  });
  const native: OrderDeposit[] = [];
  /** ERC-20 deposits by transaction and token: one `Transfer` net pays them all. */
  const tokenGroups = new Map<string, OrderDeposit[]>();
  for (const log of logs) {
    if (log.blockNumber === null || log.transactionHash === null || log.logIndex === null) continue;
    if (!isAddressEqual(log.address, depository)) continue;
    const block = Number(log.blockNumber);
    const currency = log.eventName === "RelayErc20Deposit" ? getAddress(log.args.token) : zeroAddress;
    // The depositor the event names is the caller's free choice: the transaction's sender authorised it.
    const sender = getAddress((await receiptOf(log.transactionHash)).from);
    const deposit: OrderDeposit = {
      kind: "order-deposit",
      orderId: log.args.id.toLowerCase(),
      depositor: getAddress(log.args.from),
      from: sender,
      signers: [sender],
      position: `log:${log.logIndex}`,
      txHash: log.transactionHash,
      block,
      timestamp: timestamps.get(block) ?? 0,
      currency,
      amount: log.args.amount.toString(),
      status: "success",
    };
    if (currency === zeroAddress) {
      native.push(deposit);
      continue;
    }
    const key = `${log.transactionHash}:${currency}`;
    tokenGroups.set(key, [...(tokenGroups.get(key) ?? []), deposit]);
  }
  const out = [...native];
  for (const deposits of tokenGroups.values()) {
    const { txHash, currency } = deposits[0] as OrderDeposit;
    const receipt = await receiptOf(txHash as Hex);
    const arrived = evmTokenCredit(receipt.logs, currency, [depository]);
    const credits = creditFromBalanceChange(
      deposits.map((deposit) => ({ amount: BigInt(deposit.amount) })),
      arrived,
    );
    deposits.forEach((deposit, i) => {
      out.push({ ...deposit, amount: (credits[i] ?? 0n).toString() });
    });
  }
  return out.sort((a, b) => a.block - b.block);
}
