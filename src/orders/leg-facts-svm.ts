import { base58 } from "@scure/base";
import { type Hex, hexToBytes } from "viem";
import { encodeOrderAddress, formatOrderAddress } from "./address/index.ts";
import { DEFAULT_FINALITY, type LegFacts } from "./leg-facts.ts";
import { parseWireMessage } from "./svm-wire.ts";
import type { LegFinality, SvmLegEvidence } from "./verify-leg-types.ts";
import { NATIVE_CURRENCY } from "./vm-types.ts";

/** The SPL Memo program the service tags its SVM fills and refunds with. */
export const SVM_MEMO_PROGRAM = "MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr";
const COMMITMENT_RANK = { processed: 0, confirmed: 1, finalized: 2 } as const;
/** An order id as the service writes it in a memo: 0x and 64 lowercase hex digits. */
const ORDER_ID_IN_TEXT = /0x[0-9a-f]{64}/g;
const utf8 = new TextDecoder();

/** The memo texts of a transaction: Memo-program instructions at top level and run by CPI. */
function memoTexts(evidence: SvmLegEvidence, keys: readonly string[]): string[] {
  const message = parseWireMessage(evidence.transaction.transaction[0]);
  const inner = (evidence.transaction.meta?.innerInstructions ?? []).flatMap((entry) =>
    entry.instructions.map((instruction) => ({
      programIndex: instruction.programIdIndex,
      data: base58.decode(instruction.data),
    })),
  );
  return [...message.instructions, ...inner].flatMap((instruction) =>
    keys[instruction.programIndex] === SVM_MEMO_PROGRAM ? [utf8.decode(instruction.data)] : [],
  );
}

/**
 * Facts of an SVM fill or refund, measured as the service measures them. The id tag: a Memo-program
 * instruction, top level or inner (CPI), whose text contains the order id (case-sensitive). Native
 * paid: the recipient's lamport change; token paid: the change of the recipient's token balance for
 * the mint (its first entry before and after). An SVM fill never attests user calls.
 */
export function svmLegFacts(evidence: SvmLegEvidence, finality: LegFinality): LegFacts {
  const { transaction: tx } = evidence;
  const message = parseWireMessage(tx.transaction[0]);
  const meta = tx.meta;
  const loaded = meta?.loadedAddresses;
  const keys = [...message.staticAccounts, ...(loaded?.writable ?? []), ...(loaded?.readonly ?? [])];
  const memos = memoTexts(evidence, keys);
  const notFinalAt = (asked: LegFinality) => {
    const required = asked.commitment ?? DEFAULT_FINALITY.commitment;
    return COMMITMENT_RANK[evidence.commitment] >= COMMITMENT_RANK[required]
      ? null
      : { expected: required, actual: evidence.commitment };
  };
  const lamportChange = (wallet: string) => {
    const index = keys.indexOf(wallet);
    if (index < 0 || meta === null) return 0n;
    return BigInt(meta.postBalances[index] ?? 0) - BigInt(meta.preBalances[index] ?? 0);
  };
  const tokenChange = (wallet: string, mint: string) => {
    const find = (balances: readonly { owner?: string; mint: string; uiTokenAmount: { amount: string } }[]) =>
      balances.find((balance) => balance.owner === wallet && balance.mint === mint);
    const before = find(meta?.preTokenBalances ?? []);
    const after = find(meta?.postTokenBalances ?? []);
    return BigInt(after?.uiTokenAmount.amount ?? 0) - BigInt(before?.uiTokenAmount.amount ?? 0);
  };
  const nativeCurrency = NATIVE_CURRENCY["solana-vm"];
  const paidIn = (recipient: Hex, currency: Hex) => {
    const wallet = formatOrderAddress(hexToBytes(recipient), "solana-vm");
    const mint = formatOrderAddress(hexToBytes(currency), "solana-vm");
    return mint === nativeCurrency ? lamportChange(wallet) : tokenChange(wallet, mint);
  };
  return {
    txHash: evidence.signature,
    succeeded: meta !== null && meta.err === null,
    notFinal: notFinalAt(finality),
    notFinalAt,
    // The service skips the deadline when the node gives no block time (null, or 0).
    blockTime: tx.blockTime === null || Number(tx.blockTime) === 0 ? null : Number(tx.blockTime),
    carriesOrderId: (orderId) => memos.some((text) => text.includes(orderId)),
    otherOrderIds: (orderId, known) => [
      ...new Set(
        [
          ...memos.flatMap((text) => text.match(ORDER_ID_IN_TEXT) ?? []),
          ...[...known].filter((id) => memos.some((text) => text.includes(id))),
        ].filter((id) => id !== orderId),
      ),
    ],
    received(recipient) {
      const out = new Map<Hex, bigint>();
      if (meta === null) return out;
      const wallet = formatOrderAddress(hexToBytes(recipient), "solana-vm");
      const native = lamportChange(wallet);
      if (native > 0n) out.set(encodeOrderAddress(nativeCurrency, "solana-vm"), native);
      const mints = new Set(
        (meta.postTokenBalances ?? []).filter((b) => b.owner === wallet).map((b) => b.mint),
      );
      for (const mint of mints) {
        const change = tokenChange(wallet, mint);
        if (change > 0n) out.set(encodeOrderAddress(mint, "solana-vm"), change);
      }
      return out;
    },
    paid: ({ recipient, currency }) => (meta === null ? 0n : paidIn(recipient, currency)),
    measuredBy: ({ currency }) =>
      formatOrderAddress(hexToBytes(currency), "solana-vm") === nativeCurrency
        ? "the recipient's lamport change"
        : "the recipient's token balance change for the mint",
    callsExecuted: () => null,
  };
}
