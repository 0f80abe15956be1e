/**
 * Request records (service interface: Endpoints) as the mock stores them. The stored record is the public one plus a few
 * top-level members after `data` that the real service also has but the service interface does not show
 * (`createdAt`, `updatedAt`, `requestType`, `originChainId`, `destinationChainId`, `orderId`,
 * `parentRequestId`) and `data.metadata` with both currency amounts; the `filters` parameter reaches
 * all of them by dotted path. `RequestMeta` holds what the mock needs internally and never returns.
 */

import type { AnyOrder, LegCheckFailure, LegVerification } from "../orders/index.ts";
import type {
  CurrencyAmount,
  Feature,
  FeeSponsorship,
  FeeSponsorshipPhase,
  RequestRecord,
  RequestType,
  SponsorshipAmount,
} from "../schemas/index.ts";
import type { GaslessState } from "./gasless-state.ts";

/** Internal, never-returned facts about a request. */
export interface RequestMeta {
  /** Unix milliseconds. */
  createdAt: number;
  updatedAt: number;
  requestType: RequestType;
  orderId: string | null;
  /**
   * The order's `output.deadline` (unix seconds), when the quote issued one: a deposit landing
   * after it is refunded and no fill is sent after it.
   */
  orderDeadline?: number;
  /** The order the quote committed to (`protocol.v2.orderData`), when it issued one. */
  order?: AnyOrder;
  /** The latest check of the request's fill or refund against `order` (`leg-verification.ts`). */
  orderVerification?: StoredLegVerification;
  parentId: string | null;
  apiKeyHash: string | null;
  privateChain: string | null;
  originChainId: number;
  destinationChainId: number;
  originCurrency: string;
  originSymbol: string;
  destinationCurrency: string;
  destinationSymbol: string;
  originAmount: string;
  /** What the solver pays the recipient (the output less what the user calls carry). */
  destinationAmount: string;
  /** The user calls run after the output is paid (`txs`), each `abi.encode(address to, bytes data, uint256 value)`. */
  calls?: string[];
  amountMicroUsd: string;
  features: Feature[];
  /** Seconds from deposit to fill, once filled. */
  fillTime: number | null;
  /** Unix ms at which the deposit was first seen. */
  depositSeenAt: number | null;
  /** The origin amount a fast fill was made for (set when the hold is placed). */
  fastFillInput?: string;
  /** A gasless quote's typed data, the signatures received and the relayer's transaction (`gasless.ts`). */
  gasless?: GaslessState;
  /**
   * A strict deposit-address request: the first block its watcher has not read as final (it reads
   * payments from there), the sweeps the service sent for it (a deposit they make is this request's,
   * `order-deposits.ts`), and the block of the payment it took (`depositAddress.depositTxHash`).
   */
  depositAddressWatch?: { nextBlock: number; sweeps: string[]; paymentBlock?: number };
  /** Fields returned only to the owning integrator with includeAuthenticatedData=true. */
  authenticatedData: Record<string, unknown>;
}

/** A stored request: its public record and internal meta. */
export interface StoredRequest {
  record: RequestRecord;
  meta: RequestMeta;
}

const ZERO: SponsorshipAmount = { amount: "0", amountFormatted: "0", amountUsd: "0", minimumAmount: "0" };

/** A fee sponsorship phase with nothing selected and all buckets at zero. */
export function emptySponsorshipPhase(): FeeSponsorshipPhase {
  const bucket = { selected: false, total: ZERO, sponsored: ZERO, userPays: ZERO };
  return {
    selectedComponents: [],
    capHit: false,
    components: { execution: bucket, swap: bucket, platform: bucket, app: bucket, rent: bucket },
    sponsoredTotal: ZERO,
    userPaysTotal: ZERO,
  };
}

export function emptyFeeSponsorship(): FeeSponsorship {
  return { quoted: emptySponsorshipPhase(), actual: emptySponsorshipPhase() };
}

/** Inputs to build a fresh request record. */
export interface NewRequestInput {
  id: string;
  user: string;
  recipient: string;
  sender?: string | null;
  refundTo?: string | null;
  slippageTolerance?: string;
  usesExternalLiquidity?: boolean;
  timeEstimate?: number | null;
  currencyIn: CurrencyAmount;
  currencyOut: CurrencyAmount;
  depositAddress?: RequestRecord["depositAddress"];
}

/** The public record of a new (waiting) request. */
export function newRecord(input: NewRequestInput, meta: RequestMeta): RequestRecord {
  const record: RequestRecord = {
    id: input.id,
    status: "waiting",
    user: input.user,
    recipient: input.recipient,
    sender: input.sender ?? null,
    refundTo: input.refundTo ?? null,
    supersededByRequestId: null,
    depositAddress: input.depositAddress ?? null,
    data: {
      slippageTolerance: input.slippageTolerance ?? "50",
      failReason: null,
      refundFailReason: null,
      usesExternalLiquidity: input.usesExternalLiquidity ?? false,
      timeEstimate: input.timeEstimate ?? null,
      triggeredByFastFill: null,
      inTxs: [],
      outTxs: [],
      appFees: {
        quoted: [],
        actual: [],
        currency: {
          ...input.currencyIn.currency,
          metadata: { ...input.currencyIn.currency.metadata, isNative: false },
        },
      },
      feeSponsorship: emptyFeeSponsorship(),
      metadata: { currencyIn: input.currencyIn, currencyOut: input.currencyOut },
    },
  };
  return withTopLevel(record, meta);
}

/** Refreshes the top-level members the mock adds after `data` from `meta`. */
export function withTopLevel(record: RequestRecord, meta: RequestMeta): RequestRecord {
  return {
    ...record,
    createdAt: new Date(meta.createdAt).toISOString(),
    updatedAt: new Date(meta.updatedAt).toISOString(),
    requestType: meta.requestType,
    originChainId: meta.originChainId,
    destinationChainId: meta.destinationChainId,
    orderId: meta.orderId,
    parentRequestId: meta.parentId,
  };
}

/** Normalizes a searchable value: 0x-hex (EVM addresses, hashes, ids) lower-cased, anything else kept. */
export function normalizeLookup(value: string): string {
  return /^0x[0-9a-fA-F]*$/.test(value) ? value.toLowerCase() : value;
}

/** What the request keeps of a leg's verification (and the status endpoint returns). */
export interface StoredLegVerification {
  leg: LegVerification["leg"];
  txHash: string;
  orderId: string | null;
  ok: boolean;
  failures: LegCheckFailure[];
}
