/**
 * The approval proxy gasless deposits go through on every devnet EVM chain (`GaslessApprovalProxy`):
 * deployed, then copied to an address of the devnet's own (its immutables, the EIP-712 name and version
 * hashes, come with its code), the address its EIP-712 domain and the quotes' typed data name.
 */
import { type Address, getAddress, type Hex, keccak256, toHex } from "viem";
import { copyDeployedContract } from "./evm-depository.ts";
import type { Eip1193Provider } from "./json-rpc-server.ts";

/** Where the approval proxy lives on every devnet EVM chain. */
export const DEVNET_APPROVAL_PROXY: Address = getAddress(
  `0x${keccak256(toHex("attestkit devnet approval proxy")).slice(-40)}`,
);

/** Deploys `GaslessApprovalProxy` (with `deploy`) and copies it to `DEVNET_APPROVAL_PROXY`. */
export async function installApprovalProxy(
  provider: Eip1193Provider,
  deploy: () => Promise<{ address: Address; hash: Hex }>,
): Promise<Address> {
  const deployed = await deploy();
  return copyDeployedContract(provider, deployed.address, deployed.hash, DEVNET_APPROVAL_PROXY);
}
