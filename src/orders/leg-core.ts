import { decodeAbiParameters, type Hex } from "viem";
import { describeValue } from "../describe.ts";
import { AttestkitError } from "../errors.ts";
import { orderChainsFromChains } from "./chains.ts";
import { encodeOrder } from "./encode-order.ts";
import type { LegFacts } from "./leg-facts.ts";
import { evmLegFacts } from "./leg-facts-evm.ts";
import { svmLegFacts } from "./leg-facts-svm.ts";
import { fetchEvmLegEvidence, fetchSvmLegEvidence } from "./leg-fetch.ts";
import { legTermsOf, ORDER_LEG_TERMS } from "./leg-terms.ts";
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

/**
 * Chains as the verifiers use them: VM type, (when known) numeric id and the fill contracts a
 * GET /chains response lists (`contracts.router`, `contracts["v3.2"].router`...) per protocol chain id.
 */
type LegChains = {
  vmTypes: ChainVmTypes;
  ids: ReadonlyMap<string, number>;
  routers: ReadonlyMap<string, readonly Hex[]>;
};

/**
 * Every router address a chain's `contracts` block lists: its `…Router` / `router` entries
 * (`erc20Router`), and the `router` of each version block (`contracts["v3.2"].router`).
 */
function routersOf(chain: unknown): Hex[] {
  const contracts = (chain as { contracts?: unknown } | null)?.contracts;
  if (contracts === null || typeof contracts !== "object") return [];
  const isAddress = (value: unknown): value is string =>
    typeof value === "string" && /^0x[0-9a-fA-F]{40}$/.test(value);
  const found = Object.entries(contracts).flatMap(([key, value]) => {
    if (/router$/i.test(key)) return isAddress(value) ? [value] : [];
    const nested = (value as { router?: unknown } | null)?.router;
    return isAddress(nested) ? [nested] : [];
  });
  return [...new Set(found.map((address) => address.toLowerCase() as Hex))];
}

function legChains(chains: unknown): LegChains {
  if (Array.isArray(chains) || (chains !== null && typeof chains === "object" && "chains" in chains)) {
    const list = Array.isArray(chains) ? chains : orderChainsFromChains(chains);
    const routers = new Map<string, Hex[]>();
    if (!Array.isArray(chains)) {
      const raw = (chains as { chains: unknown[] }).chains;
      for (const chain of list) {
        const entry = raw.find((candidate) => (candidate as { id?: unknown } | null)?.id === chain.id);
        routers.set(chain.protocolChainId, routersOf(entry));
      }
    }
    return {
      vmTypes: Object.fromEntries(list.map((chain) => [chain.protocolChainId, chain.vmType])),
      ids: new Map(list.map((chain) => [chain.protocolChainId, chain.id])),
      routers,
    };
  }
  const map = (chains ?? {}) as Record<string, unknown>;
  if (chains === null || typeof chains !== "object" || !Object.values(map).every(isOrderVmType)) {
    throw new TypeError(
      `chains must be a GET /chains response, its orderChainsFromChains result or a chain → VM type map, got ${describeValue(chains)}`,
    );
  }
  return { vmTypes: map as ChainVmTypes, ids: new Map(), routers: new Map() };
}

type LegTerms = ReturnType<typeof legTermsOf>;

