/**
 * anvil's `anvil_dealERC20(address, token, amount)` on an EDR chain: the token's `balanceOf(address)`
 * is traced to find the storage slots it reads, and the slot that, overridden with `amount`, makes
 * `balanceOf` answer `amount` is set to it (the token's other state, its total supply included, is
 * left as is, as anvil leaves it). Works for any token whose balance is one storage word.
 */
import { decodeFunctionResult, encodeFunctionData, type Hex, pad, parseAbi, toHex } from "viem";
import type { Eip1193Provider } from "./json-rpc-server.ts";

const BALANCE_OF = parseAbi(["function balanceOf(address) view returns (uint256)"]);

interface StructLog {
  op: string;
  stack?: string[];
}

/** `address`'s balance of `token` as `balanceOf` answers it, with `overrides` on the token's storage. */
async function balanceOf(
  provider: Eip1193Provider,
  token: Hex,
  address: Hex,
  overrides?: Record<Hex, Hex>,
): Promise<bigint> {
  const data = encodeFunctionData({ abi: BALANCE_OF, functionName: "balanceOf", args: [address] });
  const result = (await provider.request({
    method: "eth_call",
    params: [
      { to: token, data },
      "latest",
      ...(overrides === undefined ? [] : [{ [token]: { stateDiff: overrides } }]),
    ],
  })) as Hex;
  return decodeFunctionResult({ abi: BALANCE_OF, functionName: "balanceOf", data: result });
}

/** Sets `address`'s balance of `token` to `amount`; throws when no storage word holds it. */
export async function dealErc20(
  provider: Eip1193Provider,
  address: Hex,
  token: Hex,
  amount: bigint,
): Promise<void> {
  // anvil's refusal, whatever the reason (no balanceOf, or a balance not held in one word).
  const refuse = () =>
    Object.assign(new Error("Unable to set ERC20 balance, no slot found"), { code: -32603 });
  const data = encodeFunctionData({ abi: BALANCE_OF, functionName: "balanceOf", args: [address] });
  const trace = (await provider.request({
    method: "debug_traceCall",
    params: [{ to: token, data }, "latest", {}],
  })) as { failed: boolean; structLogs: StructLog[] };
  if (trace.failed) throw refuse();
  const slots = [
    ...new Set(
      trace.structLogs.flatMap((log) => (log.op === "SLOAD" && log.stack?.length ? [log.stack.at(-1)] : [])),
    ),
  ] as string[];
  const word = (value: bigint) => pad(toHex(value), { size: 32 });
  // Two different values, so a slot is not taken for the balance because it happens to hold `amount`.
  const other = amount ^ 1n;
  for (const slot of slots) {
    const key = pad(slot as Hex, { size: 32 });
    if ((await balanceOf(provider, token, address, { [key]: word(amount) })) !== amount) continue;
    if ((await balanceOf(provider, token, address, { [key]: word(other) })) !== other) continue;
    await provider.request({ method: "hardhat_setStorageAt", params: [token, key, word(amount)] });
    return;
  }
  throw refuse();
}
