/**
 * The fill contract (the service's router) as orders and fills name it: an order names the contract
 * that fills it in `extraData` as `abi.encode(address)` (`output.extraData` for the fill, a refund
 * option's `extraData` for a refund), and carries each user call as `abi.encode(address to, bytes data,
 * uint256 value)`. The router logs each native payment as `SolverNativeTransfer(address to, uint256
 * amount)` and each user call it runs as `SolverCallExecuted`: with the call data (Router 3.1) or its
 * keccak256 hash (Router 3.2, the service's default since 2026-10-26). No event argument is indexed.
 */
import { type Address, decodeAbiParameters, encodeAbiParameters, getAddress, type Hex, isHex } from "viem";

/** The router shapes the service has used: 3.1 logs a call's data, 3.2 its hash. */
export const ROUTER_SHAPES = ["v3.1", "v3.2"] as const;
export type RouterShape = (typeof ROUTER_SHAPES)[number];
/** The shape the service routes through since 2026-10-26. */
export const DEFAULT_ROUTER_SHAPE: RouterShape = "v3.2";

/** Router 3.2 on most EVM chains (GET /chains `contracts["v3.2"].router` is the authority). */
export const CANONICAL_EVM_ROUTER_V3_2: Address = "0x0729e2a4716d9f7dd17858d5d504426d228697f7";

// ABIs as JSON (what `parseAbi` would produce): a verifier that imports them bundles no ABI parser.
const NATIVE_TRANSFER_EVENT = {
  type: "event",
  name: "SolverNativeTransfer",
  inputs: [
    { name: "to", type: "address" },
    { name: "amount", type: "uint256" },
  ],
} as const;

/** The router's native transfer event and the devnet router's `fill` entry point. */
export const FILL_ROUTER_ABI = [
  {
    type: "function",
    name: "fill",
    stateMutability: "payable",
    inputs: [
      {
        name: "payments",
        type: "tuple[]",
        components: [
          { name: "to", type: "address" },
          { name: "amount", type: "uint256" },
        ],
      },
      {
        name: "calls",
        type: "tuple[]",
        components: [
          { name: "to", type: "address" },
          { name: "data", type: "bytes" },
          { name: "value", type: "uint256" },
        ],
      },
    ],
    outputs: [],
  },
  NATIVE_TRANSFER_EVENT,
] as const;
/** `SolverCallExecuted` of Router 3.1: the call data itself. */
export const SOLVER_CALL_EXECUTED_V3_1_ABI = [
  {
    type: "event",
    name: "SolverCallExecuted",
    inputs: [
      { name: "to", type: "address" },
      { name: "data", type: "bytes" },
      { name: "amount", type: "uint256" },
    ],
  },
] as const;
/** `SolverCallExecuted` of Router 3.2: the keccak256 hash of the call data. */
export const SOLVER_CALL_EXECUTED_V3_2_ABI = [
  {
    type: "event",
    name: "SolverCallExecuted",
    inputs: [
      { name: "to", type: "address" },
      { name: "dataHash", type: "bytes32" },
      { name: "amount", type: "uint256" },
    ],
  },
] as const;
/** The router's native transfer event alone. */
export const SOLVER_NATIVE_TRANSFER_ABI = [NATIVE_TRANSFER_EVENT] as const;

/** A user call of an order, decoded. */
export type OrderCall = { to: Address; data: Hex; value: bigint };

const CALL_PARAMETERS = [{ type: "address" }, { type: "bytes" }, { type: "uint256" }] as const;
const ADDRESS_PARAMETER = [{ type: "address" }] as const;

/** An order's `extraData` naming `fillContract`: `abi.encode(address)`. */
export function encodeFillContractExtraData(fillContract: string): Hex {
  return encodeAbiParameters(ADDRESS_PARAMETER, [getAddress(fillContract)]);
}

/**
 * The fill contract an order's `extraData` names, or null when it names none: empty, not exactly one
 * ABI word, or a word with its upper 12 bytes set.
 */
export function decodeFillContractExtraData(extraData: string): Address | null {
  if (!isHex(extraData) || extraData.length !== 66 || !/^0x0{24}/i.test(extraData)) return null;
  return getAddress(decodeAbiParameters(ADDRESS_PARAMETER, extraData)[0]);
}

/** A user call as an order carries it: `abi.encode(address to, bytes data, uint256 value)`. */
export function encodeOrderCall(call: { to: string; data: Hex; value: bigint }): Hex {
  return encodeAbiParameters(CALL_PARAMETERS, [getAddress(call.to), call.data, call.value]);
}

/** Decodes one of an order's user calls; throws viem's decoding error when it is not that encoding. */
export function decodeOrderCall(call: Hex): OrderCall {
  const [to, data, value] = decodeAbiParameters(CALL_PARAMETERS, call);
  return { to: getAddress(to), data, value };
}
