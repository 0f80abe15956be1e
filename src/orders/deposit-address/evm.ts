/**
 * The strict EVM deposit address (the service's `DepositAddressFactory.computeDepositAddress`): the
 * CREATE2 address at which the factory deploys a minimal proxy of the `DepositAddress`
 * implementation, salted by `keccak256(abi.encodePacked(orderId, depositor))`.
 *
 * The proxy is the 53-byte creation code of Solady's `LibClone` minimal proxy (0age's variant of
 * EIP-1167), which the service's factory uses: a 9-byte constructor returning 44 bytes of runtime
 * code that delegate-calls the implementation. OpenZeppelin `Clones` deploys the 55-byte reference
 * EIP-1167 code instead, whose hash (and so every address) differs: a factory built on it would not
 * reproduce the service's addresses.
 */
import { concatHex, getAddress, type Hex, keccak256 } from "viem";
import { parseEvmAddress } from "../../address/index.ts";
import { parseOrderId } from "../signature.ts";
import type { EvmDepositAddressParams } from "./types.ts";

/** Constructor and runtime prefix of the minimal proxy, up to the implementation's 20 bytes. */
const CLONE_PREFIX = "0x602c3d8160093d39f33d3d3d3d363d3d37363d73" as const;
/** Runtime suffix after the implementation: delegatecall, copy the return data, return or revert. */
const CLONE_SUFFIX = "0x5af43d3d93803e602a57fd5bf3" as const;

/** The creation code the factory CREATE2-deploys for `implementation` (53 bytes). */
export function evmDepositAddressInitCode(implementation: string): Hex {
  return concatHex([CLONE_PREFIX, parseEvmAddress(implementation, "implementation"), CLONE_SUFFIX]);
}

/** The CREATE2 salt of `(orderId, depositor)`: `keccak256(abi.encodePacked(bytes32 orderId, address depositor))`. */
export function evmDepositAddressSalt(orderId: Hex, depositor: string): Hex {
  return keccak256(concatHex([parseOrderId(orderId), parseEvmAddress(depositor, "depositor")]));
}

/** The checksummed strict deposit address of `params` (no chain read). */
export function predictEvmDepositAddress(params: EvmDepositAddressParams): Hex {
  const factory = parseEvmAddress(params.factory, "factory");
  const salt = evmDepositAddressSalt(params.orderId, params.depositor);
  const initCodeHash = keccak256(evmDepositAddressInitCode(params.implementation));
  const hash = keccak256(concatHex(["0xff", factory, salt, initCodeHash]));
  return getAddress(`0x${hash.slice(-40)}`);
}
