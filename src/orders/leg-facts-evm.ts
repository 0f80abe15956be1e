import { type Hex, keccak256, parseEventLogs } from "viem";
import {
  decodeOrderCall,
  SOLVER_CALL_EXECUTED_V3_1_ABI,
  SOLVER_CALL_EXECUTED_V3_2_ABI,
  SOLVER_NATIVE_TRANSFER_ABI,
} from "./fill-router.ts";
import { DEFAULT_FINALITY, type LegFacts } from "./leg-facts.ts";
import type { EvmLegEvidence, LegFinality } from "./verify-leg-types.ts";

/** topic0 of `Transfer(address,address,uint256)`. */
export const ERC20_TRANSFER_TOPIC = "0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef";
const ZERO_ADDRESS = "0x0000000000000000000000000000000000000000";

/**
 * The events a leg is measured by: the token's `Transfer`, and the fill contract's (router's)
 * native transfer and call events, the call event in Router 3.1's shape (the call data); Router
 * 3.2's (its keccak256) is `SOLVER_CALL_EXECUTED_V3_2_ABI`. No argument of the fill contract's
 * events is indexed.
 */
export const LEG_EVENTS_ABI = [
  {
    type: "event",
    name: "Transfer",
    inputs: [
      { name: "from", type: "address", indexed: true },
      { name: "to", type: "address", indexed: true },
      { name: "amount", type: "uint256" },
    ],
  },
  ...SOLVER_NATIVE_TRANSFER_ABI,
  ...SOLVER_CALL_EXECUTED_V3_1_ABI,
] as const;

type TokenTransfer = { token: Hex; from: Hex; to: Hex; value: bigint };
type Log = EvmLegEvidence["receipt"]["logs"][number];

/** Logs as viem's parser takes them: each with its place in the receipt, the order it is matched in. */
const indexed = (logs: readonly Log[]) =>
  logs.map((log, index) => ({
    address: log.address as Hex,
    topics: log.topics as [Hex, ...Hex[]],
    data: log.data,
    logIndex: index,
    blockHash: null,
    blockNumber: null,
    transactionHash: null,
    transactionIndex: null,
    removed: false,
  }));

/**
 * An ERC-20 `Transfer` log, as the service decodes it: topic0, two indexed addresses and an amount
 * in the data (an ERC-721 `Transfer`, whose value is indexed and data empty, is null).
 */
export function decodeErc20Transfer(log: Log): TokenTransfer | null {
  const [decoded] = parseEventLogs({ abi: LEG_EVENTS_ABI, logs: indexed([log]), eventName: "Transfer" });
  if (decoded === undefined) return null;
  return {
    token: decoded.address.toLowerCase() as Hex,
    from: decoded.args.from.toLowerCase() as Hex,
    to: decoded.args.to.toLowerCase() as Hex,
    value: decoded.args.amount,
  };
}

/** A call of an order (lowercase), or null when it is not `abi.encode(address to, bytes data, uint256 value)`. */
function orderCallOrNull(call: Hex): { to: string; data: Hex; value: bigint } | null {
  try {
    const { to, data, value } = decodeOrderCall(call);
    return { to: to.toLowerCase(), data: data.toLowerCase() as Hex, value };
  } catch {
    return null;
  }
}

/** Whether the 0x hex `input` holds the bytes of `value` (0x hex) at a byte boundary. */
function carriesBytes(input: string, value: string): boolean {
  const bytes = value.slice(2).toLowerCase();
  for (let at = input.indexOf(bytes, 2); at >= 0; at = input.indexOf(bytes, at + 1))
    if (at % 2 === 0) return true;
  return false;
}

/** Blocks and seconds asked for: `confirmations` alone is the older form (own block included, no time rule). */
function finalityRule(finality: LegFinality): { blocks: number; seconds: number } {
  if (finality.blocks === undefined && finality.confirmations !== undefined) {
    return { blocks: Math.max(0, finality.confirmations - 1), seconds: finality.seconds ?? 0 };
  }
  return {
    blocks: finality.blocks ?? DEFAULT_FINALITY.blocks,
    seconds: finality.seconds ?? DEFAULT_FINALITY.seconds,
  };
}

/**
 * Facts of an EVM fill or refund, measured as the service measures them. The id tag: the input ends
 * with the order id. Native paid: the transaction's value when it goes to the recipient and its input
 * starts with the id; otherwise the sum of the fill contract's `SolverNativeTransfer` events to the
 * recipient. Token paid: the sum of the token's `Transfer` logs into the recipient (what it passes on
 * is not subtracted). Final: at least `blocks` blocks on top and `seconds` since its block.
 */