/** What the leg-specific checks get: the order, its id, the transaction's facts and the chains. */
export type LegInput = {
  terms: LegTerms;
  order: AnyEncodedOrder;
  orderId: Hex;
  facts: LegFacts;
  vm: LegEvidence["vm"];
  chains: LegChains;
  options: VerifyLegOptions;
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
  if (facts.carriesOrderId(orderId)) record.pass("order id tag", `carries ${orderId}`);
  else {
    record.fail(
      "order id tag",
      "ORDER_ID_TAG_MISSING",
      evidence.vm === "ethereum-vm"
        ? "the transaction's input does not end with the order id: it fills or refunds another order"
        : "no memo of the transaction contains the order id: it fills or refunds another order",
      orderId,
    );
  }
  const others = facts.carriesOrderId(orderId)
    ? facts.otherOrderIds(orderId, options.ledger?.orderIds() ?? [])
    : [];
  if (others.length > 0) {
    record.fail(
      "one order",
      "LEG_TAGGED_FOR_TWO_ORDERS",
      "the transaction is tagged for other orders too: one transfer would count for each of them",
      orderId,
      others.join(" "),
    );
  }
  const countedFor = options.ledger?.countedFor(facts.txHash);
  if (countedFor !== undefined && countedFor.toLowerCase() !== orderId.toLowerCase()) {
    record.fail(
      "one order",
      "LEG_ALREADY_COUNTED",
      "the transaction was already counted for another order",
      orderId,
      countedFor,
    );
  }
  legChecks({
    terms: legTermsOf(encoded),
    order: encoded,
    orderId,
    facts,
    vm: evidence.vm,
    chains,
    options,
    record,
  });
  const verified = result(orderId, facts.txHash);
  if (verified.ok) options.ledger?.count(facts.txHash, orderId);
  return verified;
}

/**
 * Whether the leg's transaction can be on `chainId`: same VM, and on EVM the same numeric id when
 * the chain's is known. An EVM transaction that states no chain id (pre-EIP-155) read without its
 * node's chain id cannot be placed on any chain whose id is known.
 */
export function onChain(input: LegInput, chainId: string): boolean {
  if (input.chains.vmTypes[chainId] !== input.vm) return false;
  const id = input.chains.ids.get(chainId);
  return id === undefined || input.vm !== "ethereum-vm" || id === input.facts.chainId;
}

/** The chain check's failure: a transaction with no chain id, or one on another chain. */
export function failChain(input: LegInput, message: string, expected?: string): void {
  if (input.vm === "ethereum-vm" && input.facts.chainId === undefined && input.chains.ids.size > 0) {
    input.record.fail(
      "chain",
      "TX_CHAIN_UNSTATED",
      "the transaction states no chain id (pre-EIP-155) and was not read from a node that gives one: its chain is unknown",
      expected,
    );
  } else input.record.fail("chain", "LEG_CHAIN_MISMATCH", message, expected);
}

/** The finality check on the leg's chain: the chain's override, else the caller's finality, else the service's defaults. */
export function checkFinality(input: LegInput, chainId: string): void {
  const finality = input.options.finalityByChain?.[chainId] ?? input.options.finality ?? {};
  const notFinal = input.facts.notFinalAt(finality);
  if (notFinal === null) input.record.pass("finality", "final");
  else {
    input.record.fail(
      "finality",
      "TX_NOT_FINAL",
      "the transaction is not final yet",
      notFinal.expected,
      notFinal.actual,
    );
  }
}

/**
 * The fill contracts whose events count for a leg on `chainId`: the one `extraData` names
 * (`abi.encode(address)`; null when it does not decode), or for an order without `extraData` those
 * the caller and the GET /chains response list.
 */
export function fillContractsOf(
  input: LegInput,
  extraData: Hex | null,
  chainId: string,
): readonly Hex[] | null {
  if (extraData !== null) {
    try {
      const [fillContract] = decodeAbiParameters([{ type: "address" }], extraData);
      return [fillContract.toLowerCase() as Hex];
    } catch {
      return null;
    }
  }
  return [
    ...(input.options.fillContracts?.[chainId] ?? []).map((address) => address.toLowerCase() as Hex),
    ...(input.chains.routers.get(chainId) ?? []),
  ];
}

/** The block-time check against a deadline. */
export function checkDeadline(
  input: LegInput,
  deadline: number,
  late: Extract<LegCheckCode, "FILL_LATE" | "REFUND_LATE">,
): void {
  const { blockTime } = input.facts;
  // As the service: a chain that gives no block time (SVM) leaves the deadline unchecked.
  if (blockTime === null) input.record.pass("deadline", `no block time: deadline ${deadline} not checked`);
  else if (blockTime > deadline) {
    input.record.fail(
      "deadline",
      late,
      "the transaction's block time is after the order's deadline",
      `<= ${deadline}`,
      blockTime,
    );
  } else input.record.pass("deadline", `block time ${blockTime} <= deadline ${deadline}`);
}
