import { type Address, encodeFunctionData, erc20Abi, type Hex, zeroAddress } from "viem";
import { parseEvmAddress } from "../address/evm.ts";
import { parseUint256 } from "../amount.ts";
import { APP_BALANCE_FUNDING_MARKER } from "./constants.ts";

export type AppBalanceFunding = {
  /** The solver address on chain 8453; the tokens go there. */
  solver: string;
  /** Token amount in smallest units (decimal string or bigint). */
  amount: string | bigint;
  /** The app balance to credit; omitted or the zero address credits the transaction sender. */
  credit?: string | null;
};

/**
 * Calldata for an ERC20 `transfer(solver, amount)` that credits an app balance
 * (service interface: App balance funding): the transfer calldata followed by the marker, the 40 hex
 * characters of the credited address (all zeros = the sender) and the marker again.
 * @param funding `solver` (the transfer's recipient), `amount` in the token's smallest unit, and `credit`, the app balance to credit (omit it to credit the sender).
 * @example
 * ```ts
 * const data = encodeAppBalanceFundingCalldata({ solver, amount: 25_000_000n });
 * await wallet.sendTransaction({ to: usdcOn8453, data }); // on chain APP_BALANCE_CHAIN_ID (8453)
 * ```
 */
export function encodeAppBalanceFundingCalldata({ solver, amount, credit }: AppBalanceFunding): Hex {
  const transfer = encodeFunctionData({
    abi: erc20Abi,
    functionName: "transfer",
    args: [parseEvmAddress(solver, "solver"), parseUint256(amount)],
  });
  const credited: Address = credit == null ? zeroAddress : parseEvmAddress(credit, "credit");
  return `${transfer}${APP_BALANCE_FUNDING_MARKER}${credited.slice(2).toLowerCase()}${APP_BALANCE_FUNDING_MARKER}`;
}
