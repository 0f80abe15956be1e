/**
 * What an EVM step item of an order's quote may be: the deposit (a transaction to the depository,
 * checked on its own), or an approval of exactly the order's amount (or 0, the reset USDT-style
 * tokens need) of the order's input token to the depository. Anything else can move the payer's
 * funds or allowances elsewhere and is refused with the reason.
 */
import type { Hex } from "viem";
import { encodeOrderAddress } from "./address/index.ts";
import type { OrderChain } from "./chains.ts";

/** `approve(address,uint256)`. */
const APPROVE_SELECTOR = "0x095ea7b3";

export type StepItemVerdict =
  | { kind: "deposit" }
  | { kind: "harmless" }
  | { kind: "unexpected"; reason: string };

/** What the order pays on its payment chain, VM-encoded. */
export type ExpectedPayment = { payer: Hex; currency: Hex; native: boolean; amount: bigint };

function evmBytes(value: unknown): Hex | null {
  try {
    return encodeOrderAddress(value as string, "ethereum-vm");
  } catch {
    return null;
  }
}

/** Strict `approve(spender, amount)` calldata (two static words, clean address word), or null. */
function decodeApprove(calldata: unknown): { spender: Hex; amount: bigint } | null {
  if (typeof calldata !== "string" || !/^0x[0-9a-fA-F]{136}$/.test(calldata)) return null;
  if (calldata.slice(0, 10).toLowerCase() !== APPROVE_SELECTOR) return null;
  const spenderWord = calldata.slice(10, 74);
  if (!spenderWord.startsWith("0".repeat(24))) return null;
  return { spender: `0x${spenderWord.slice(24).toLowerCase()}`, amount: BigInt(`0x${calldata.slice(74)}`) };
}

/** Classifies one EVM step item on the payment chain. */
export function classifyEvmItem(
  data: Readonly<Record<string, unknown>>,
  chain: OrderChain,
  expected: ExpectedPayment,
): StepItemVerdict {
  const to = evmBytes(data.to);
  const depository = encodeOrderAddress(chain.depository, "ethereum-vm");
  if (to === depository) return { kind: "deposit" };
  const unexpected = (reason: string): StepItemVerdict => ({ kind: "unexpected", reason });
  if (to === null) return unexpected(`its destination ${String(data.to)} is not an EVM address`);
  if (data.value !== undefined && !(typeof data.value === "string" && /^[0-9]+$/.test(data.value)))
    return unexpected("its value is not a decimal amount");
  const value = typeof data.value === "string" ? BigInt(data.value) : 0n;
  const calldata = typeof data.data === "string" ? data.data : "0x";
  if (value > 0n && (calldata === "0x" || calldata === ""))
    return unexpected(`it sends ${value} wei of native currency to ${to}`);
  const approve = decodeApprove(calldata);
  if (approve === null)
    return unexpected(`it calls ${to}, which is neither the depository nor an approval of the order's token`);
  if (expected.native || to !== expected.currency)
    return unexpected(`it approves token ${to}, not the order's input currency`);
  if (approve.spender !== depository)
    return unexpected(`it approves ${approve.spender} to spend the order's token, not the depository`);
  if (approve.amount !== expected.amount && approve.amount !== 0n)
    return unexpected(`it approves ${approve.amount}, the order pays ${expected.amount}`);
  if (value !== 0n) return unexpected(`it sends ${value} wei of native currency with the approval`);
  if (data.from !== undefined && evmBytes(data.from) !== expected.payer)
    return unexpected(`it is sent by ${String(data.from)}, not the payer`);
  return { kind: "harmless" };
}
