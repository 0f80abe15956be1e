import type { LegLedger } from "./verify-leg-types.ts";

/**
 * An in-memory `LegLedger`: give the same one to every `verifyOrderFill` / `verifyOrderRefund` call
 * so one transaction is never counted as the fill or refund of two orders. Transaction hashes are
 * compared lowercase (EVM) and as given (SVM signatures are case-sensitive base58).
 */
export function createLegLedger(): LegLedger {
  const counted = new Map<string, string>();
  const orders = new Set<string>();
  const key = (txHash: string) => (txHash.startsWith("0x") ? txHash.toLowerCase() : txHash);
  return {
    countedFor: (txHash) => counted.get(key(txHash)),
    count(txHash, orderId) {
      if (!counted.has(key(txHash))) counted.set(key(txHash), orderId);
      orders.add(orderId.toLowerCase());
    },
    orderIds: () => orders,
  };
}
