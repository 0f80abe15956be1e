/**
 * Who paid an EVM depository deposit (and a tagged transfer made in an internal call,
 * `evm-internal-transfers.ts`, by the same call-tree rule): the account whose balance the money came from, however its
 * transaction reached the chain (sent by the account itself, by a bundler calling an ERC-4337
 * account, by a relayer executing a Safe, by a sponsor of an EIP-7702 account). The transaction's
 * sender pays only its gas; the depository's `depositor` argument is the caller's free choice.
 *
 * - Native: the call into the depository is followed up the transaction's call tree (the node's
 *   `callTracer`): its caller paid it from its own balance, unless the call that entered that caller
 *   brought at least the deposit's value with it (a multicall, the order-gated depositor), in which
 *   case that call's caller paid it, and so on up to the transaction's sender.
 * - ERC-20: the token's `Transfer` into the depository is followed back the same way: its sender
 *   paid it, unless that sender had just received at least as much of the token in the same
 *   transaction (the order-gated depositor pulls from its caller first), in which case the account
 *   that sent it those tokens paid.
 */
import { getAddress, type Hex, toFunctionSelector } from "viem";
import { decodeErc20Transfer, type EvmLog } from "../../credit/evm.ts";
import { RELAY_DEPOSITORY_ABI } from "../../orders/index.ts";

/** One frame of a `callTracer` trace, as nodes give it. */
export interface CallFrame {
  type: string;
  from: string;
  to?: string;
  value?: string;
  input?: string;
  error?: string;
  calls?: CallFrame[];
}

const DEPOSIT_NATIVE = toFunctionSelector(
  RELAY_DEPOSITORY_ABI.find((item) => item.type === "function" && item.name === "depositNative")!,
);
/** Frames that carry value into the account they enter (a delegate or static call runs in its caller's). */
const ENTERING = new Set(["CALL", "CREATE", "CREATE2"]);

/** The value a frame carries into the account it enters. */
export const carried = (frame: CallFrame) => BigInt(frame.value ?? "0x0");
const same = (a: string | undefined, b: string) => a !== undefined && a.toLowerCase() === b.toLowerCase();

/**
 * The payer of each `depositNative` call into `depository` that took effect, in execution order
 * (the order of the depository's `RelayNativeDeposit` events): a reverted call, or one under a
 * reverted call, emitted nothing and is left out.
 */
export function nativeDepositPayers(root: CallFrame, depository: string): string[] {
  return paidCalls(
    root,
    (frame) =>
      frame.type === "CALL" &&
      same(frame.to, depository) &&
      (frame.input ?? "").toLowerCase().startsWith(DEPOSIT_NATIVE),
  ).map((call) => call.payer);
}

/**
 * The calls of `root`'s tree that `match` picks and that took effect (neither reverted nor under a
 * reverted call), in execution order, each with who paid the value it carries (`payerOf`). `match`
 * sees how deep the frame is: 0 for the transaction itself.
 */
export function paidCalls(
  root: CallFrame,
  match: (frame: CallFrame, depth: number) => boolean,
): { frame: CallFrame; payer: string }[] {
  const found: { frame: CallFrame; payer: string }[] = [];
  const walk = (frame: CallFrame, ancestors: readonly CallFrame[]) => {
    if (frame.error !== undefined) return;
    if (match(frame, ancestors.length)) found.push({ frame, payer: payerOf(frame, ancestors) });
    for (const call of frame.calls ?? []) walk(call, [...ancestors, frame]);
  };
  walk(root, []);
  return found;
}

/** Who paid the value `frame` carries: its caller, or up the tree while a caller only passed value on. */
function payerOf(frame: CallFrame, ancestors: readonly CallFrame[]): string {
  const value = carried(frame);
  let payer = frame.from;
  for (let i = ancestors.length - 1; i >= 0; i--) {
    const entry = ancestors[i] as CallFrame;
    if (!ENTERING.has(entry.type) || !same(entry.to, payer)) continue;
    // The account was entered here: with the value it passed on (then its caller paid), or without.
    if (carried(entry) < value) break;
    payer = entry.from;
  }
  return getAddress(payer);
}

/** A receipt log with its index, as the depository scan reads them. */
export interface IndexedLog extends EvmLog {
  logIndex: number;
}

/**
 * Who paid the ERC-20 deposit whose depository event is at `eventIndex`: the sender of the last
 * `Transfer` of `token` into `depository` before it, followed back through accounts that had just
 * received at least that much of the token in the transaction. Null when no such transfer exists.
 */
export function erc20DepositPayer(
  logs: readonly IndexedLog[],
  token: string,
  depository: string,
  eventIndex: number,
): string | null {
  const transfers = logs
    .filter((log) => same(log.address, token) && log.logIndex < eventIndex)
    .flatMap((log) => {
      const transfer = decodeErc20Transfer(log);
      return transfer === null ? [] : [{ ...transfer, logIndex: log.logIndex }];
    })
    .sort((a, b) => a.logIndex - b.logIndex);
  let at = transfers.findLastIndex((transfer) => same(transfer.to, depository));
  if (at < 0) return null;
  let { from: payer, value } = transfers[at]!;
  for (;;) {
    const before = transfers.slice(0, at);
    const funding = before.findLastIndex((transfer) => same(transfer.to, payer) && transfer.value >= value);
    if (funding < 0) return getAddress(payer as Hex);
    at = funding;
    payer = transfers[at]!.from;
  }
}
