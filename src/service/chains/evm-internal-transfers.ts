/**
 * Native deposits tagged by calldata that reach a solver key in an internal call: a contract account
 * (a multicall, a Safe executed by a relayer, an ERC-4337 account through a bundler) calls the key
 * with the value and the 32-byte request id as its data. A block's transactions show only their own
 * recipient, so such a deposit is found in the transaction's call tree (`debug_traceTransaction`
 * with `callTracer`, the method the depository scan uses too). No state is read, at any block.
 *
 * Cost: only a transaction that can hold such a call is traced: one that no key sent (the keys' own
 * transactions, fills, refunds and relays, are never deposits), that is not itself a deposit the
 * scan recognized, and whose calldata names a key. An account that makes a call it is given (a Safe's
 * `execTransaction`, an ERC-4337 account's `execute` inside a bundle's `handleOps`, a multicall)
 * carries the call's target in its calldata; a contract that pays a key it stores itself is not
 * seen this way.
 *
 * Each deposit is worth the value its call delivered, paid by whoever's balance it came from
 * (`paidCalls` in `evm-payers.ts`: the contract account, or the account above it that sent it the
 * value to pass on; never the relayer that sent the transaction). Calls from a receiver are left
 * out: the receiver's `DepositAccepted` event is that deposit.
 */
import { getAddress, zeroAddress } from "viem";
import type { CallFrame } from "./evm-payers.ts";
import { carried, paidCalls } from "./evm-payers.ts";
import type { ChainObservation } from "./types.ts";

const REQUEST_ID_DATA = /^0x[0-9a-fA-F]{64}$/;

/**
 * The deposits of transaction `tx` made by calls below the transaction itself that deliver value to
 * one of `keys` (lowercase addresses) with a request id as their whole data, took effect, and were
 * not made by one of `excludedCallers` (lowercase), in execution order: the n-th at `call:<n>`.
 */
export function taggedInternalTransfers(
  root: CallFrame,
  tx: { txHash: string; block: number; timestamp: number },
  keys: ReadonlySet<string>,
  excludedCallers: ReadonlySet<string>,
): ChainObservation[] {
  return paidCalls(
    root,
    (frame, depth) =>
      depth > 0 &&
      frame.type === "CALL" &&
      frame.to !== undefined &&
      keys.has(frame.to.toLowerCase()) &&
      !excludedCallers.has(frame.from.toLowerCase()) &&
      REQUEST_ID_DATA.test(frame.input ?? "") &&
      carried(frame) > 0n,
  ).map(({ frame, payer }, index) => ({
    kind: "deposit",
    requestId: (frame.input as string).toLowerCase(),
    ...tx,
    from: getAddress(payer),
    currency: zeroAddress,
    amount: carried(frame).toString(),
    status: "success",
    via: "transfer",
    position: `call:${index}`,
  }));
}

/**
 * Whether a transaction can hold a tagged internal call to one of `keys` (lowercase addresses): no
 * key sent it, and its calldata names a key.
 */
export function mayCallKey(tx: { from: string; input: string }, keys: ReadonlySet<string>): boolean {
  if (keys.has(tx.from.toLowerCase())) return false;
  const input = tx.input.toLowerCase();
  for (const key of keys) if (input.includes(key.slice(2))) return true;
  return false;
}
