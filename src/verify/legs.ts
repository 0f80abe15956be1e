/**
 * Both legs of one request, checked from outside: the order (its id recomputed from the order
 * data, against the id the service lists), the deposit (found, succeeded, final; on EVM what the
 * depository received), and the fill or refund (`verifyOrderFill` / `verifyOrderRefund` over the
 * chain's RPC). Reads only the service's public endpoints and the chains.
 */
import { createSolanaRpc } from "@solana/kit";
import { createPublicClient, type Hex, http } from "viem";
import { AttestkitError } from "../errors.ts";
import {
  encodeOrder,
  encodeOrderAddress,
  hashEncodedOrder,
  type LegCheck,
  type LegCheckFailure,
  type LegSource,
  type OrderChain,
  orderChainsFromChains,
  verifyOrderFill,
  verifyOrderRefund,
} from "../orders/index.ts";
import { evmLegFacts } from "../orders/leg-facts-evm.ts";
import { svmLegFacts } from "../orders/leg-facts-svm.ts";
import { fetchEvmLegEvidence, fetchSvmLegEvidence } from "../orders/leg-fetch.ts";
import { SVM_CHAIN_ID } from "../svm/index.ts";

/** One leg as `attestkit verify` prints it. */
export type LegReport = {
  leg: "order" | "deposit" | "fill" | "refund";
  chainId: number | null;
  txHash: string | null;
  ok: boolean;
  checks: LegCheck[];
  failures: LegCheckFailure[];
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
  /** JSON-RPC URL per numeric chain id. */
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

/** Thrown for what the user must fix (unknown request, unreachable service, missing RPC URL): one line. */
export class VerifyUsageError extends Error {}

async function getJson(url: string, apiKey?: string): Promise<unknown> {
  let response: Response;
  try {
    response = await fetch(url, apiKey === undefined ? {} : { headers: { "x-api-key": apiKey } });
  } catch (error) {
    throw new VerifyUsageError(`cannot reach ${url}: ${(error as Error).message}`);
  }
  if (!response.ok) throw new VerifyUsageError(`${url} answered ${response.status}`);
  return response.json();
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

type NetworkSource = Exclude<LegSource, { transaction: unknown }>;

function legSource(target: VerifyTarget, chainId: number, txHash: string): NetworkSource {
  const url = target.rpcUrls.get(chainId);
  if (url === undefined)
    throw new VerifyUsageError(`no RPC URL for chain ${chainId}: pass --rpc ${chainId}=<url>`);
  return chainId === SVM_CHAIN_ID
    ? { vm: "solana-vm", signature: txHash, rpc: createSolanaRpc(url) }
    : { vm: "ethereum-vm", hash: txHash as Hex, client: createPublicClient({ transport: http(url) }) };
}

const report = (
  leg: LegReport["leg"],
  tx: Tx | null,
  checks: LegCheck[],
  failures: LegCheckFailure[],
): LegReport => ({
  leg,
  chainId: tx?.chainId ?? null,
  txHash: tx?.txHash ?? null,
  ok: failures.length === 0,
  checks,
  failures,
});

/** The order leg: the order data encodes and its id is the one the service lists for the request. */
function orderLeg(order: unknown, chains: readonly OrderChain[], listedId: string | null): LegReport {
  const vmTypes = Object.fromEntries(chains.map((chain) => [chain.protocolChainId, chain.vmType]));
  try {
    const id = hashEncodedOrder(encodeOrder(order, vmTypes));
    if (listedId !== null && id === listedId.toLowerCase()) {
      return report(
        "order",
        null,
        [{ check: "order id", ok: true, detail: `${id} = the request's order id` }],
        [],
      );
    }
    const message = `the order data hashes to ${id}, the service lists ${listedId}`;
    return report(
      "order",
      null,
      [{ check: "order id", ok: false, detail: message }],
      [{ code: "ORDER_ID_MISMATCH", message }],
    );
  } catch (error) {
    if (!(error instanceof AttestkitError)) throw error;
    const message = `the order cannot be encoded: ${error.message}`;
    return report(
      "order",
      null,
      [{ check: "order", ok: false, detail: message }],
      [{ code: "ORDER_UNENCODABLE", message }],
    );
  }
}

/** The deposit leg: found, succeeded, final; on EVM, what the depository received against the order's input. */
async function depositLeg(
  target: VerifyTarget,
  tx: Tx,
  order: unknown,
  chains: readonly OrderChain[],
): Promise<{ leg: LegReport; deposited?: bigint }> {
  const source = legSource(target, tx.chainId, tx.txHash);
  const evidence =
    "client" in source
      ? await fetchEvmLegEvidence(source.client, source.hash)
      : await fetchSvmLegEvidence(source.rpc, source.signature);
  const checks: LegCheck[] = [];
  const failures: LegCheckFailure[] = [];
  if (evidence === null) {
    const message = `transaction ${tx.txHash} is not on chain ${tx.chainId}`;
    return {
      leg: report(
        "deposit",
        tx,
        [{ check: "transaction", ok: false, detail: message }],
        [{ code: "TX_NOT_FOUND", message }],
      ),
    };
  }
  const facts =
    evidence.vm === "ethereum-vm"
      ? evmLegFacts(evidence, target.finality)
      : svmLegFacts(evidence, target.finality);
  const add = (check: string, ok: boolean, detail: string, code: LegCheckFailure["code"]) => {
    checks.push({ check, ok, detail });
    if (!ok) failures.push({ code, message: detail });
  };
  add("transaction", facts.succeeded, facts.succeeded ? "succeeded" : "failed", "TX_FAILED");
  add(
    "finality",
    facts.notFinal === null,
    facts.notFinal === null ? "final" : `not final (${facts.notFinal.actual})`,
    "TX_NOT_FINAL",
  );
  const chain = chains.find((entry) => entry.id === tx.chainId);
  const payment = (
    order as { inputs?: { payment?: { chainId?: string; currency?: string; amount?: string } }[] }
  )?.inputs?.find((input) => input.payment?.chainId === chain?.protocolChainId)?.payment;
  if (evidence.vm !== "ethereum-vm" || chain === undefined || payment?.currency === undefined)
    return { leg: report("deposit", tx, checks, failures) };
  const currency = encodeOrderAddress(payment.currency, "ethereum-vm");
  const deposited = facts.received(encodeOrderAddress(chain.depository, "ethereum-vm")).get(currency) ?? 0n;
  // What arrived is shown, not judged: a short deposit is refunded, and the refund leg answers for it.
  checks.push({
    check: "amount",
    ok: true,
    detail: `the depository received ${deposited} of ${currency} (order input ${payment.amount})`,
  });
  return { leg: report("deposit", tx, checks, failures), deposited };
}

/** Checks every leg of the request `idOrHash` names. */
export async function verifyRequest(target: VerifyTarget, idOrHash: string): Promise<RequestReport> {
  const serviceUrl = target.serviceUrl.replace(/\/+$/, "");
  const request = await findRequest(serviceUrl, target.apiKey, idOrHash);
  const chains = orderChainsFromChains(await getJson(`${serviceUrl}/chains`));
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
  const legs: LegReport[] = [orderLeg(order, chains, listedId)];
  const deposit = request.data.inTxs.find((tx) => tx.type === "deposit") ?? null;
  let deposited: bigint | undefined;
  if (deposit === null) {
    legs.push(
      report(
        "deposit",
        null,
        [{ check: "deposit", ok: false, detail: "the service lists no deposit" }],
        [{ code: "TX_NOT_FOUND", message: "the service lists no deposit" }],
      ),
    );
  } else {
    const checked = await depositLeg(target, deposit, order, chains);
    legs.push(checked.leg);
    deposited = checked.deposited;
  }
  const out = request.data.outTxs.find((tx) => tx.type === "fill" || tx.type === "refund") ?? null;
  if (out === null) {
    const message = `the service lists no fill or refund (status ${request.status})`;
    legs.push(
      report(
        "fill",
        null,
        [{ check: "fill", ok: false, detail: message }],
        [{ code: "TX_NOT_FOUND", message }],
      ),
    );
  } else {
    const source = legSource(target, out.chainId, out.txHash);
    const options = { chains, finality: target.finality };
    const verdict =
      out.type === "fill"
        ? await verifyOrderFill(order, source, options)
        : await verifyOrderRefund(order, source, {
            ...options,
            ...(deposited === undefined ? {} : { deposited }),
          });
    legs.push(report(verdict.leg, out, verdict.checks, verdict.failures));
  }
  return {
    requestId: request.id,
    orderId: listedId,
    status: request.status,
    ok: legs.every((leg) => leg.ok),
    legs,
  };
}
