/**
 * Both legs of one request, checked from outside. The service names the request, its order and
 * its transactions; everything else comes from the order and the chains, never from the listing:
 * the order (its id recomputed from the order data, any version, against the id the service
 * lists), the deposit (read on the order's input chain: found, succeeded, final, and what the
 * depository's own events or instructions deposited under the order id), and the fill or refund
 * (read on the order's output or refund chain, then `verifyOrderFill` / `verifyOrderRefund`; a
 * refund's floor follows the deposit only when that deposit was measured under the order id).
 * An EVM leg must be signed for its chain: a transaction stating no chain id (pre-EIP-155) is
 * valid on every chain and fails the chain check. Reads only the service's public endpoints and
 * the chains' RPC (`chains.ts`).
 */
import type { Hex } from "viem";
import { AttestkitError } from "../errors.ts";
import { encodeOrder } from "../orders/encode-order.ts";
import type { AnyEncodedOrder, OrderChain } from "../orders/index.ts";
import type { LegFacts } from "../orders/leg-facts.ts";
import { evmLegFacts } from "../orders/leg-facts-evm.ts";
import { svmLegFacts } from "../orders/leg-facts-svm.ts";
import { fetchEvmLegEvidence, fetchSvmLegEvidence } from "../orders/leg-fetch.ts";
import { legTermsOf } from "../orders/leg-terms.ts";
import { hashEncodedOrder } from "../orders/order-id.ts";
import { type QuoteTerms, quoteTermsOf } from "../orders/quote-terms.ts";
import { ORDER_VERSIONS } from "../orders/typed-data.ts";
import { verifyOrderFill } from "../orders/verify-fill.ts";
import type { LegCheck, LegCheckCode, LegCheckFailure, LegEvidence } from "../orders/verify-leg-types.ts";
import { verifyOrderRefund } from "../orders/verify-refund.ts";
import { type ChainReaders, chainReaders } from "./chains.ts";
import { evmDeposits, type MeasuredDeposit, svmDeposits } from "./deposit.ts";
import { errorLine, VerifyConnectionError, VerifyUsageError } from "./errors.ts";

export { VerifyConnectionError, VerifyUsageError } from "./errors.ts";

/**
 * Why a leg fails: the leg verifiers' codes, and the deposit's own: the transaction deposits nothing
 * into the depository under the order id, or only in another currency than the order's input.
 */
export type RequestCheckCode = LegCheckCode | "DEPOSIT_NOT_UNDER_ORDER_ID" | "DEPOSIT_CURRENCY_MISMATCH";

export type RequestCheckFailure = Omit<LegCheckFailure, "code"> & { code: RequestCheckCode };

/** One leg as `attestkit verify` prints it; `chainId` is the chain it was read on (the order's). */
export type LegReport = {
  leg: "order" | "deposit" | "fill" | "refund";
  chainId: number | null;
  txHash: string | null;
  ok: boolean;
  checks: LegCheck[];
  failures: RequestCheckFailure[];
};

export type RequestReport = {
  requestId: string;
  orderId: string | null;
  status: string;
  ok: boolean;
  legs: LegReport[];
};

export type VerifyTarget = {
  serviceUrl: string;
  /** Sent as `x-api-key` (GET /requests/v3 needs one). */
  apiKey: string;
  /** JSON-RPC URL per numeric chain id, before the `httpRpcUrl` GET /chains lists. */
  rpcUrls: ReadonlyMap<number, string>;
  /** The order data, when the service does not return it (the quote's protocol.v2 kept by the caller). */
  order?: unknown;
  finality: { confirmations?: number; commitment?: "confirmed" | "finalized" };
};

type Tx = { txHash: string; chainId: number; type: string };
type ListedRequest = {
  id: string;
  status: string;
  orderId?: string | null;
  data: { inTxs: Tx[]; outTxs: Tx[] };
};

async function getJson(url: string, apiKey?: string): Promise<unknown> {
  let response: Response;
  try {
    response = await fetch(url, apiKey === undefined ? {} : { headers: { "x-api-key": apiKey } });
  } catch (error) {
    throw new VerifyConnectionError(`cannot reach ${url}: ${errorLine(error)}`);
  }
  if (!response.ok) throw new VerifyConnectionError(`${url} answered ${response.status}`);
  try {
    return await response.json();
  } catch (error) {
    throw new VerifyConnectionError(`${url} answered no JSON: ${errorLine(error)}`);
  }
}

