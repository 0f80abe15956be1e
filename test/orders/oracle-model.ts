/**
 * An executable statement of the service's fill and refund rules, written from the facts (the
 * service's oracle at v0.0.4 and its docs), kept deliberately plain and independent of the
 * verifiers: legs here are descriptions (who was paid what, which events, which memos), not
 * receipts, and nothing is imported from src/orders. The differential test turns each generated
 * description into the receipt or transaction a node would return and asks the verifiers.
 */

/** The service's finality: at least 10 blocks on top and 60 s since the block (EVM), finalized (SVM). */
export const MODEL_FINALITY = { blocks: 10, seconds: 60 };

/** An event of an EVM leg, as the model reads it. */
export type ModelEvmEvent =
  | { kind: "token-transfer"; token: string; from: string; to: string; amount: bigint }
  | { kind: "native-transfer"; emitter: string; to: string; amount: bigint }
  | {
      kind: "call-executed";
      emitter: string;
      to: string;
      data: string;
      amount: bigint;
      router: "3.1" | "3.2";
    };

/** An EVM transaction, described. */
export type ModelEvmLeg = {
  succeeded: boolean;
  blocksOnTop: number;
  secondsOnTop: number;
  blockTime: number;
  to: string;
  input: string;
  value: bigint;
  events: ModelEvmEvent[];
};

/** One payment the service checks: who, in what (the zero address for native ETH), at least how much. */
export type ModelPayment = { recipient: string; currency: string; minimum: bigint };

/** A fill as the order states it. */
export type ModelEvmFillTerms = {
  orderId: string;
  deadline: number;
  /** The fill contract `extraData` names, or null when it names none readable. */
  fillContract: string | null;
  payments: ModelPayment[];
  calls: readonly { to: string; data: string; value: bigint }[];
};

const ZERO = "0x0000000000000000000000000000000000000000";
const lower = (value: string) => value.toLowerCase();

/** What the service counts as paid to `payment.recipient`, or null when it throws (no fill contract). */
export function modelEvmPaid(
  leg: ModelEvmLeg,
  orderId: string,
  fillContract: string | null,
  payment: Omit<ModelPayment, "minimum">,
) {
  if (lower(payment.currency) !== ZERO) {
    let sum = 0n;
    for (const event of leg.events) {
      if (event.kind !== "token-transfer") continue;
      if (lower(event.token) === lower(payment.currency) && lower(event.to) === lower(payment.recipient)) {
        sum += event.amount;
      }
    }
    return sum;
  }
  if (lower(leg.to) === lower(payment.recipient) && lower(leg.input).startsWith(lower(orderId)))
    return leg.value;
  if (fillContract === null) return null;
  let sum = 0n;
  for (const event of leg.events) {
    if (event.kind !== "native-transfer") continue;
    if (lower(event.emitter) === lower(fillContract) && lower(event.to) === lower(payment.recipient)) {
      sum += event.amount;
    }
  }
  return sum;
}

/** The checks every EVM leg passes first: success, finality, deadline, the id at the end of the input. */
function modelEvmLegHolds(leg: ModelEvmLeg, orderId: string, deadline: number): boolean {
  if (!leg.succeeded) return false;
  if (leg.blocksOnTop < MODEL_FINALITY.blocks || leg.secondsOnTop < MODEL_FINALITY.seconds) return false;
  if (leg.blockTime > deadline) return false;
  return lower(leg.input).endsWith(lower(orderId).slice(2));
}

/** Whether the service attests `leg` as the fill of an EVM output. */
export function modelAttestsEvmFill(terms: ModelEvmFillTerms, leg: ModelEvmLeg): boolean {
  if (!modelEvmLegHolds(leg, terms.orderId, terms.deadline)) return false;
  for (const payment of terms.payments) {
    const paid = modelEvmPaid(leg, terms.orderId, terms.fillContract, payment);
    if (paid === null || paid < payment.minimum) return false;
  }
  if (terms.calls.length === 0) return true;
  if (terms.fillContract === null) return false;
  const executed = leg.events.filter(
    (event): event is Extract<ModelEvmEvent, { kind: "call-executed" }> =>
      event.kind === "call-executed" && lower(event.emitter) === lower(terms.fillContract as string),
  );
  let next = 0;
  for (const call of terms.calls) {
    let found = -1;
    for (let i = next; i < executed.length; i++) {
      const event = executed[i] as (typeof executed)[number];
      if (
        lower(event.to) === lower(call.to) &&
        lower(event.data) === lower(call.data) &&
        event.amount === call.value
      ) {
        found = i;
        break;
      }
    }
    if (found < 0) return false;
    next = found + 1;
  }
  return true;
}

/** The refund floor: minimum + minimum·bpsDiff/1e18, bpsDiff the deposit's relative difference in 1e18 units (both truncating). */
export function modelRefundFloor(minimum: bigint, inputAmount: bigint, deposited: bigint): bigint {
  const bpsDiff = ((deposited - inputAmount) * 10n ** 18n) / inputAmount;
  return minimum + (minimum * bpsDiff) / 10n ** 18n;
}

/** A refund option as the order states it (recipient the zero address: the depositor). */
export type ModelRefundTerms = {
  orderId: string;
  deadline: number;
  recipient: string;
  currency: string;
  minimum: bigint;
  inputAmount: bigint;
  deposited: bigint;
  depositor: string;
  fillContract: string | null;
};

/** Whether the service attests `leg` as the refund of a one-input order with one refund option. */
export function modelAttestsEvmRefund(terms: ModelRefundTerms, leg: ModelEvmLeg): boolean {
  if (!modelEvmLegHolds(leg, terms.orderId, terms.deadline)) return false;
  const recipient = lower(terms.recipient) === ZERO ? terms.depositor : terms.recipient;
  const paid = modelEvmPaid(leg, terms.orderId, terms.fillContract, { recipient, currency: terms.currency });
  return paid !== null && paid >= modelRefundFloor(terms.minimum, terms.inputAmount, terms.deposited);
}

/** An SVM transaction, described: memo texts (top level and inner), lamport and token changes. */
export type ModelSvmLeg = {
  failed: boolean;
  commitment: "confirmed" | "finalized";
  blockTime: number | null;
  memos: string[];
  /** The recipient's lamports before and after. */
  lamports: [bigint, bigint];
  /** The recipient's token balance of the mint before (null: no account yet) and after. */
  tokens: [bigint | null, bigint];
};

/** Whether the service attests `leg` as the fill paying `minimum` (SOL or the mint) to the recipient. */
export function modelAttestsSvmFill(
  terms: {
    orderId: string;
    deadline: number;
    currency: "native" | "token";
    minimum: bigint;
    hasCalls: boolean;
  },
  leg: ModelSvmLeg,
): boolean {
  if (leg.failed || leg.commitment !== "finalized") return false;
  if (leg.blockTime !== null && leg.blockTime !== 0 && leg.blockTime > terms.deadline) return false;
  if (!leg.memos.some((text) => text.includes(terms.orderId))) return false;
  const paid =
    terms.currency === "native" ? leg.lamports[1] - leg.lamports[0] : leg.tokens[1] - (leg.tokens[0] ?? 0n);
  if (paid < terms.minimum) return false;
  // The service does not attest user calls on SVM.
  return !terms.hasCalls;
}
