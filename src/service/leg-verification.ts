/**
 * The mock checks each fill and refund it makes against the request's order, with the library's
 * own `verifyOrderFill` / `verifyOrderRefund` over the chain (never over what the solver meant to
 * send), and keeps the result on the request: the status endpoint shows it as `orderVerification`
 * (an attestkit extension) and the activity feed prints it. Requests without an order have none.
 */
import { getChainVm } from "../chains.ts";
import type { AnyOrder, LegVerification, OrderChain } from "../orders/index.ts";
import { encodeOrder, verifyOrderFill, verifyOrderRefund } from "../orders/index.ts";
import { legTermsOf } from "../orders/leg-terms.ts";
import { ORDER_VERSIONS } from "../orders/typed-data.ts";
import { depositBpsDiff, refundFloor } from "../orders/verify-refund.ts";
import type { LegVerdict } from "./activity.ts";
import type { ChainAdapter } from "./chains/types.ts";
import { requestDeposit } from "./deposits.ts";
import type { ProtocolChain } from "./protocol-chains.ts";
import type { RequestMeta, StoredLegVerification, StoredRequest } from "./records.ts";
import { updateRequest } from "./requests-repo.ts";
import type { Store } from "./store.ts";

/** The mock's protocol chains as the verifiers take them. */
export function orderChainsOf(chains: ReadonlyMap<number, ProtocolChain>): OrderChain[] {
  return [...chains].map(([id, chain]) => ({
    protocolChainId: chain.chainId,
    id,
    vmType: getChainVm(id) === "svm" ? "solana-vm" : "ethereum-vm",
    depository: chain.depository,
  }));
}

/**
 * Verifies the request's own fill or refund `txHash` (landed on `adapter`'s chain) against its
 * order and records the result. No order, an adapter that cannot read its transactions, or a read
 * that fails: nothing recorded, and never a throw.
 * A refund's floor follows what the request's deposit put in, and a refund to the depositor goes to its sender.
 * The mock checks at once, before the chain's finality: finality is left to the caller's own check
 * (`attestkit verify`), so it is not asked here.
 */
export async function verifyRequestLeg(
  store: Store,
  adapter: ChainAdapter,
  chains: readonly OrderChain[],
  request: StoredRequest,
  leg: LegVerification["leg"],
  txHash: string,
): Promise<StoredLegVerification | null> {
  const order = request.meta.order;
  if (order === undefined || adapter.legSource === undefined) return null;
  const source = adapter.legSource(txHash);
  const options = { chains, finality: AT_ONCE };
  let result: LegVerification;
  try {
    result =
      leg === "fill"
        ? await verifyOrderFill(order, source, options)
        : await verifyOrderRefund(order, source, { ...options, ...depositOf(store, request.record.id) });
  } catch {
    // The transfer went out: a node that cannot be read now must not make it look failed (and be
    // refunded on top). The request keeps no verification; `attestkit verify` can check it later.
    return null;
  }
  const stored: StoredLegVerification = {
    leg,
    txHash: result.txHash,
    orderId: result.orderId,
    ok: result.ok,
    failures: result.failures,
  };
  updateRequest(store, request.record.id, ({ meta }) => {
    meta.orderVerification = stored;
  });
  return stored;
}

/**
 * What the request's own refund sends back for a deposit of `deposited`: the deposit, raised to the
 * service's floor for it when the floor's truncation puts it above (a short deposit can owe a unit
 * more than it put in), so the refund is one the service attests.
 */
export function refundAmountOf(
  request: StoredRequest,
  chains: readonly OrderChain[],
  deposit: { currency: string; amount: bigint },
): bigint {
  const deposited = deposit.amount;
  const order = request.meta.order;
  const expected = request.meta.originCurrency;
  const sameCurrency = expected.startsWith("0x")
    ? expected.toLowerCase() === deposit.currency.toLowerCase()
    : expected === deposit.currency;
  if (order === undefined || !sameCurrency) return deposited;
  const vmTypes = Object.fromEntries(chains.map((chain) => [chain.protocolChainId, chain.vmType]));
  const terms = legTermsOf(encodeOrder(order, vmTypes, { versions: ORDER_VERSIONS }));
  const [refund] = terms.refunds();
  if (refund === undefined) return deposited;
  const floor = refundFloor(
    refund.minimumAmount,
    depositBpsDiff(terms.inputs(), [deposited], refund.inputIndex),
  );
  return floor > deposited ? floor : deposited;
}

/** No blocks or seconds on top, any commitment the mock's chains report. */
const AT_ONCE = { blocks: 0, seconds: 0, commitment: "confirmed" } as const;

function depositOf(store: Store, requestId: string): { deposited?: bigint; depositor?: string } {
  const deposit = requestDeposit(store, requestId);
  return deposit === null ? {} : { deposited: deposit.amount, depositor: deposit.sender };
}

/** The status endpoint's extensions: the request's order (`orderData`) and its leg's `orderVerification`. */
export function orderVerificationField(meta: RequestMeta): {
  orderData?: AnyOrder;
  orderVerification?: StoredLegVerification;
} {
  return {
    ...(meta.order === undefined ? {} : { orderData: meta.order }),
    ...(meta.orderVerification === undefined ? {} : { orderVerification: meta.orderVerification }),
  };
}

/** The activity feed's verdict on transaction `txHash`, when the request's latest verification is of it. */
export function legVerdict(meta: RequestMeta, txHash: string): { verification?: LegVerdict } {
  const verified = meta.orderVerification;
  if (verified === undefined || verified.txHash.toLowerCase() !== txHash.toLowerCase()) return {};
  return { verification: { ok: verified.ok, codes: verified.failures.map((failure) => failure.code) } };
}
