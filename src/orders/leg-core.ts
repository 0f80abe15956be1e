import type { Hex } from "viem";
import { describeValue } from "../describe.ts";
import { AttestkitError } from "../errors.ts";
import { orderChainsFromChains } from "./chains.ts";
import { encodeOrder } from "./encode-order.ts";
import type { LegFacts } from "./leg-facts.ts";
import { evmLegFacts } from "./leg-facts-evm.ts";
import { svmLegFacts } from "./leg-facts-svm.ts";
import { fetchEvmLegEvidence, fetchSvmLegEvidence } from "./leg-fetch.ts";
import { type FillTerms, legTermsOf, ORDER_LEG_TERMS, type RefundTerms } from "./leg-terms.ts";
import { hashEncodedOrder } from "./order-id.ts";
import { ORDER_VERSIONS } from "./typed-data.ts";
import type { AnyEncodedOrder } from "./types.ts";
import type {
  LegCheck,
  LegCheckCode,
  LegCheckFailure,
  LegEvidence,
  LegSource,
  LegVerification,
  VerifyLegOptions,
} from "./verify-leg-types.ts";
import { type ChainVmTypes, isOrderVmType } from "./vm-types.ts";

/** Records each check made, and each failure in the order found (root cause first). */
export class LegRecorder {
  readonly failures: LegCheckFailure[] = [];
  readonly checks: LegCheck[] = [];

  /** A check that held. */
  pass(check: string, detail: string): void {
    this.checks.push({ check, ok: true, detail });
  }

  /** A check that failed, with its typed reason. */
  fail(check: string, code: LegCheckCode, message: string, expected?: unknown, actual?: unknown): void {
    this.checks.push({ check, ok: false, detail: message });
    this.failures.push({
      code,
      message,
      ...(expected === undefined ? {} : { expected: String(expected) }),
      ...(actual === undefined ? {} : { actual: String(actual) }),
    });
  }
}

/** Chains as the verifiers use them: VM type and (when known) numeric id per protocol chain id. */
type LegChains = { vmTypes: ChainVmTypes; ids: ReadonlyMap<string, number> };

function legChains(chains: unknown): LegChains {
  if (Array.isArray(chains) || (chains !== null && typeof chains === "object" && "chains" in chains)) {
    const list = Array.isArray(chains) ? chains : orderChainsFromChains(chains);
    return {
      vmTypes: Object.fromEntries(list.map((chain) => [chain.protocolChainId, chain.vmType])),
      ids: new Map(list.map((chain) => [chain.protocolChainId, chain.id])),
    };
  }
  const map = (chains ?? {}) as Record<string, unknown>;
  if (chains === null || typeof chains !== "object" || !Object.values(map).every(isOrderVmType)) {
    throw new TypeError(
      `chains must be a GET /chains response, its orderChainsFromChains result or a chain → VM type map, got ${describeValue(chains)}`,
    );
  }
  return { vmTypes: map as ChainVmTypes, ids: new Map() };
}

type LegTerms = { fill(): FillTerms; refunds(): RefundTerms[] };

/** What the leg-specific checks get: the order, its id, the transaction's facts and the chains. */
export type LegInput = {
  terms: LegTerms;
  order: AnyEncodedOrder;
  orderId: Hex;
  facts: LegFacts;
  vm: LegEvidence["vm"];
  chains: LegChains;
  record: LegRecorder;
};

const sourceHash = (source: LegSource) =>
  source.vm === "ethereum-vm" ? ("hash" in source ? source.hash : source.transaction.hash) : source.signature;

async function evidenceOf(source: LegSource): Promise<LegEvidence | null> {
  if ("client" in source) return fetchEvmLegEvidence(source.client, source.hash);
  if ("rpc" in source) return fetchSvmLegEvidence(source.rpc, source.signature);
  return source;
}

/**
 * The checks both legs share, in root-cause order: the order encodes (its id recomputed), the
 * transaction exists, succeeded, is final and carries the order id; then `legChecks` (chain, time,
 * amounts) for the leg itself. Throws only for a malformed `chains`.
 */
