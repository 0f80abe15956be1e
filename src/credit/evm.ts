/**
 * The crediting rule on EVM chains without historical state: an ERC-20 credit is the net of the
 * token's own `Transfer` logs into and out of the service's keys in one successful transaction
 * (a fee-on-transfer token is credited what its logs say arrived, net of the fee); a native credit
 * is the value the transaction delivered to the key.
 *
 * What this measures is what the token says, not its balances: the token contract is trusted to log
 * what it moved. A token whose `transferFrom` logs a `Transfer` without moving the balance is
 * credited in full, and a rebasing token is credited what it logged, not the balance it later
 * reports. Credit only tokens you trust to log honestly, or read balances where state is available.
 */
import { type Hex, isAddress } from "viem";
import { InvalidAddressError } from "../errors.ts";
import { creditedAmount } from "./balance-change.ts";

/** A receipt log as viem and JSON-RPC give it. */
export interface EvmLog {
  address: string;
  topics: readonly Hex[];
  data: Hex;
}

/** keccak256("Transfer(address,address,uint256)"): ERC-20's and ERC-721's `Transfer` share it. */
const TRANSFER_TOPIC = "0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef";
/** An indexed address: one 32-byte word whose first 12 bytes are zero. */
const ADDRESS_WORD = /^0x0{24}([0-9a-f]{40})$/;
/** A `uint256` in the data: exactly one 32-byte word. */
const UINT256_DATA = /^0x[0-9a-f]{64}$/;

/**
 * The ERC-20 transfer a log records, or null when it is not one: recognised by its topic and shape
 * (topic0 of `Transfer`, exactly three topics holding two clean address words, 32 bytes of data), so
 * an `Approval`, an ERC-721 `Transfer` (four topics) or a malformed log is never read as one.
 * Addresses come back in lowercase. Never throws, whatever the log holds.
 */
export function decodeErc20Transfer(log: unknown): { from: string; to: string; value: bigint } | null {
  if (typeof log !== "object" || log === null) return null;
  const { topics, data } = log as { topics?: unknown; data?: unknown };
  if (!Array.isArray(topics) || topics.length !== 3 || typeof data !== "string") return null;
  const [topic0, fromWord, toWord] = topics.map((topic) =>
    typeof topic === "string" ? topic.toLowerCase() : "",
  );
  if (topic0 !== TRANSFER_TOPIC) return null;
  const from = ADDRESS_WORD.exec(fromWord ?? "")?.[1];
  const to = ADDRESS_WORD.exec(toWord ?? "")?.[1];
  const value = data.toLowerCase();
  if (from === undefined || to === undefined || !UINT256_DATA.test(value)) return null;
  return { from: `0x${from}`, to: `0x${to}`, value: BigInt(value) };
}

/** `address` in lowercase, or `InvalidAddressError` naming `what`. */
function lowercaseAddress(address: string, what: string): string {
  if (typeof address !== "string" || !isAddress(address, { strict: false })) {
    throw new InvalidAddressError(`${what} must be an EVM address, got ${String(address).slice(0, 100)}`);
  }
  return address.toLowerCase();
}

/**
 * What the `keys` gained in `token` in one transaction, from the token's own `Transfer` logs:
 * transfers into the keys minus transfers out of them, 0 when that is not positive. Logs of other
 * contracts, logs that are not an ERC-20 `Transfer` by topic and shape (an `Approval`, a permit's
 * approval, an ERC-721 transfer, malformed topics or data) and transfers between two of the keys
 * count for nothing. Pass the logs of a successful, final receipt: a reverted inner call leaves no
 * log there. Malformed logs never make it throw; a malformed `token` or key is the caller's mistake
 * (`InvalidAddressError`).
 * @param logs the receipt's logs.
 * @param token the ERC-20 contract whose logs count.
 * @param keys the addresses the credit is for.
 * @returns the smallest units the keys gained, as the token logged them.
 * @example
 * ```ts
 * const receipt = await publicClient.getTransactionReceipt({ hash });
 * const credited = receipt.status === "success" ? evmTokenCredit(receipt.logs, usdc, [solver]) : 0n;
 * ```
 */
export function evmTokenCredit(logs: readonly EvmLog[], token: string, keys: readonly string[]): bigint {
  const emitter = lowercaseAddress(token, "token");
  const ours = new Set(keys.map((key) => lowercaseAddress(key, "key")));
  let pre = 0n;
  let post = 0n;
  for (const log of logs) {
    if (typeof log?.address !== "string" || log.address.toLowerCase() !== emitter) continue;
    const transfer = decodeErc20Transfer(log);
    if (transfer === null) continue;
    if (ours.has(transfer.to)) post += transfer.value;
    if (ours.has(transfer.from)) pre += transfer.value;
  }
  return creditedAmount(pre, post);
}
