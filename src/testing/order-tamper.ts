import { type Hex, pad, toHex } from "viem";
import type { EncodedOrder } from "../orders/types.ts";

/**
 * Changes one signed field after signing: the signature must be what refuses it. The deadline moves earlier
 * by at most half of `lifetime`, inside the declared window, so no deadline check can refuse it first.
 */
export function tamper(order: EncodedOrder, field: number, x: bigint, lifetime: number): EncodedOrder {
  const o = structuredClone(order);
  const [input] = o.inputs;
  const [payment] = o.output.payments;
  if (!input || !payment) throw new Error("tamper: the order has no input or output payment");
  const word = pad(toHex(x), { size: 32 });
  if (field === 0) o.salt ^= x;
  else if (field === 1) o.solverChainId = `${o.solverChainId}x`;
  else if (field === 2) payment.minimumAmount ^= x;
  else if (field === 3) payment.expectedAmount ^= x;
  else if (field === 4) payment.currency = word;
  else if (field === 5) o.output.deadline -= 1 + Number(x % BigInt(Math.max(1, Math.floor(lifetime / 2))));
  else if (field === 6) (input.refunds[0] as { recipient: Hex }).recipient = pad(toHex(x), { size: 20 });
  else if (field === 7) input.payment.weight ^= x;
  else if (field === 8) o.output.calls = ["0x"];
  else
    o.fees = [
      {
        recipientChainId: o.output.chainId,
        recipient: payment.recipient,
        currencyChainId: o.output.chainId,
        currency: `0x${"00".repeat(32)}`,
        amount: x,
      },
    ];
  return o;
}