/** The request `idOrHash` names: a request id, or a hash of one of its transactions. */
async function findRequest(serviceUrl: string, apiKey: string, idOrHash: string): Promise<ListedRequest> {
  for (const query of [`id=${idOrHash}`, `term=${idOrHash}`]) {
    if (query.startsWith("id=") && !/^0x[0-9a-fA-F]{64}$/.test(idOrHash)) continue;
    const page = (await getJson(`${serviceUrl}/requests/v3?${query}`, apiKey)) as {
      requests?: ListedRequest[];
    };
    const found = page.requests ?? [];
    if (found.length === 1) return found[0] as ListedRequest;
    if (found.length > 1)
      throw new VerifyUsageError(`${idOrHash} names ${found.length} requests; pass a request id`);
  }
  throw new VerifyUsageError(`no request with id or transaction ${idOrHash} at ${serviceUrl}`);
}

/** Collects a leg's checks and its failures, in the order made. */
class LegRecord {
  readonly checks: LegCheck[] = [];
  readonly failures: RequestCheckFailure[] = [];

  add(check: string, ok: boolean, detail: string, code: RequestCheckCode, expected?: string): void {
    this.checks.push({ check, ok, detail });
    if (!ok) this.failures.push({ code, message: detail, ...(expected === undefined ? {} : { expected }) });
  }

  report(leg: LegReport["leg"], chainId: number | null, txHash: string | null): LegReport {
    return {
      leg,
      chainId,
      txHash,
      ok: this.failures.length === 0,
      checks: this.checks,
      failures: this.failures,
    };
  }
}

/** A leg that fails one check before any transaction is read. */
function failedLeg(
  leg: LegReport["leg"],
  tx: Tx | null,
  chainId: number | null,
  check: string,
  code: RequestCheckCode,
  detail: string,
): LegReport {
  const record = new LegRecord();
  record.add(check, false, detail, code);
  return record.report(leg, chainId, tx?.txHash ?? null);
}

const describeChain = (chain: OrderChain) => `${chain.protocolChainId} (${chain.id})`;

/** The order leg: the order data encodes (any version) and its id is the one the service lists. */
function orderLeg(
  order: unknown,
  chains: readonly OrderChain[],
  listedId: string | null,
): { leg: LegReport; encoded: AnyEncodedOrder | null; id: Hex | null } {
  const vmTypes = Object.fromEntries(chains.map((chain) => [chain.protocolChainId, chain.vmType]));
  let encoded: AnyEncodedOrder;
  try {
    encoded = encodeOrder(order, vmTypes, { versions: ORDER_VERSIONS });
  } catch (error) {
    if (!(error instanceof AttestkitError)) throw error;
    const leg = failedLeg(
      "order",
      null,
      null,
      "order",
      "ORDER_UNENCODABLE",
      `the order cannot be encoded: ${error.message}`,
    );
    return { leg, encoded: null, id: null };
  }
  const id = hashEncodedOrder(encoded);
  const record = new LegRecord();
  const same = listedId !== null && id === listedId.toLowerCase();
  record.add(
    "order id",
    same,
    same
      ? `${id} = the request's order id (${encoded.version})`
      : `the order data hashes to ${id}, the service lists ${listedId}`,
    "ORDER_ID_MISMATCH",
  );
  return { leg: record.report("order", null, null), encoded, id };
}

/**
 * The chain a leg is read on: the order's one chain for it, or, where the order allows several
 * (v1 inputs and refunds), the one the service lists if it is among them; null when it is not.
 */
function legChain(readers: ChainReaders, allowed: readonly string[], listed: Tx): OrderChain | null {
  const chains = [...new Set(allowed)].map((id) => readers.chain(id));
  if (chains.length === 1) return chains[0] as OrderChain;
  return chains.find((chain) => chain.id === listed.chainId) ?? null;
}

function chainMismatch(leg: LegReport["leg"], listed: Tx, allowed: readonly string[], readers: ChainReaders) {
  const names = [...new Set(allowed)].map((id) => describeChain(readers.chain(id))).join(", ");
  return failedLeg(
    leg,
    listed,
    listed.chainId,
    "chain",
    "LEG_CHAIN_MISMATCH",
    `the service lists the ${leg} on chain ${listed.chainId}, not one of the order's: ${names}`,
  );
}

/** The transaction `txHash` read on `chain`, or null when the chain does not have it. */
async function evidenceOn(
  readers: ChainReaders,
  chain: OrderChain,
  txHash: string,
): Promise<LegEvidence | null> {
  if (chain.vmType === "ethereum-vm") {
    const client = await readers.evm(chain);
    return readers.read(chain, () => fetchEvmLegEvidence(client, txHash as Hex));
  }
  if (chain.vmType === "solana-vm")
    return readers.read(chain, () => fetchSvmLegEvidence(readers.svm(chain), txHash));
  throw new VerifyUsageError(
    `chain ${describeChain(chain)} is a ${chain.vmType} chain: attestkit verify reads EVM and SVM chains`,
  );
}

