import type { Hex } from "viem";
import type { LegFacts } from "./leg-facts.ts";
import type { EvmLegEvidence, LegFinality } from "./verify-leg-types.ts";

/** topic0 of `Transfer(address,address,uint256)`. */
export const ERC20_TRANSFER_TOPIC = "0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef";
const ZERO_ADDRESS = "0x0000000000000000000000000000000000000000";
/** An indexed address topic: 12 zero bytes, then the address. */
const ADDRESS_TOPIC = /^0x0{24}([0-9a-f]{40})$/;
/** One 32-byte word of data: an ERC-20 `Transfer` carries the value and nothing else. */
const WORD_DATA = /^0x[0-9a-f]{64}$/;

type TokenTransfer = { token: Hex; from: Hex; to: Hex; value: bigint };

/**
 * An ERC-20 `Transfer` log, recognised by its topic0 and its shape (three topics, two of them
 * addresses, one word of data); an ERC-721 `Transfer` (four topics) or anything else is null.
 */
export function decodeErc20Transfer(log: EvmLegEvidence["receipt"]["logs"][number]): TokenTransfer | null {
  if (log.topics.length !== 3 || log.topics[0]?.toLowerCase() !== ERC20_TRANSFER_TOPIC) return null;
  const from = ADDRESS_TOPIC.exec((log.topics[1] as string).toLowerCase());
  const to = ADDRESS_TOPIC.exec((log.topics[2] as string).toLowerCase());
  const data = log.data.toLowerCase();
  if (from === null || to === null || !WORD_DATA.test(data)) return null;
  return {
    token: log.address.toLowerCase() as Hex,
    from: `0x${from[1]}` as Hex,
    to: `0x${to[1]}` as Hex,
    value: BigInt(data),
  };
}

/**
 * Facts of an EVM fill or refund. The id tag is the service's: the input ends with the order id (a
 * plain native transfer carries the id as its whole data). Native received is the value the
 * transaction sends straight to the recipient; tokens received are the net of the token's
 * `Transfer` logs into and out of the recipient.
 */
export function evmLegFacts(evidence: EvmLegEvidence, finality: LegFinality): LegFacts {
  const { transaction, receipt } = evidence;
  const input = transaction.input.toLowerCase();
  const required = BigInt(Math.max(1, finality.confirmations ?? 1));
  const confirmations =
    evidence.headBlockNumber === undefined ? null : evidence.headBlockNumber - receipt.blockNumber + 1n;
  const final = required === 1n || (confirmations !== null && confirmations >= required);
  const to = transaction.to?.toLowerCase() ?? null;
  let transfers: TokenTransfer[] | null = null;
  return {
    txHash: transaction.hash,
    succeeded: receipt.status === "success",
    notFinal: final
      ? null
      : {
          expected: `${required} confirmations`,
          actual: confirmations === null ? "head block unknown" : `${confirmations}`,
        },
    blockTime: Number(evidence.blockTimestamp),
    ...(transaction.chainId === undefined ? {} : { chainId: transaction.chainId }),
    carriesOrderId: (orderId) => input.length >= 66 && input.endsWith(orderId.slice(2).toLowerCase()),
    received(recipient) {
      const out = new Map<Hex, bigint>();
      const add = (currency: Hex, amount: bigint) => out.set(currency, (out.get(currency) ?? 0n) + amount);
      if (to === recipient && transaction.value > 0n) add(ZERO_ADDRESS, transaction.value);
      transfers ??= receipt.logs.flatMap((log) => decodeErc20Transfer(log) ?? []);
      for (const transfer of transfers) {
        if (transfer.to === recipient) add(transfer.token, transfer.value);
        if (transfer.from === recipient) add(transfer.token, -transfer.value);
      }
      for (const [currency, amount] of out) if (amount <= 0n) out.delete(currency);
      return out;
    },
    carriesCalls(calls) {
      let from = 2;
      for (const call of calls) {
        const bytes = call.slice(2).toLowerCase();
        let at = input.indexOf(bytes, from);
        // Byte-aligned only: "0x" takes two characters, so a byte starts at an even index.
        while (at >= 0 && at % 2 === 1) at = input.indexOf(bytes, at + 1);
        if (at < 0 || bytes === "") return false;
        from = at + bytes.length;
      }
      return true;
    },
  };
}
