/**
 * The library's `EncodedOrder` (src/orders) as the order depositor's generated codama types take it,
 * and the depositor's per-order and per-recipient addresses.
 */
import { type Address, getProgramDerivedAddress, type ReadonlyUint8Array } from "@solana/kit";
import { type Hex, hexToBytes, keccak256, numberToBytes, stringToBytes } from "viem";
import type { EncodedOrder } from "../orders/types.ts";
import { getSvmReceiverReplayAddress } from "../receiver/svm.ts";
import { getOrderEncoder, type OrderArgs } from "./generated/index.ts";

const word = (value: bigint) => numberToBytes(value, { size: 32 });

/** `order` as the `Order` argument of `order_deposit_native` / `order_deposit_token` / `compute_order_id`. */
export function toOrderDepositorOrder(order: EncodedOrder): OrderArgs {
  return {
    version: order.version,
    solverChainId: order.solverChainId,
    solver: hexToBytes(order.solver),
    salt: word(order.salt),
    inputs: order.inputs.map(({ payment, refunds }) => ({
      payment: {
        chainId: payment.chainId,
        currency: hexToBytes(payment.currency),
        amount: word(payment.amount),
        weight: word(payment.weight),
      },
      refunds: refunds.map((r) => ({
        chainId: r.chainId,
        recipient: hexToBytes(r.recipient),
        currency: hexToBytes(r.currency),
        minimumAmount: word(r.minimumAmount),
        deadline: r.deadline,
        extraData: hexToBytes(r.extraData),
      })),
    })),
    output: {
      chainId: order.output.chainId,
      payments: order.output.payments.map((p) => ({
        recipient: hexToBytes(p.recipient),
        currency: hexToBytes(p.currency),
        minimumAmount: word(p.minimumAmount),
        expectedAmount: word(p.expectedAmount),
      })),
      deadline: order.output.deadline,
      calls: order.output.calls.map((call) => hexToBytes(call)),
      extraData: hexToBytes(order.output.extraData),
    },
    fees: order.fees.map((f) => ({
      recipientChainId: f.recipientChainId,
      recipient: hexToBytes(f.recipient),
      currencyChainId: f.currencyChainId,
      currency: hexToBytes(f.currency),
      amount: word(f.amount),
    })),
  };
}

/**
 * `order`'s Borsh bytes: the IDL's `Order` (programs/idl/order_depositor.json) as an instruction argument carries
 * it, which an Anchor program's `AnchorDeserialize` struct of the same fields reads back (strings and bytes with
 * a u32 length, uint256 as 32 big-endian bytes, the solver as 20 bytes, deadlines as u32). The interface crate's
 * `order_id_from_borsh` hashes these bytes to the order id.
 */
export function encodeOrderBorsh(order: EncodedOrder): Uint8Array {
  return Uint8Array.from(getOrderEncoder().encode(toOrderDepositorOrder(order)));
}

/** The replay record of `orderId` (canonical bump): created when the order is paid or invalidated. */
export function getOrderDepositorReplayAddress(
  programId: Address,
  orderId: Hex,
): Promise<readonly [Address, number]> {
  return getSvmReceiverReplayAddress(programId, hexToBytes(orderId));
}

/**
 * The whitelist entry of the output `(chainId, recipient)`: seeds `"recipient"` and
 * keccak256(u32 LE length of chainId || chainId || recipient bytes).
 */
export async function getOrderDepositorRecipientAddress(
  programId: Address,
  chainId: string,
  recipient: Hex,
): Promise<Address> {
  const chain = stringToBytes(chainId);
  const length = new Uint8Array(4);
  new DataView(length.buffer).setUint32(0, chain.length, true);
  const key: ReadonlyUint8Array = hexToBytes(
    keccak256(new Uint8Array([...length, ...chain, ...hexToBytes(recipient)])),
  );
  const [entry] = await getProgramDerivedAddress({ programAddress: programId, seeds: ["recipient", key] });
  return entry;
}
