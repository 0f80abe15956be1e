import type { Hex } from "viem";
import type { LegFinality } from "./verify-leg-types.ts";

/** What the service measures for one payment: `recipient` paid in `currency` by a leg of `orderId`. */
export type PaidQuery = {
  recipient: Hex;
  currency: Hex;
  orderId: Hex;
  /** The fill contracts whose events count (EVM), or null when the order's `extraData` names none it can read. */
  fillContracts: readonly Hex[] | null;
};

/**
 * What a fill or refund transaction shows, read the same way on every VM so the verifiers compare
 * it with the order's terms without knowing the VM. Amounts are what the service counts: balance
 * changes (SVM), token `Transfer` logs into the recipient, the native value sent straight with the
 * id, or the fill contract's events (EVM); never what a memo or calldata claims.
 */
export type LegFacts = {
  txHash: string;
  succeeded: boolean;
  /** Why the transaction is not final yet at the finality it was read with, or null when it is. */
  notFinal: { expected: string; actual: string } | null;
  /** Why the transaction is not final at `finality`, or null when it is. */
  notFinalAt(finality: LegFinality): { expected: string; actual: string } | null;
  /** Unix seconds of its block, or null when the chain does not say. */
  blockTime: number | null;
  /** EVM: the numeric chain id of the transaction (signed for, or of the node it was read from). */
  chainId?: number;
  /** Whether the transaction carries `orderId` the way the service tags its fills and refunds. */
  carriesOrderId(orderId: Hex): boolean;
  /**
   * Other order ids the transaction's tags name besides `orderId`: of `known` (orders counted
   * elsewhere), those its input (EVM) or memos (SVM) carry, and on SVM any id a memo names.
   */
  otherOrderIds(orderId: Hex, known: Iterable<string>): string[];
  /** What `recipient` (VM-encoded) received, per VM-encoded currency: token inflows and the value sent to it. */
  received(recipient: Hex): ReadonlyMap<Hex, bigint>;
  /** What the service counts as paid for one payment, or null when it cannot count it (no fill contract). */
  paid(query: PaidQuery): bigint | null;
  /** How `paid` measured it, and what it could not see (for the amount check's detail). */
  measuredBy(query: PaidQuery): string;
  /**
   * Whether the fill contracts executed each of `calls` (`abi.encode(address to, bytes data, uint256
   * value)`), in order, each its own event; null when the VM's fills cannot attest calls (SVM).
   */
  callsExecuted(calls: readonly Hex[], fillContracts: readonly Hex[] | null): boolean | null;
};

/** The service's finality defaults: EVM blocks on top and seconds since the block, SVM commitment. */
export const DEFAULT_FINALITY = { blocks: 10, seconds: 60, commitment: "finalized" } as const;
