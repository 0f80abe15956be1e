import type { Hex } from "viem";

/**
 * What a fill or refund transaction shows, read the same way on every VM so the verifiers compare
 * it with the order's terms without knowing the VM. Amounts are what arrived (balance changes or
 * token `Transfer` logs), never what calldata, a memo or an event claims.
 */
export type LegFacts = {
  txHash: string;
  succeeded: boolean;
  /** Why the transaction is not final yet, or null when it is. */
  notFinal: { expected: string; actual: string } | null;
  /** Unix seconds of its block, or null when the chain does not say. */
  blockTime: number | null;
  /** EVM: the numeric chain id the transaction is signed for, when it states one. */
  chainId?: number;
  /** Whether the transaction carries `orderId` the way the service tags its fills and refunds. */
  carriesOrderId(orderId: Hex): boolean;
  /** What `recipient` (VM-encoded) received, net, per VM-encoded currency. */
  received(recipient: Hex): ReadonlyMap<Hex, bigint>;
  /** Whether the transaction carries each of `calls`, in order. */
  carriesCalls(calls: readonly Hex[]): boolean;
};

/** Whether `needles` occur in `haystack` one after another, without overlapping. */
export function inOrder<T>(haystack: readonly T[], needles: readonly T[], same: (a: T, b: T) => boolean) {
  let next = 0;
  for (const item of haystack) {
    if (next < needles.length && same(item, needles[next] as T)) next++;
  }
  return next === needles.length;
}
