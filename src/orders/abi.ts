import { encodeAbiParameters, type Hex } from "viem";
import type { EncodedOrder } from "./types.ts";

/**
 * The Solidity `ProtocolOrder.Order` struct as an ABI tuple, member for member
 * (addresses and currencies as VM-encoded `bytes`): for calling contracts that
 * take an order, such as `OrderGatedDepositor`.
 */
export const PROTOCOL_ORDER_ABI_PARAMETER = {
  name: "order",
  type: "tuple",
  components: [
    { name: "version", type: "string" },
    { name: "solverChainId", type: "string" },
    { name: "solver", type: "address" },
    { name: "salt", type: "uint256" },
    {
      name: "inputs",
      type: "tuple[]",
      components: [
        {
          name: "payment",
          type: "tuple",
          components: [
            { name: "chainId", type: "string" },
            { name: "currency", type: "bytes" },
            { name: "amount", type: "uint256" },
            { name: "weight", type: "uint256" },
          ],
        },
        {
          name: "refunds",
          type: "tuple[]",
          components: [
            { name: "chainId", type: "string" },
            { name: "recipient", type: "bytes" },
            { name: "currency", type: "bytes" },
            { name: "minimumAmount", type: "uint256" },
            { name: "deadline", type: "uint32" },
            { name: "extraData", type: "bytes" },
          ],
        },
      ],
    },
    {
      name: "output",
      type: "tuple",
      components: [
        { name: "chainId", type: "string" },
        {
          name: "payments",
          type: "tuple[]",
          components: [
            { name: "recipient", type: "bytes" },
            { name: "currency", type: "bytes" },
            { name: "minimumAmount", type: "uint256" },
            { name: "expectedAmount", type: "uint256" },
          ],
        },
        { name: "deadline", type: "uint32" },
        { name: "calls", type: "bytes[]" },
        { name: "extraData", type: "bytes" },
      ],
    },
    {
      name: "fees",
      type: "tuple[]",
      components: [
        { name: "recipientChainId", type: "string" },
        { name: "recipient", type: "bytes" },
        { name: "currencyChainId", type: "string" },
        { name: "currency", type: "bytes" },
        { name: "amount", type: "uint256" },
      ],
    },
  ],
} as const;

/** `abi.encode(order)` of an encoded order, for `abi.decode(data, (ProtocolOrder.Order))`. */
export function encodeOrderAbi(encoded: EncodedOrder): Hex {
  return encodeAbiParameters([PROTOCOL_ORDER_ABI_PARAMETER], [encoded]);
}