/** Why `txHash` cannot name a transaction on `chain`, or null when it can. */
function malformedHash(chain: OrderChain, txHash: string): string | null {
  if (chain.vmType === "ethereum-vm" && !/^0x[0-9a-fA-F]{64}$/.test(txHash))
    return `the service lists ${JSON.stringify(txHash.slice(0, 100))}, not an EVM transaction hash`;
  if (chain.vmType === "solana-vm" && !/^[1-9A-HJ-NP-Za-km-z]{64,88}$/.test(txHash))
    return `the service lists ${JSON.stringify(txHash.slice(0, 100))}, not an SVM signature`;
  return null;
}

/**
 * Reads the listed transaction on `chain`: the evidence, or the failed leg (a malformed hash, a
 * transaction the chain does not have).
 */
async function readLeg(
  readers: ChainReaders,
  leg: LegReport["leg"],
  chain: OrderChain,
  tx: Tx,
): Promise<LegEvidence | LegReport> {
  const malformed = malformedHash(chain, tx.txHash);
  if (malformed !== null) return failedLeg(leg, tx, chain.id, "transaction", "TX_MALFORMED", malformed);
  const evidence = await evidenceOn(readers, chain, tx.txHash);
  if (evidence !== null) return evidence;
  return failedLeg(
    leg,
    tx,
    chain.id,
    "transaction",
    "TX_NOT_FOUND",
    `transaction ${tx.txHash} is not on chain ${describeChain(chain)}, the order's ${leg} chain`,
  );
}

/** EVM: the transaction must be signed for `chain` (a pre-EIP-155 one states no chain and holds on all). */
function signedChainCheck(evidence: LegEvidence, chain: OrderChain, record: LegRecord): void {
  if (evidence.vm !== "ethereum-vm") return;
  const signedFor = evidence.transaction.chainId;
  if (signedFor === chain.id)
    record.add("chain id", true, `signed for chain ${chain.id}`, "LEG_CHAIN_MISMATCH");
  else
    record.add(
      "chain id",
      false,
      signedFor === undefined
        ? "the transaction states no chain id (pre-EIP-155): its signature holds on every chain"
        : `the transaction is signed for chain ${signedFor}, not ${chain.id}`,
      "LEG_CHAIN_MISMATCH",
      String(chain.id),
    );
}

/**
 * The deposit leg, read on the order's input chain: found, succeeded, final, signed for the chain,
 * and what the depository's own events (EVM) or instructions (SVM) deposited under the order id in
 * the order's input currency. `deposited` only when a deposit under the id was measured.
 */
async function depositLeg(
  target: VerifyTarget,
  readers: ChainReaders,
  terms: QuoteTerms,
  orderId: Hex,
  tx: Tx,
): Promise<{ leg: LegReport; deposited?: bigint }> {
  const allowed = terms.inputs.map((input) => input.chainId);
  const chain = legChain(readers, allowed, tx);
  if (chain === null) return { leg: chainMismatch("deposit", tx, allowed, readers) };
  const evidence = await readLeg(readers, "deposit", chain, tx);
  if (!("vm" in evidence)) return { leg: evidence };
  const record = new LegRecord();
  const report = () => record.report("deposit", chain.id, tx.txHash);
  let facts: LegFacts;
  try {
    facts =
      evidence.vm === "ethereum-vm"
        ? evmLegFacts(evidence, target.finality)
        : svmLegFacts(evidence, target.finality);
  } catch (error) {
    if (!(error instanceof RangeError)) throw error;
    record.add("transaction", false, `cannot be read: ${error.message}`, "TX_MALFORMED");
    return { leg: report() };
  }
  record.add("transaction", facts.succeeded, facts.succeeded ? "succeeded" : "failed", "TX_FAILED");
  record.add(
    "finality",
    facts.notFinal === null,
    facts.notFinal === null ? "final" : `not final (${facts.notFinal.actual})`,
    "TX_NOT_FINAL",
  );
  signedChainCheck(evidence, chain, record);
  if (!facts.succeeded) return { leg: report() };
  const deposits: MeasuredDeposit[] =
    evidence.vm === "ethereum-vm"
      ? await readers.read(chain, async () =>
          evmDeposits(await readers.evm(chain), evidence.transaction.hash, chain.depository),
        )
      : await readers.read(chain, () => svmDeposits(evidence, chain.depository));
  const id = orderId.toLowerCase();
  const underId = deposits.filter((deposit) => deposit.orderId === id);
  if (underId.length === 0) {
    const others = [...new Set(deposits.map((deposit) => deposit.orderId))];
    record.add(
      "order id",
      false,
      `the transaction deposits nothing into the depository ${chain.depository} under the order id${
        others.length === 0 ? "" : ` (it deposits under ${others.join(", ")})`
      }`,
      "DEPOSIT_NOT_UNDER_ORDER_ID",
      id,
    );
    return { leg: report() };
  }
  record.add("order id", true, `the depository's deposit names ${id}`, "DEPOSIT_NOT_UNDER_ORDER_ID");
  const input = terms.inputs.find(
    (entry) => entry.chainId === chain.protocolChainId,
  ) as QuoteTerms["inputs"][number];
  const inCurrency = underId.filter((deposit) => deposit.currency === input.currency);
  if (inCurrency.length === 0) {
    record.add(
      "currency",
      false,
      `the deposit under the order id is in ${underId.map((deposit) => deposit.currency).join(", ")}, not the order's input ${input.currency}`,
      "DEPOSIT_CURRENCY_MISMATCH",
      input.currency,
    );
    return { leg: report() };
  }
  const deposited = inCurrency.reduce((sum, deposit) => sum + deposit.amount, 0n);
  // What arrived is shown, not judged: a short deposit is refunded, and the refund leg answers for it.
  record.add(
    "amount",
    true,
    `deposited ${deposited} of ${input.currency} under the order id (order input ${input.amount})`,
    "DEPOSIT_NOT_UNDER_ORDER_ID",
  );
  return { leg: report(), deposited };
}

