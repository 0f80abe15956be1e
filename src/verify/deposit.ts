/**
 * What one transaction deposited into a chain's depository, measured as the service's indexer
 * measures it: the depository's own deposit events (EVM `RelayNativeDeposit` / `RelayErc20Deposit`,
 * emitted by the depository address GET /chains names, whoever called it) or its deposit
 * instructions (SVM, top level or by CPI), each naming the order id it deposits under, and worth
 * what reached the depository (EVM native: the `msg.value` the depository's code reports; ERC-20:
 * the token's `Transfer` logs into it; SVM: the vault's balance change). A deposit made through a
 * contract (an order-gated depositor, a smart wallet) is measured as one made directly.
 */
import { base58 } from "@scure/base";
import { type Address, type Hex, type PublicClient, parseEventLogs } from "viem";
import { encodeOrderAddress } from "../orders/address/index.ts";
import { RELAY_DEPOSITORY_ABI } from "../orders/depository-evm.ts";
import { parseWireMessage } from "../orders/svm-wire.ts";
import type { SvmLegEvidence, SvmLegTokenBalance } from "../orders/verify-leg-types.ts";
import { type DepositoryLog, evmDepositoryDepositsOf } from "../service/chains/depository-evm.ts";
import { depositoryAccounts, depositoryDepositsOf } from "../service/chains/depository-svm.ts";

/** One deposit into the depository: the order id it names, its VM-encoded currency, what arrived. */
export type MeasuredDeposit = { orderId: Hex; currency: Hex; amount: bigint };

/**
 * The deposits of the successful EVM transaction `hash` into `depository`, from its receipt. A
 * reverted transaction deposits nothing (its receipt has no logs).
 */
export async function evmDeposits(
  client: PublicClient,
  hash: Hex,
  depository: string,
): Promise<MeasuredDeposit[]> {
  const receipt = await client.getTransactionReceipt({ hash });
  if (receipt.status !== "success") return [];
  const events = parseEventLogs({
    abi: RELAY_DEPOSITORY_ABI,
    logs: receipt.logs,
    strict: true,
  }) as unknown as DepositoryLog[];
  const deposits = await evmDepositoryDepositsOf(
    depository as Address,
    hash,
    Number(receipt.blockNumber),
    events,
    0,
    { receiptOf: async () => receipt },
  );
  return deposits.map((deposit) => ({
    orderId: deposit.orderId.toLowerCase() as Hex,
    currency: encodeOrderAddress(deposit.currency, "ethereum-vm"),
    amount: BigInt(deposit.amount),
  }));
}

type InnerInstructions = readonly {
  instructions: readonly { programIdIndex: number; accounts: readonly number[]; data: string }[];
}[];

function tokenAmounts(
  balances: readonly SvmLegTokenBalance[] | null | undefined,
): Map<number, { amount: bigint; owner?: string }> {
  return new Map(
    (balances ?? []).map((balance) => [
      balance.accountIndex,
      {
        amount: BigInt(balance.uiTokenAmount.amount),
        ...(balance.owner === undefined ? {} : { owner: balance.owner }),
      },
    ]),
  );
}

/**
 * The deposits of an SVM transaction (read with `getTransaction`, base64, its meta's inner
 * instructions included) into the depository `program`, top level or made by CPI. A failed
 * transaction deposits nothing.
 */
export async function svmDeposits(evidence: SvmLegEvidence, program: string): Promise<MeasuredDeposit[]> {
  const { meta } = evidence.transaction;
  if (meta === null || meta.err !== null) return [];
  const message = parseWireMessage(evidence.transaction.transaction[0]);
  const loaded = meta.loadedAddresses;
  const keys = [...message.staticAccounts, ...(loaded?.writable ?? []), ...(loaded?.readonly ?? [])];
  const inner = ((meta as { innerInstructions?: InnerInstructions | null }).innerInstructions ?? []).flatMap(
    (entry) =>
      entry.instructions.map((instruction) => ({
        programAddressIndex: instruction.programIdIndex,
        accountIndices: instruction.accounts,
        data: base58.decode(instruction.data),
      })),
  );
  const { vault } = await depositoryAccounts(program as never);
  const deposits = depositoryDepositsOf(
    {
      txHash: evidence.signature,
      block: Number(evidence.transaction.slot),
      timestamp: 0,
      keys,
      instructions: [
        ...message.instructions.map((instruction) => ({
          programAddressIndex: instruction.programIndex,
          accountIndices: instruction.accountIndices,
          data: instruction.data,
        })),
        ...inner,
      ],
      preBalances: meta.preBalances.map(BigInt),
      postBalances: meta.postBalances.map(BigInt),
      preTokenBalances: tokenAmounts(meta.preTokenBalances),
      postTokenBalances: tokenAmounts(meta.postTokenBalances),
    },
    program,
    vault,
  );
  return deposits.map((deposit) => ({
    orderId: deposit.orderId.toLowerCase() as Hex,
    currency: encodeOrderAddress(deposit.currency, "solana-vm"),
    amount: BigInt(deposit.amount),
  }));
}
