/**
 * The crediting rule on EVM chains without historical state: an ERC-20 credit is the net of the
 * token's own `Transfer` events into and out of the service's keys in one successful transaction
 * (a fee-on-transfer token is credited what its events say arrived, net of the fee); a native
 * credit is the value the transaction delivered to the key.
 */
import { type Address, decodeEventLog, erc20Abi, type Hex, isAddressEqual } from "viem";
import { creditedAmount } from "./balance-change.ts";

/** A receipt log as viem and JSON-RPC give it. */
export interface EvmLog {
  address: string;
  topics: readonly Hex[];
  data: Hex;
}

/**
 * What the `keys` gained in `token` in one transaction, from the token's `Transfer` logs (logs of
 * other contracts, malformed logs and transfers between two of the keys are ignored). Pass the logs
 * of a successful, final receipt.
 */
export function evmTokenCredit(logs: readonly EvmLog[], token: string, keys: readonly string[]): bigint {
  const ours = (address: string) => keys.some((key) => isAddressEqual(key as Address, address as Address));
  let pre = 0n;
  let post = 0n;
  for (const log of logs) {
    if (!isAddressEqual(log.address as Address, token as Address)) continue;
    let args: { from: Address; to: Address; value: bigint };
    try {
      const decoded = decodeEventLog({
        abi: erc20Abi,
        eventName: "Transfer",
        topics: log.topics as [Hex, ...Hex[]],
        data: log.data,
      });
      args = decoded.args as typeof args;
    } catch {
      continue;
    }
    if (ours(args.to)) post += args.value;
    if (ours(args.from)) pre += args.value;
  }
  return creditedAmount(pre, post);
}
