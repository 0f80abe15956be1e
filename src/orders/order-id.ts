import { bytesToHex, type Hex } from "viem";
import { encodeOrder } from "./encode-order.ts";
import { createStructHasher } from "./struct-hash.ts";
import { ORDER_FORMATS, type OrderVersion } from "./typed-data.ts";
import type { EncodedOrder } from "./types.ts";
import type { ChainVmTypes } from "./vm-types.ts";

/** EIP-712 `hashStruct(Order)` of an already encoded order (no domain separator). */
export function hashEncodedOrder(encoded: EncodedOrder): Hex {
  const hasher = Object.hasOwn(HASHERS, encoded.version)
    ? HASHERS[encoded.version as OrderVersion]
    : HASHERS.v1;
  return bytesToHex(hasher.hashStruct("Order", encoded));
}

const HASHERS = Object.fromEntries(
  Object.entries(ORDER_FORMATS).map(([version, types]) => [version, createStructHasher(types)]),
) as Record<OrderVersion, ReturnType<typeof createStructHasher>>;

/**
 * The order id the service publishes as `protocol.v2.orderId`: EIP-712
 * `hashStruct(Order)` with no domain separator, over the order with every
 * address and currency encoded in the VM of its chain. `chainVmTypes` maps the
 * order's chain id strings to VM types (see `chainVmTypesFromChains`).
 */
export function getOrderId(order: unknown, chainVmTypes: ChainVmTypes): Hex {
  return hashEncodedOrder(encodeOrder(order, chainVmTypes));
}
