/**
 * Deposits into an EVM depository, as the indexer reads them: the configured depository's
 * `RelayNativeDeposit` / `RelayErc20Deposit` events name the order id (the event's `id`) and the
 * depositor (anyone's choice, so it decides nothing); each deposit's payer is the account whose balance
 * it came from (`evm-payers.ts`), and the amount credited is what reached the depository in that
 * transaction (the `msg.value` its own code reports, or the token's `Transfer` logs into it), with no
 * state read at any block.
 * Also the calls a quote's deposit step makes.
 */
import {
  type Address,
  encodeFunctionData,
  getAddress,
  type Hex,
  type PublicClient,
  type TransactionReceipt,
  zeroAddress,
} from "viem";
import { evmTokenCredit } from "../../credit/evm.ts";
import { RELAY_DEPOSITORY_ABI } from "../../orders/index.ts";
import { creditFromBalanceChange } from "./depository-credit.ts";
import { type CallFrame, erc20DepositPayer, nativeDepositPayers } from "./evm-payers.ts";
import { byTransaction, isolateTransaction } from "./quarantine.ts";
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
export type DepositoryLog = Awaited<ReturnType<typeof getDepositoryLogs>>[number];

function getDepositoryLogs(client: PublicClient, depository: Address, from: number, to: number) {
  return client.getLogs({
    address: depository,
    events: RELAY_DEPOSITORY_ABI.filter((item) => item.type === "event"),
    fromBlock: BigInt(from),
    toBlock: BigInt(to),
    strict: true,
  });
}

/**
 * Deposits into `depository` in blocks `from..to`, with no state read. `getLogs` is asked for the
 * configured depository's address only, so every event comes from its known code: a native event's
 * amount is the `msg.value` that code received. An ERC-20 event's amount is only what the caller
 * asked to pull: its deposits are credited the net of the token's `Transfer` logs into the
 * depository in the same transaction (`evmTokenCredit`), shared by that transaction's deposits in
 * the token (`creditFromBalanceChange`). Each transaction is worked out on its own: one that cannot
 * be is quarantined (`isolateTransaction`). `timestamps` holds the blocks' timestamps, `receiptOf`
 * the scan's receipt cache and `traceOf` a transaction's call tree (who paid a native deposit).
 */
export async function scanEvmDepository(
  client: PublicClient,
  depository: Address,
  from: number,
  to: number,
  timestamps: ReadonlyMap<number, number>,
  receiptOf: (hash: Hex) => Promise<TransactionReceipt>,
  traceOf: (hash: Hex) => Promise<CallFrame>,
): Promise<ChainObservation[]> {
  const logs = await getDepositoryLogs(client, depository, from, to);
  const out: ChainObservation[] = [];
  for (const [txHash, txLogs] of byTransaction(logs)) {
    const block = Number(txLogs[0]?.blockNumber);
    out.push(
      ...(await isolateTransaction({ txHash, block }, () =>
        evmDepositoryDepositsOf(depository, txHash as Hex, block, txLogs, timestamps.get(block) ?? 0, {
          receiptOf,
          traceOf,
        }),
      )),
    );
  }
  return out.sort((a, b) => a.block - b.block);
}

/**
 * The deposits of one transaction's depository events (`logs`; events of other addresses count for
 * nothing): native ones first, then per token. The indexer's rule, and `attestkit verify`'s. A
 * deposit whose payer cannot be found in the transaction fails it (it is quarantined). Without
 * `traceOf` (a caller that measures amounts only, as `attestkit verify` does on any node), a
 * native deposit's payer is taken to be the transaction's sender.
 */
export async function evmDepositoryDepositsOf(
  depository: Address,
  txHash: Hex,
  block: number,
  logs: readonly DepositoryLog[],
  timestamp: number,
  reads: {
    receiptOf: (hash: Hex) => Promise<TransactionReceipt>;
    traceOf?: (hash: Hex) => Promise<CallFrame>;
  },
): Promise<OrderDeposit[]> {
  const native: OrderDeposit[] = [];
  /** ERC-20 deposits by token: one `Transfer` net pays them all. */
  const tokenGroups = new Map<Address, OrderDeposit[]>();
  const mine = logs.filter(
    (log) => log.logIndex !== null && log.address.toLowerCase() === depository.toLowerCase(),
  );
  const traced =
    reads.traceOf !== undefined && mine.some((log) => log.eventName === "RelayNativeDeposit")
      ? nativeDepositPayers(await reads.traceOf(txHash), depository)
      : null;
  const sender = async () => getAddress((await reads.receiptOf(txHash)).from);
  const receiptLogs = async () =>
    (await reads.receiptOf(txHash)).logs.map((log) => ({ ...log, logIndex: Number(log.logIndex) }));
  for (const log of mine) {
    const currency = log.eventName === "RelayErc20Deposit" ? getAddress(log.args.token) : zeroAddress;
    // The depositor the event names is the caller's free choice: the payer is whoever's balance paid.
    // An ERC-20 deposit no Transfer paid moved nothing (credited 0, never booked): its sender is named.
    const payer =
      currency !== zeroAddress
        ? (erc20DepositPayer(await receiptLogs(), currency, depository, Number(log.logIndex)) ??
          (await sender()))
        : traced === null
          ? await sender()
          : traced[native.length];
    if (payer === undefined)
      throw new Error(`no payer found in ${txHash} for the depository deposit at log ${log.logIndex}`);
    const deposit: OrderDeposit = {
      kind: "order-deposit",
      orderId: log.args.id.toLowerCase(),
      depositor: getAddress(log.args.from),
      from: payer,
      position: `log:${log.logIndex}`,
      txHash,
      block,
      timestamp,
      currency,
      amount: log.args.amount.toString(),
      status: "success",
    };
    if (currency === zeroAddress) native.push(deposit);
    else tokenGroups.set(currency, [...(tokenGroups.get(currency) ?? []), deposit]);
  }
  const out = [...native];
  for (const [currency, deposits] of tokenGroups) {
    const receipt = await reads.receiptOf(txHash);
    const arrived = evmTokenCredit(receipt.logs, currency, [depository]);
    const credits = creditFromBalanceChange(
      deposits.map((deposit) => ({ amount: BigInt(deposit.amount) })),
      arrived,
    );
    deposits.forEach((deposit, i) => {
      out.push({ ...deposit, amount: (credits[i] ?? 0n).toString() });
    });
  }
  return out;
}
