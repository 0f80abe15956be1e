/**
 * The SVM order-gated depositor (`programs/order-depositor`) from `@solana/kit`: the owner's and
 * solver's `invalidate_orders`. Its generated codama client is `./generated/`.
 */
export {
  buildOrderDepositorInvalidateOrdersInstructions,
  getOrderInvalidationHash,
  ORDER_DEPOSITOR_MAX_INVALIDATE_BATCH,
  ORDER_INVALIDATION_DOMAIN,
  ORDER_INVALIDATION_SIGNATURE_COMPUTE_UNITS,
  type OrderDepositorInvalidateOrdersInput,
  signOrderInvalidation,
} from "./invalidate.ts";
export {
  encodeOrderBorsh,
  getOrderDepositorRecipientAddress,
  getOrderDepositorReplayAddress,
  toOrderDepositorOrder,
} from "./order.ts";
export { encodeOrderV2Borsh } from "./order-v2.ts";
