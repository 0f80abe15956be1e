/**
 * An integrator's `OrderGatedDepositor` on a devnet EVM chain, in front of the chain's depository:
 * deployed from the shipped artifact, and a payer paying a quoted order through it (an exact
 * approval of the depositor for a token, then `depositErc20`; or `depositNative` with the amount).
 * Shared by the demo and the end-to-end tests.
 */
import {
  type Abi,
  type Address,
  encodeFunctionData,
  erc20Abi,
  type Hex,
  type TransactionReceipt,
} from "viem";
import type { EncodedOrder } from "../orders/index.ts";
import { orderGatedDepositorArtifact } from "../testing/evm/order-gated-depositor-adapter.ts";
import type { EvmDevChain } from "./evm-chain.ts";
import { type EvmUser, sendAndWait } from "./evm-user.ts";

/** The reference depositor's ABI (errors included, for decoding its refusals). */
export const orderGatedDepositorAbi = (): Abi => orderGatedDepositorArtifact().abi;

/** An output recipient the depositor accepts: the order's protocol chain id and the VM-encoded recipient. */
export interface GateDestination {
  chainId: string;
  recipient: Hex;
}

/**
 * Deploys `OrderGatedDepositor` owned by `owner`, trusting `solver`, depositing into `chain`'s
 * depository under the protocol chain id `protocolChainId`, with `whitelist` accepted; returns its address.
 */
export async function deployOrderGatedDepositor(
  chain: EvmDevChain,
  owner: EvmUser,
  params: { solver: Address; protocolChainId: string; whitelist: readonly GateDestination[] },
): Promise<Address> {
  const { abi, bytecode } = orderGatedDepositorArtifact();
  const hash = await owner.wallet.deployContract({
    abi,
    bytecode,
    account: owner.wallet.account,
    chain: null,
    args: [owner.address, params.solver, chain.depository, params.protocolChainId, params.whitelist],
  });
  const { contractAddress, status } = await owner.public.waitForTransactionReceipt({ hash });
  if (status !== "success" || !contractAddress)
    throw new Error(`OrderGatedDepositor deployment ${hash} failed`);
  return contractAddress;
}

/** Calldata and value of paying `order` through the depositor: `depositNative` when `native`, else `depositErc20`. */
export function encodeGatePayment(
  order: EncodedOrder,
  signature: Hex,
  native: boolean,
): { data: Hex; value: bigint } {
  const amount = order.inputs[0]?.payment.amount ?? 0n;
  return {
    data: encodeFunctionData({
      abi: orderGatedDepositorAbi(),
      functionName: native ? "depositNative" : "depositErc20",
      args: [order, signature],
    }),
    value: native ? amount : 0n,
  };
}

/** `owner` approves `spender` for exactly `amount` of `token`. */
export function approveExactly(owner: EvmUser, token: Address, spender: Address, amount: bigint) {
  return sendAndWait(owner, token, {
    data: encodeFunctionData({ abi: erc20Abi, functionName: "approve", args: [spender, amount] }),
  });
}

/**
 * Pays `order` (its first input, on this chain) through the depositor at `gate`: for a token the
 * exact approval first (unless `approved`), then the payment. Returns the payment's receipt.
 */
export async function payOrderThroughGate(
  payer: EvmUser,
  gate: Address,
  order: EncodedOrder,
  signature: Hex,
  options: { approved?: boolean } = {},
): Promise<TransactionReceipt> {
  const payment = order.inputs[0]?.payment;
  if (payment === undefined) throw new Error("the order has no input");
  const native = /^0x(00){20}$/.test(payment.currency);
  if (!native && !options.approved) await approveExactly(payer, payment.currency, gate, payment.amount);
  return sendAndWait(payer, gate, encodeGatePayment(order, signature, native));
}
