import { bytesToHex, type Hex, hexToBytes } from "viem";
import { svmCredits } from "../credit/svm.ts";
import { encodeOrderAddress, formatOrderAddress } from "./address/index.ts";
import { inOrder, type LegFacts } from "./leg-facts.ts";
import { parseWireMessage } from "./svm-wire.ts";
import type { LegFinality, SvmLegEvidence } from "./verify-leg-types.ts";
import { NATIVE_CURRENCY } from "./vm-types.ts";

/** The SPL Memo program the service tags its SVM fills and refunds with. */
export const SVM_MEMO_PROGRAM = "MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr";
const COMMITMENT_RANK = { processed: 0, confirmed: 1, finalized: 2 } as const;
const utf8 = new TextDecoder();

/**
 * Facts of an SVM fill or refund. The id tag is a top-level Memo instruction whose text is the order
 * id (0x hex), as the mock tags them. Received is the recipient's own lamport change (native) and
 * the change of the token accounts it owns before and after, per mint (`svmCredits`).
 */
export function svmLegFacts(evidence: SvmLegEvidence, finality: LegFinality): LegFacts {
  const { transaction: tx } = evidence;
  const required = finality.commitment ?? "confirmed";
  const final = COMMITMENT_RANK[evidence.commitment] >= COMMITMENT_RANK[required];
  const message = parseWireMessage(tx.transaction[0]);
  const loaded = tx.meta?.loadedAddresses;
  const keys = [...message.staticAccounts, ...(loaded?.writable ?? []), ...(loaded?.readonly ?? [])];
  const memos = message.instructions.flatMap((instruction) =>
    keys[instruction.programIndex] === SVM_MEMO_PROGRAM ? [utf8.decode(instruction.data).toLowerCase()] : [],
  );
  const native = encodeOrderAddress(NATIVE_CURRENCY["solana-vm"], "solana-vm");
  const meta = tx.meta;
  return {
    txHash: evidence.signature,
    succeeded: meta !== null && meta.err === null,
    notFinal: final ? null : { expected: required, actual: evidence.commitment },
    blockTime: tx.blockTime === null ? null : Number(tx.blockTime),
    carriesOrderId: (orderId) => memos.includes(orderId.toLowerCase()),
    received(recipient) {
      const out = new Map<Hex, bigint>();
      if (meta === null) return out;
      const wallet = formatOrderAddress(hexToBytes(recipient), "solana-vm");
      const credits = svmCredits({ ...meta, accountKeys: keys }, { wallet }, NATIVE_CURRENCY["solana-vm"]);
      for (const credit of credits) {
        const currency =
          credit.currency === NATIVE_CURRENCY["solana-vm"]
            ? native
            : encodeOrderAddress(credit.currency, "solana-vm");
        out.set(currency, credit.amount);
      }
      return out;
    },
    carriesCalls: (calls) =>
      inOrder(
        message.instructions.map((instruction) => bytesToHex(instruction.data)),
        calls.map((call) => call.toLowerCase() as Hex),
        (a, b) => a === b,
      ),
  };
}
