/**
 * Deposits into an EVM depository, as the indexer reads them: the depository's
 * `RelayNativeDeposit` / `RelayErc20Deposit` events name the order id (the event's `id`) and the
 * depositor; the amount credited is the change of the depository's own balance (native, or its
 * token balance) over the block the deposits landed in (`depository-credit.ts`). Also the calls a
 * quote's deposit step makes.
 */
import {
  type Address,
  encodeFunctionData,
  erc20Abi,
  getAddress,
  type Hex,
  type PublicClient,
  zeroAddress,
} from "viem";
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

/** The depository's balance in `currency` at the end of `block`. */
async function balanceAt(
  client: PublicClient,
  depository: Address,
  currency: Address,
  block: bigint,
): Promise<bigint> {
  if (currency === zeroAddress) return client.getBalance({ address: depository, blockNumber: block });
  return client.readContract({
    address: currency,
    abi: erc20Abi,
    functionName: "balanceOf",
    args: [depository],
    blockNumber: block,
  });
}

/**
 * Deposits into `depository` in blocks `from..to`, credited from its balance change per block and
 * currency. `timestamps` holds the blocks' timestamps (the caller has read the blocks).
 */
export async function scanEvmDepository(
  client: PublicClient,
  depository: Address,
  from: number,
  to: number,
  timestamps: ReadonlyMap<number, number>,
): Promise<OrderDeposit[]> {
  const logs = await client.getLogs({
    address: depository,
    events: RELAY_DEPOSITORY_ABI.filter((item) => item.type === "event"),
    fromBlock: BigInt(from),
    toBlock: BigInt(to),
    strict: true,
  });
  const groups = new Map<string, OrderDeposit[]>();
  for (const log of logs) {
    if (log.blockNumber === null || log.transactionHash === null) continue;
    const block = Number(log.blockNumber);
    const currency = log.eventName === "RelayErc20Deposit" ? getAddress(log.args.token) : zeroAddress;
    const deposit: OrderDeposit = {
      kind: "order-deposit",
      orderId: log.args.id.toLowerCase(),
      depositor: getAddress(log.args.from),
      txHash: log.transactionHash,
      block,
      timestamp: timestamps.get(block) ?? 0,
      currency,
      amount: log.args.amount.toString(),
      status: "success",
    };
    const key = `${block}:${currency}`;
    groups.set(key, [...(groups.get(key) ?? []), deposit]);
  }
  const out: OrderDeposit[] = [];
  for (const deposits of groups.values()) {
    const { block, currency } = deposits[0] as OrderDeposit;
    const number = BigInt(block);
    const [before, after] = await Promise.all([
      number === 0n ? 0n : balanceAt(client, depository, currency as Address, number - 1n),
      balanceAt(client, depository, currency as Address, number),
    ]);
    const credits = creditFromBalanceChange(
      deposits.map((deposit) => ({ amount: BigInt(deposit.amount) })),
      after - before,
    );
    deposits.forEach((deposit, i) => {
      out.push({ ...deposit, amount: (credits[i] ?? 0n).toString() });
    });
  }
  return out.sort((a, b) => a.block - b.block);
}
