/**
 * The calls that pay a protocol order's ERC-20 deposit through the approval proxy: an exact approval of
 * the depository, then `depositErc20` under the order id crediting the user. What a gasless quote for an
 * order must run, built from the order (never from the typed data to check).
 */
import { type Address, encodeFunctionData, erc20Abi, type Hex } from "viem";
import { RELAY_DEPOSITORY_ABI } from "../orders/depository-evm.ts";
import type { Call3Value } from "./types.ts";

/**
 * The approve + `depositErc20` calls a gasless quote for a protocol order must authorise, in order:
 * compare them with the typed data's `calls` (as `GaslessExpectation.calls`).
 */
export function gaslessDepositCalls(input: {
  depository: Address;
  token: Address;
  amount: bigint;
  /** The account the deposit is credited to: the user who signs. */
  depositor: Address;
  orderId: Hex;
}): Call3Value[] {
  return [
    {
      target: input.token,
      allowFailure: false,
      value: 0n,
      callData: encodeFunctionData({
        abi: erc20Abi,
        functionName: "approve",
        args: [input.depository, input.amount],
      }),
    },
    {
      target: input.depository,
      allowFailure: false,
      value: 0n,
      callData: encodeFunctionData({
        abi: RELAY_DEPOSITORY_ABI,
        functionName: "depositErc20",
        args: [input.depositor, input.token, input.amount, input.orderId],
      }),
    },
  ];
}
