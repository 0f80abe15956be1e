import type { AnyOrder } from "./types.ts";

/**
 * The unix second until which an order may be paid and filled (valid while now <= it): v1's
 * `output.deadline`, v2's one `deadline` for filling or refunding.
 * @example
 * ```ts
 * if (Math.floor(Date.now() / 1000) > getOrderDeadline(quote.protocol.v2.orderData)) requote();
 * ```
 */
export function getOrderDeadline(order: AnyOrder): number {
  return order.version === "v2" ? order.deadline : order.output.deadline;
}
