import { type AbiParameter, encodeAbiParameters, type Hex } from "viem";
import { ORDER_V1_TYPES, ORDER_V2_TYPES } from "./typed-data.ts";
import type { AnyEncodedOrder } from "./types.ts";

type Members = Readonly<Record<string, readonly { readonly name: string; readonly type: string }[]>>;

/** An EIP-712 member as an ABI parameter: struct types become tuples, `T[]` arrays of them. */
function abiParameter(types: Members, name: string, type: string): AbiParameter {
  const array = type.endsWith("[]");
  const base = array ? type.slice(0, -2) : type;
  const members = types[base];
  if (members === undefined) return { name, type };
  return {
    name,
    type: array ? "tuple[]" : "tuple",
    components: members.map((member) => abiParameter(types, member.name, member.type)),
  };
}

/**
 * The Solidity `ProtocolOrder.Order` struct as an ABI tuple, member for member as the EIP-712 types
 * (addresses and currencies as VM-encoded `bytes`): for calling contracts that take an order, such as
 * `OrderGatedDepositor`.
 */
export const PROTOCOL_ORDER_ABI_PARAMETER: AbiParameter = abiParameter(ORDER_V1_TYPES, "order", "Order");

/** The Solidity `ProtocolOrderV2.Order` struct as an ABI tuple (`PROTOCOL_ORDER_ABI_PARAMETER` for v2). */
export const PROTOCOL_ORDER_V2_ABI_PARAMETER: AbiParameter = abiParameter(ORDER_V2_TYPES, "order", "Order");

/**
 * `abi.encode(order)` of an encoded order, for `abi.decode(data, (ProtocolOrder.Order))` or, for a v2
 * order, `(ProtocolOrderV2.Order)`.
 */
export function encodeOrderAbi(encoded: AnyEncodedOrder): Hex {
  const parameter = encoded.version === "v2" ? PROTOCOL_ORDER_V2_ABI_PARAMETER : PROTOCOL_ORDER_ABI_PARAMETER;
  return encodeAbiParameters([parameter], [encoded]);
}
