import { bytesToHex, type Hex } from "viem";
import { describeValue } from "../describe.ts";
import { encodeOrder } from "./encode-order.ts";
import { UnsupportedOrderVersionError } from "./errors.ts";
import { createStructHasher } from "./struct-hash.ts";
import { ORDER_FORMATS, ORDER_VERSIONS, type OrderVersion } from "./typed-data.ts";
import type { AnyEncodedOrder } from "./types.ts";
import type { ChainVmTypes } from "./vm-types.ts";

const HASHERS = Object.fromEntries(
  Object.entries(ORDER_FORMATS).map(([version, types]) => [version, createStructHasher(types)]),
) as Record<OrderVersion, ReturnType<typeof createStructHasher>>;

/**
 * EIP-712 `hashStruct(Order)` of an already encoded order (no domain separator), with the types of its
 * `version`; an unknown version throws `UnsupportedOrderVersionError`.
 */
export function hashEncodedOrder(encoded: AnyEncodedOrder): Hex {
  const version: unknown = (encoded as { version?: unknown } | null)?.version;
  if (typeof version !== "string" || !Object.hasOwn(HASHERS, version)) {
    throw new UnsupportedOrderVersionError(`order version ${describeValue(version)} is not supported`);
  }
  return bytesToHex(HASHERS[version as OrderVersion].hashStruct("Order", encoded));
}

/**
 * The order id the service publishes as `protocol.v2.orderId`: EIP-712
 * `hashStruct(Order)` with no domain separator, over the order with every
 * address and currency encoded in the VM of its chain, for every version in
 * `ORDER_FORMATS` (`"v1"`, `"v2"`). `chainVmTypes` maps the order's chain id
 * strings to VM types (see `chainVmTypesFromChains`).
 */
export function getOrderId(order: unknown, chainVmTypes: ChainVmTypes): Hex {
  return hashEncodedOrder(encodeOrder(order, chainVmTypes, { versions: ORDER_VERSIONS }));
}