export function evmLegFacts(evidence: EvmLegEvidence, finality: LegFinality): LegFacts {
  const { transaction, receipt } = evidence;
  const input = transaction.input.toLowerCase();
  const to = transaction.to?.toLowerCase() ?? null;
  const logs = indexed(receipt.logs);
  const blockTime = Number(evidence.blockTimestamp);
  const chainId = transaction.chainId ?? evidence.nodeChainId;
  let transfers: TokenTransfer[] | null = null;
  const tokenTransfers = () => {
    transfers ??= receipt.logs.flatMap((log) => decodeErc20Transfer(log) ?? []);
    return transfers;
  };
  const notFinalAt = (asked: LegFinality) => {
    const rule = finalityRule(asked);
    const blocks =
      evidence.headBlockNumber === undefined ? null : evidence.headBlockNumber - receipt.blockNumber;
    const seconds =
      evidence.headBlockTimestamp === undefined ? null : Number(evidence.headBlockTimestamp) - blockTime;
    const blocksMet = rule.blocks === 0 || (blocks !== null && blocks >= BigInt(rule.blocks));
    const secondsMet = rule.seconds === 0 || (seconds !== null && seconds >= rule.seconds);
    if (blocksMet && secondsMet) return null;
    return {
      expected: `${rule.blocks} blocks on top and ${rule.seconds} s since its block`,
      actual: `${blocks ?? "head block unknown"} blocks, ${seconds ?? "head time unknown"} s`,
    };
  };
  const fromFillContracts = (fillContracts: readonly Hex[]) => {
    const allowed = new Set(fillContracts.map((address) => address.toLowerCase()));
    return (log: { address: string }) => allowed.has(log.address.toLowerCase());
  };
  return {
    txHash: transaction.hash,
    succeeded: receipt.status === "success",
    notFinal: notFinalAt(finality),
    notFinalAt,
    blockTime,
    ...(chainId === undefined ? {} : { chainId }),
    carriesOrderId: (orderId) => input.length >= 66 && input.endsWith(orderId.slice(2).toLowerCase()),
    otherOrderIds: (orderId, known) =>
      [...known].filter((id) => id.toLowerCase() !== orderId.toLowerCase() && carriesBytes(input, id)),
    received(recipient) {
      const out = new Map<Hex, bigint>();
      const add = (currency: Hex, amount: bigint) => out.set(currency, (out.get(currency) ?? 0n) + amount);
      if (to === recipient && transaction.value > 0n) add(ZERO_ADDRESS, transaction.value);
      for (const transfer of tokenTransfers())
        if (transfer.to === recipient) add(transfer.token, transfer.value);
      for (const [currency, amount] of out) if (amount <= 0n) out.delete(currency);
      return out;
    },
    paid({ recipient, currency, orderId, fillContracts }) {
      const payee = recipient.toLowerCase();
      if (currency.toLowerCase() !== ZERO_ADDRESS) {
        return tokenTransfers()
          .filter((transfer) => transfer.token === currency.toLowerCase() && transfer.to === payee)
          .reduce((sum, transfer) => sum + transfer.value, 0n);
      }
      if (to === payee && input.startsWith(orderId.toLowerCase())) return transaction.value;
      if (fillContracts === null) return null;
      return parseEventLogs({ abi: LEG_EVENTS_ABI, logs, eventName: "SolverNativeTransfer" })
        .filter(fromFillContracts(fillContracts))
        .filter((log) => log.args.to.toLowerCase() === payee)
        .reduce((sum, log) => sum + log.args.amount, 0n);
    },
    measuredBy({ recipient, currency, orderId, fillContracts }) {
      const payee = recipient.toLowerCase();
      if (currency.toLowerCase() !== ZERO_ADDRESS) return "the token's Transfer logs into the recipient";
      if (to === payee && input.startsWith(orderId.toLowerCase())) {
        return "the transaction's value, sent straight to the recipient with the order id";
      }
      const events =
        fillContracts === null
          ? "no direct transfer, and the order's extraData names no fill contract"
          : `SolverNativeTransfer events of ${fillContracts.length === 0 ? "no listed fill contract" : fillContracts.join(", ")}`;
      if (evidence.internalTransfers === undefined) {
        return `${events}; native value a contract moved without that event is not in the receipt and not counted`;
      }
      const traced = evidence.internalTransfers
        .filter((transfer) => transfer.to.toLowerCase() === payee)
        .reduce((sum, transfer) => sum + transfer.value, 0n);
      return `${events}; the call trace shows ${traced} reaching the recipient through inner calls, not counted (the service counts the events)`;
    },
    callsExecuted(calls, fillContracts) {
      if (fillContracts === null) return false;
      const fromFillContract = fromFillContracts(fillContracts);
      const executed = [
        ...parseEventLogs({ abi: LEG_EVENTS_ABI, logs, eventName: "SolverCallExecuted" }).map((log) => ({
          logIndex: log.logIndex,
          address: log.address,
          to: log.args.to.toLowerCase(),
          dataHash: keccak256(log.args.data),
          amount: log.args.amount,
        })),
        ...parseEventLogs({ abi: SOLVER_CALL_EXECUTED_V3_2_ABI, logs, eventName: "SolverCallExecuted" }).map(
          (log) => ({
            logIndex: log.logIndex,
            address: log.address,
            to: log.args.to.toLowerCase(),
            dataHash: log.args.dataHash.toLowerCase() as Hex,
            amount: log.args.amount,
          }),
        ),
      ]
        .filter(fromFillContract)
        .sort((a, b) => a.logIndex - b.logIndex);
      let from = 0;
      for (const encoded of calls) {
        const call = orderCallOrNull(encoded);
        if (call === null) return false;
        const dataHash = keccak256(call.data);
        const at = executed.findIndex(
          (event, index) =>
            index >= from &&
            event.to === call.to &&
            event.dataHash === dataHash &&
            event.amount === call.value,
        );
        if (at < 0) return false;
        from = at + 1;
      }
      return true;
    },
  };
}
