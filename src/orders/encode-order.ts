import { describeValue } from "../describe.ts";
import { createMemberEncoders, type MemberEncoders } from "./encode-members.ts";
import { encodeOrderV1 } from "./encode-order-v1.ts";
import { encodeOrderV2 } from "./encode-order-v2.ts";
import { UnsupportedOrderVersionError } from "./errors.ts";
import { member, text } from "./fields.ts";
import { ORDER_FORMATS, type OrderVersion } from "./typed-data.ts";
import type { EncodedOrders } from "./types.ts";
import type { ChainVmTypes } from "./vm-types.ts";

/** The encoder of each entry of `ORDER_FORMATS` (a version without one does not compile). */
const ENCODERS: { [V in OrderVersion]: (order: unknown, members: MemberEncoders) => EncodedOrders[V] } = {
  v1: encodeOrderV1,
  v2: encodeOrderV2,
};

/** The versions `encodeOrder` takes when the caller names none: the format the service serves today. */
const DEFAULT_VERSIONS: readonly OrderVersion[] = ["v1"];

export type EncodeOrderOptions<V extends OrderVersion> = {
  /**
   * The order versions the caller's code reads (default `["v1"]`). The result has the shape of one of
   * them; an order of any other version throws `UnsupportedOrderVersionError` instead of reaching code
   * that reads another shape. Pass `ORDER_VERSIONS` to take every version and switch on `version`.
   */
  versions?: readonly V[];
};

/**
 * Validates `order` (the service's `orderData`) and encodes every address and
 * currency in the VM of its chain, as the order id hashes them, dispatching on
 * `order.version` through `ORDER_FORMATS`. Every problem throws a typed error
 * naming the member (`inputs[0].refunds[1].recipient`); a version that is not
 * in `options.versions` (default `["v1"]`) or not known at all throws
 * `UnsupportedOrderVersionError` (`ORDER_UNSUPPORTED_VERSION`).
 */
export function encodeOrder<const V extends OrderVersion = "v1">(
  order: unknown,
  chainVmTypes: ChainVmTypes,
  options: EncodeOrderOptions<V> = {},
): EncodedOrders[V] {
  const version = text(member(order, "version", "order"), "order.version");
  const accepted: readonly OrderVersion[] = options.versions ?? DEFAULT_VERSIONS;
  if (!Object.hasOwn(ORDER_FORMATS, version)) {
    throw new UnsupportedOrderVersionError(
      `order version ${describeValue(version)} is not supported (supported: ${Object.keys(ORDER_FORMATS).join(", ")})`,
    );
  }
  if (!accepted.includes(version as OrderVersion)) {
    throw new UnsupportedOrderVersionError(
      `order version ${describeValue(version)} is not one this caller reads (${accepted.join(", ")}); ` +
        "encodeOrder takes others when they are named in options.versions",
    );
  }
  return ENCODERS[version as V](order, createMemberEncoders(chainVmTypes));
}
