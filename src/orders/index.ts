export { encodeOrderAbi, PROTOCOL_ORDER_ABI_PARAMETER } from "./abi.ts";
export { encodeOrderAddress, encodeOrderAddressBytes, formatOrderAddress } from "./address/index.ts";
export { formatTonRawAddress } from "./address/ton.ts";
export { formatXrpXAddress } from "./address/xrp.ts";
export { encodeOrder } from "./encode-order.ts";
export * from "./errors.ts";
export { getOrderId, hashEncodedOrder } from "./order-id.ts";
export {
  type OrderIdSigner,
  parseOrderId,
  recoverOrderSigner,
  signOrderId,
  verifyOrderSignature,
} from "./signature.ts";
export { ORDER_FORMATS, ORDER_V1_TYPES, type OrderVersion } from "./typed-data.ts";
export type * from "./types.ts";
export {
  type ChainVmTypes,
  isOrderVmType,
  NATIVE_CURRENCY,
  ORDER_VM_TYPES,
  type OrderVmType,
  VM_TYPE_BY_CHAINS_VM,
} from "./vm-types.ts";
