/**
 * The caller's `verifyQuoteOrder` policy, read once before any check: a policy that cannot be applied
 * as written is a caller bug (`InvalidOrderPolicyError`), never a reason to refuse the quote.
 */
import { describeValue } from "../describe.ts";
import { encodeOrderAddress } from "./address/index.ts";
import { InvalidOrderPolicyError } from "./errors.ts";
import type { OrderPolicy } from "./verify-quote-types.ts";
import { ORDER_VM_TYPES, type OrderVmType } from "./vm-types.ts";

/** Default bound on the SVM priority fee a quote's compute-budget instructions may set: 0.01 SOL. */
const DEFAULT_MAX_PRIORITY_FEE_LAMPORTS = 10_000_000n;

export type ReadPolicy = {
  /** `vmType:bytes` of every extra refund recipient, for each VM type that reads its written form. */
  refundRecipients: ReadonlySet<string>;
  maxPriorityFeeLamports: bigint;
  /** The user calls a v2 fill must run, lowercase hex, in order. */
  fillCalls: readonly string[];
};

/** The key refunds are matched by: the VM type and the encoded recipient. */
export const refundKey = (vmType: OrderVmType | undefined, recipient: string) => `${vmType}:${recipient}`;

function refundKeys(addresses: readonly string[]): Set<string> {
  const out = new Set<string>();
  for (const address of addresses) {
    const keys = ORDER_VM_TYPES.flatMap((vmType) => {
      try {
        return [refundKey(vmType, encodeOrderAddress(address, vmType))];
      } catch {
        return [];
      }
    });
    if (keys.length === 0)
      throw new InvalidOrderPolicyError(`refund recipient ${describeValue(address)} is no address of any VM`);
    for (const key of keys) out.add(key);
  }
  return out;
}

function priorityFeeBound(bound: OrderPolicy["maxPriorityFeeLamports"]): bigint {
  if (bound === undefined) return DEFAULT_MAX_PRIORITY_FEE_LAMPORTS;
  if ((typeof bound === "number" && !Number.isSafeInteger(bound)) || BigInt(bound) < 0n) {
    throw new InvalidOrderPolicyError(
      `policy.maxPriorityFeeLamports must be a non-negative integer, got ${describeValue(bound)}`,
    );
  }
  return BigInt(bound);
}

const HEX_BYTES = /^0x(?:[0-9a-fA-F]{2})*$/;

function fillCalls(calls: OrderPolicy["fillCalls"]): string[] {
  if (calls === undefined) return [];
  if (!Array.isArray(calls) || !calls.every((call) => typeof call === "string" && HEX_BYTES.test(call))) {
    throw new InvalidOrderPolicyError(
      `policy.fillCalls must be a list of 0x-prefixed hex bytes, got ${describeValue(calls)}`,
    );
  }
  return calls.map((call) => call.toLowerCase());
}

/** @throws InvalidOrderPolicyError for a policy that cannot be applied as written. */
export function readPolicy(policy: OrderPolicy): ReadPolicy {
  if (policy.minimumOutput !== undefined && policy.outputChainId === undefined) {
    throw new InvalidOrderPolicyError(
      "policy.minimumOutput needs policy.outputChainId: a currency means another asset on another chain",
    );
  }
  return {
    refundRecipients: refundKeys(policy.refundRecipients ?? []),
    maxPriorityFeeLamports: priorityFeeBound(policy.maxPriorityFeeLamports),
    fillCalls: fillCalls(policy.fillCalls),
  };
}
