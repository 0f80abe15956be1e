// The gas floor of EIP-712 order hashing: the keccak256 of every struct encoding, dynamic member and array
// of member hashes, and the MSTOREs that place the words to hash. Nothing else is unavoidable: the order
// is already decoded in memory when `ProtocolOrder.orderId` runs.
import { type Hex, hexToBytes, stringToBytes } from "viem";
import type { EncodedOrder } from "../src/orders/index.ts";

const KECCAK_BASE = 30;
const KECCAK_WORD = 6;
const MSTORE = 3;

export type OrderIdFloor = { keccakGas: number; mstoreGas: number; total: number; keccaks: number };

export function orderIdFloor(order: EncodedOrder): OrderIdFloor {
  let keccakGas = 0;
  let mstoreGas = 0;
  let keccaks = 0;
  const keccak = (bytes: number) => {
    keccaks++;
    keccakGas += KECCAK_BASE + KECCAK_WORD * Math.ceil(bytes / 32);
  };
  /** A struct of `words` words (type hash included): its words written, then hashed. */
  const struct = (words: number) => {
    mstoreGas += MSTORE * words;
    keccak(32 * words);
  };
  const text = (value: string) => keccak(stringToBytes(value).length);
  const bytes = (value: Hex) => keccak(hexToBytes(value).length);
  /** An array: each element hash written, then the concatenation hashed. */
  const array = (count: number) => {
    mstoreGas += MSTORE * count;
    keccak(32 * count);
  };

  struct(8);
  text(order.version);
  text(order.solverChainId);
  array(order.inputs.length);
  for (const input of order.inputs) {
    struct(3);
    struct(5);
    text(input.payment.chainId);
    bytes(input.payment.currency);
    array(input.refunds.length);
    for (const refund of input.refunds) {
      struct(7);
      text(refund.chainId);
      bytes(refund.recipient);
      bytes(refund.currency);
      bytes(refund.extraData);
    }
  }
  struct(6);
  text(order.output.chainId);
  array(order.output.payments.length);
  for (const payment of order.output.payments) {
    struct(5);
    bytes(payment.recipient);
    bytes(payment.currency);
  }
  array(order.output.calls.length);
  for (const call of order.output.calls) bytes(call);
  bytes(order.output.extraData);
  array(order.fees.length);
  for (const fee of order.fees) {
    struct(6);
    text(fee.recipientChainId);
    bytes(fee.recipient);
    text(fee.currencyChainId);
    bytes(fee.currency);
  }
  return { keccakGas, mstoreGas, total: keccakGas + mstoreGas, keccaks };
}