/**
 * The fill or refund leg, read on the order's output chain (fill) or a refund chain (refund), and
 * checked by `verifyOrderFill` / `verifyOrderRefund` (with the measured deposit, if any).
 */
async function outLeg(
  target: VerifyTarget,
  readers: ChainReaders,
  order: unknown,
  encoded: AnyEncodedOrder,
  tx: Tx,
  deposited: bigint | undefined,
): Promise<LegReport> {
  const leg = tx.type === "fill" ? "fill" : "refund";
  const terms = legTermsOf(encoded);
  const allowed = leg === "fill" ? [terms.fill().chainId] : terms.refunds().map((refund) => refund.chainId);
  const chain = legChain(readers, allowed, tx);
  if (chain === null) return chainMismatch(leg, tx, allowed, readers);
  const evidence = await readLeg(readers, leg, chain, tx);
  if (!("vm" in evidence)) return evidence;
  const options = { chains: readers.chains, finality: target.finality };
  const verdict =
    leg === "fill"
      ? await verifyOrderFill(order, evidence, options)
      : await verifyOrderRefund(order, evidence, {
          ...options,
          ...(deposited === undefined ? {} : { deposited }),
        });
  const record = new LegRecord();
  record.checks.push(...verdict.checks);
  record.failures.push(...verdict.failures);
  signedChainCheck(evidence, chain, record);
  return record.report(leg, chain.id, tx.txHash);
}

/** Checks every leg of the request `idOrHash` names. */
export async function verifyRequest(target: VerifyTarget, idOrHash: string): Promise<RequestReport> {
  const serviceUrl = target.serviceUrl.replace(/\/+$/, "");
  const request = await findRequest(serviceUrl, target.apiKey, idOrHash);
  const readers = chainReaders(await getJson(`${serviceUrl}/chains`), target.rpcUrls);
  const status = (await getJson(`${serviceUrl}/intents/status/v3?requestId=${request.id}`)) as {
    orderData?: unknown;
  };
  const order = target.order ?? status.orderData;
  const listedId = request.orderId ?? null;
  if (order === undefined) {
    throw new VerifyUsageError(
      `request ${request.id} has no order the service returns; pass --order <file> with its quote's protocol.v2`,
    );
  }
  const ordered = orderLeg(order, readers.chains, listedId);
  const legs: LegReport[] = [ordered.leg];
  const deposit = request.data.inTxs.find((tx) => tx.type === "deposit") ?? null;
  const out = request.data.outTxs.find((tx) => tx.type === "fill" || tx.type === "refund") ?? null;
  const outName = out?.type === "refund" ? "refund" : "fill";
  if (ordered.encoded === null || ordered.id === null) {
    const detail = "not checked: the order cannot be encoded";
    legs.push(
      failedLeg("deposit", deposit, null, "order", "ORDER_UNENCODABLE", detail),
      failedLeg(outName, out, null, "order", "ORDER_UNENCODABLE", detail),
    );
  } else {
    let deposited: bigint | undefined;
    if (deposit === null) {
      legs.push(failedLeg("deposit", null, null, "deposit", "TX_NOT_FOUND", "the service lists no deposit"));
    } else {
      const checked = await depositLeg(target, readers, quoteTermsOf(ordered.encoded), ordered.id, deposit);
      legs.push(checked.leg);
      deposited = checked.deposited;
    }
    legs.push(
      out === null
        ? failedLeg(
            "fill",
            null,
            null,
            "fill",
            "TX_NOT_FOUND",
            `the service lists no fill or refund (status ${request.status})`,
          )
        : await outLeg(target, readers, order, ordered.encoded, out, deposited),
    );
  }
  return {
    requestId: request.id,
    orderId: listedId,
    status: request.status,
    ok: legs.every((leg) => leg.ok),
    legs,
  };
}