export async function verifyLeg(
  leg: LegVerification["leg"],
  order: unknown,
  source: LegSource,
  options: VerifyLegOptions,
  legChecks: (input: LegInput) => void,
): Promise<LegVerification> {
  const chains = legChains(options.chains);
  const record = new LegRecorder();
  const result = (orderId: Hex | null, txHash: string): LegVerification => ({
    ok: record.failures.length === 0,
    leg,
    orderId,
    txHash,
    failures: record.failures,
    checks: record.checks,
  });
  let encoded: AnyEncodedOrder;
  try {
    encoded = encodeOrder(order, chains.vmTypes, { versions: ORDER_VERSIONS });
  } catch (error) {
    if (!(error instanceof AttestkitError)) throw error;
    record.fail(
      "order",
      "ORDER_UNENCODABLE",
      `the order cannot be encoded: ${error.message}`,
      undefined,
      error.code,
    );
    return result(null, sourceHash(source));
  }
  const orderId = hashEncodedOrder(encoded);
  if (!Object.hasOwn(ORDER_LEG_TERMS, encoded.version)) {
    record.fail(
      "order",
      "ORDER_UNENCODABLE",
      `order version ${encoded.version} states no fill or refund terms`,
    );
    return result(orderId, sourceHash(source));
  }
  record.pass("order", `order ${orderId}`);
  const evidence = await evidenceOf(source);
  if (evidence === null) {
    record.fail("transaction", "TX_NOT_FOUND", `transaction ${sourceHash(source)} is not on the chain`);
    return result(orderId, sourceHash(source));
  }
  const finality = options.finality ?? {};
  let facts: LegFacts;
  try {
    facts = evidence.vm === "ethereum-vm" ? evmLegFacts(evidence, finality) : svmLegFacts(evidence, finality);
  } catch (error) {
    if (!(error instanceof RangeError)) throw error;
    record.fail(
      "transaction",
      "TX_MALFORMED",
      `transaction ${sourceHash(source)} cannot be read: ${error.message}`,
    );
    return result(orderId, sourceHash(source));
  }
  if (!facts.succeeded) {
    record.fail("transaction", "TX_FAILED", `transaction ${facts.txHash} failed: it moved nothing`);
    return result(orderId, facts.txHash);
  }
  record.pass("transaction", `${facts.txHash} succeeded`);
  if (facts.notFinal === null) record.pass("finality", "final");
  else {
    record.fail(
      "finality",
      "TX_NOT_FINAL",
      "the transaction is not final yet",
      facts.notFinal.expected,
      facts.notFinal.actual,
    );
  }
  if (facts.carriesOrderId(orderId)) record.pass("order id tag", `carries ${orderId}`);
  else {
    record.fail(
      "order id tag",
      "ORDER_ID_TAG_MISSING",
      evidence.vm === "ethereum-vm"
        ? "the transaction's input does not end with the order id: it fills or refunds another order"
        : "no top-level memo of the transaction is the order id: it fills or refunds another order",
      orderId,
    );
  }
  legChecks({
    terms: legTermsOf(encoded),
    order: encoded,
    orderId,
    facts,
    vm: evidence.vm,
    chains,
    record,
  });
  return result(orderId, facts.txHash);
}

/** Whether the leg's transaction can be on `chainId`: same VM, and the same numeric id when both are known. */
export function onChain(input: LegInput, chainId: string): boolean {
  if (input.chains.vmTypes[chainId] !== input.vm) return false;
  const id = input.chains.ids.get(chainId);
  return id === undefined || input.facts.chainId === undefined || id === input.facts.chainId;
}

/** The block-time check against a deadline. */
export function checkDeadline(
  input: LegInput,
  deadline: number,
  late: Extract<LegCheckCode, "FILL_LATE" | "REFUND_LATE">,
): void {
  const { blockTime } = input.facts;
  if (blockTime === null) {
    input.record.fail(
      "deadline",
      "BLOCK_TIME_UNKNOWN",
      "the chain gives no block time for the transaction",
      `<= ${deadline}`,
    );
  } else if (blockTime > deadline) {
    input.record.fail(
      "deadline",
      late,
      "the transaction's block time is after the order's deadline",
      `<= ${deadline}`,
      blockTime,
    );
  } else input.record.pass("deadline", `block time ${blockTime} <= deadline ${deadline}`);
}
