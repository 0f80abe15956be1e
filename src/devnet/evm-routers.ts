/**
 * The fill routers on a devnet EVM chain: both shapes the service has run (both stay live during its
 * transition), placed with `hardhat_setCode` as the chain is set up. Router 3.2 sits at the service's
 * address for it on most chains; Router 3.1 at an address of the devnet's own (derived from its name),
 * so a 3.1 fill is never mistaken for a 3.2 one. Beside them, `CallRecorder`, a contract user calls can
 * target. None of them is constructed: their code is all of them.
 */
import { type Address, getAddress, type Hex, keccak256, toHex } from "viem";
import { CANONICAL_EVM_ROUTER_V3_2, type RouterShape } from "../orders/index.ts";
import type { Eip1193Provider } from "./json-rpc-server.ts";

/** Where each router shape lives on every devnet EVM chain. */
export const DEVNET_ROUTERS: Readonly<Record<RouterShape, Address>> = {
  "v3.1": getAddress(`0x${keccak256(toHex("attestkit devnet router v3.1")).slice(-40)}`),
  "v3.2": getAddress(CANONICAL_EVM_ROUTER_V3_2),
};

/** Where `CallRecorder`, a target for user calls, lives on every devnet EVM chain. */
export const DEVNET_CALL_RECORDER: Address = getAddress(
  `0x${keccak256(toHex("attestkit devnet call recorder")).slice(-40)}`,
);

/**
 * Places each router's runtime code (`deployedBytecode` of `FillRouterV31` / `FillRouterV32`) at its
 * address, and `CallRecorder`'s at `DEVNET_CALL_RECORDER`.
 */
export async function installFillRouters(
  provider: Eip1193Provider,
  runtimeCode: Readonly<Record<RouterShape | "CallRecorder", Hex>>,
): Promise<void> {
  for (const shape of Object.keys(DEVNET_ROUTERS) as RouterShape[]) {
    await provider.request({
      method: "hardhat_setCode",
      params: [DEVNET_ROUTERS[shape], runtimeCode[shape]],
    });
  }
  await provider.request({
    method: "hardhat_setCode",
    params: [DEVNET_CALL_RECORDER, runtimeCode.CallRecorder],
  });
}
