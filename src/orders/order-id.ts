import { type Hex, hashStruct } from "viem";
import { encodeOrder } from "./encode-order.ts";
import { ORDER_FORMATS, type OrderVersion } from "./typed-data.ts";
import type { EncodedOrder } from "./types.ts";
import type { ChainVmTypes } from "./vm-types.ts";

/** EIP-712 `hashStruct(Order)` of an already encoded order (no domain separator). */
export function hashEncodedOrder(encoded: EncodedOrder): Hex {
  return hashStruct({
    types: ORDER_FORMATS[encoded.version as OrderVersion],
    primaryType: "Order",
    data: encoded,
  });
}

/**
 * The order id the service publishes as `protocol.v2.orderId`: EIP-712
 * `hashStruct(Order)` with no domain separator, over the order with every
 * address and currency encoded in the VM of its chain. `chainVmTypes` maps the
 * order's chain id strings to VM types (see `chainVmTypesFromChains`).
 */
export function getOrderId(order: unknown, chainVmTypes: ChainVmTypes): Hex {
  return hashEncodedOrder(encodeOrder(order, chainVmTypes));
}
