/**
 * The protocol depository on a devnet EVM chain, at its canonical address. A contract cannot be
 * deployed to a chosen address, so it is deployed normally and copied: its runtime code (immutables
 * included) with `hardhat_setCode`, and every storage slot its constructor wrote (read from the
 * deployment's trace) with `hardhat_setStorageAt`. The copy then behaves as if deployed there.
 */
import { type Address, getAddress, type Hex, pad } from "viem";
import { CANONICAL_EVM_DEPOSITORY } from "../orders/index.ts";
import type { Eip1193Provider } from "./json-rpc-server.ts";

interface StructLog {
  op: string;
  stack: string[];
}

/** The storage slots a transaction wrote (`SSTORE` keys in its struct-log trace). */
async function writtenSlots(provider: Eip1193Provider, hash: Hex): Promise<Hex[]> {
  const trace = (await provider.request({ method: "debug_traceTransaction", params: [hash] })) as {
    failed: boolean;
    structLogs: StructLog[];
  };
  if (trace.failed) throw new Error(`deployment ${hash} failed`);
  const slots = new Set<Hex>();
  for (const log of trace.structLogs) {
    const key = log.op === "SSTORE" ? log.stack.at(-1) : undefined;
    if (key !== undefined) slots.add(pad(key.startsWith("0x") ? (key as Hex) : `0x${key}`, { size: 32 }));
  }
  return [...slots];
}

/**
 * Copies the contract deployed at `from` by transaction `deployment` to `to` (code and the storage
 * its constructor wrote). Returns `to`.
 */
export async function copyDeployedContract(
  provider: Eip1193Provider,
  from: Address,
  deployment: Hex,
  to: Address,
): Promise<Address> {
  const code = (await provider.request({ method: "eth_getCode", params: [from, "latest"] })) as Hex;
  if (code === "0x") throw new Error(`no code at ${from}`);
  await provider.request({ method: "hardhat_setCode", params: [to, code] });
  for (const slot of await writtenSlots(provider, deployment)) {
    const value = await provider.request({ method: "eth_getStorageAt", params: [from, slot, "latest"] });
    await provider.request({ method: "hardhat_setStorageAt", params: [to, slot, value] });
  }
  return getAddress(to);
}

/** Deploys `RelayDepository` (with `deploy`) and copies it to the canonical depository address. */
export async function installEvmDepository(
  provider: Eip1193Provider,
  deploy: () => Promise<{ address: Address; hash: Hex }>,
): Promise<Address> {
  const deployed = await deploy();
  return copyDeployedContract(
    provider,
    deployed.address,
    deployed.hash,
    getAddress(CANONICAL_EVM_DEPOSITORY),
  );
}
