/**
 * The request record (service interface: Endpoints) and its parts: deposit address (2.2), `data` (2.3), transactions
 * (2.4) and app fees (2.5). Fee sponsorship (2.6) lives in `fee-sponsorship.ts`.
 *
 * Required vs optional, where the service interface's tables are silent: every listed field is required and
 * nullable fields are present as `null` when empty, except `data.failedTxHash`,
 * `data.failedTxBlockNumber` and `data.failedCallData`, which are not nullable yet only meaningful
 * for failed requests, so they are optional.
 */
import * as z from "zod";
import { AppFeesCurrencySchema } from "./currency.ts";
import {
  DepositAddressTypeSchema,
  FailReasonSchema,
  RefundFailReasonSchema,
  RequestStatusSchema,
  TransactionStatusSchema,
} from "./enums.ts";
import { FeeSponsorshipSchema } from "./fee-sponsorship.ts";
import {
  AddressSchema,
  ChainIdSchema,
  DecimalStringSchema,
  IntegerStringSchema,
  NonNegativeIntSchema,
  RequestIdSchema,
  TxHashSchema,
} from "./primitives.ts";

/** `depositAddress` (2.2). */
export const DepositAddressSchema = z
  .object({
    address: AddressSchema,
    type: DepositAddressTypeSchema,
    depositor: AddressSchema.nullable(),
    depositTxHash: TxHashSchema.nullable(),
    recoveryAddress: AddressSchema.nullable().describe(
      "Origin-chain address that can recover deposit-address funds if the recipient wallet is later blocked; null when unspecified.",
    ),
  })
  .meta({ id: "DepositAddress", description: "Deposit address of a deposit-address request." });
export type DepositAddress = z.infer<typeof DepositAddressSchema>;

/** `data.failedCallData` (2.3): `from`, `to`, `data`, `value`, all strings. */
export const FailedCallDataSchema = z
  .object({
    from: AddressSchema,
    to: AddressSchema,
    data: z.string().describe("Calldata of the failed call."),
    value: IntegerStringSchema.describe("Native value of the failed call, smallest unit."),
  })
  .meta({ id: "FailedCallData", description: "The call that failed." });
export type FailedCallData = z.infer<typeof FailedCallDataSchema>;

/** An indexed transaction, element of `inTxs` / `outTxs` (2.4). */
export const TransactionSchema = z
  .object({
    txHash: TxHashSchema,
    fee: IntegerStringSchema.describe("Fee paid, in the chain's native smallest unit."),
    feeUsd: DecimalStringSchema,
    block: NonNegativeIntSchema,
    type: z.string(),
    chainId: ChainIdSchema,
    timestamp: NonNegativeIntSchema.describe("Unix seconds."),
    status: TransactionStatusSchema,
    data: z.unknown().describe("Free-form."),
    stateChanges: z.unknown().describe("Free-form."),
  })
  .meta({ id: "Transaction", description: "A transaction indexed for a request." });
export type Transaction = z.infer<typeof TransactionSchema>;

/** An element of `appFees.quoted` (2.5). */
export const QuotedAppFeeSchema = z
  .object({
    recipient: AddressSchema,
    bps: IntegerStringSchema.describe("Fee in basis points."),
    amount: IntegerStringSchema,
    amountFormatted: DecimalStringSchema,
  })
  .meta({ id: "QuotedAppFee", description: "An app fee as quoted." });
export type QuotedAppFee = z.infer<typeof QuotedAppFeeSchema>;

/** An element of `appFees.actual` (2.5): the quoted members plus `amountUsd`. */
export const ActualAppFeeSchema = QuotedAppFeeSchema.extend({
  amountUsd: DecimalStringSchema,
}).meta({ id: "ActualAppFee", description: "An app fee as charged." });
export type ActualAppFee = z.infer<typeof ActualAppFeeSchema>;

/** `data.appFees` (2.5). */
export const AppFeesSchema = z
  .object({
    quoted: z.array(QuotedAppFeeSchema),
    actual: z.array(ActualAppFeeSchema),
    currency: AppFeesCurrencySchema,
  })
  .meta({ id: "AppFees", description: "App fees of a request." });
export type AppFees = z.infer<typeof AppFeesSchema>;

/**
 * `data` of a request record (2.3). Loose: the service interface shows fields up to `feeSponsorship` only, so
 * unknown members are kept rather than rejected or stripped.
 */
export const RequestRecordDataSchema = z
  .looseObject({
    slippageTolerance: z.string(),
    failReason: FailReasonSchema.nullable(),
    refundFailReason: RefundFailReasonSchema.nullable(),
    failedTxHash: TxHashSchema.optional(),
    failedTxBlockNumber: NonNegativeIntSchema.optional(),
    failedCallData: FailedCallDataSchema.optional(),
    usesExternalLiquidity: z.boolean(),
    timeEstimate: z.number().nonnegative().nullable().describe("Estimated time to fill, in seconds."),
    triggeredByFastFill: z.boolean().nullable(),
    inTxs: z.array(TransactionSchema).describe("Origin-side transactions."),
    outTxs: z.array(TransactionSchema).describe("Destination-side transactions."),
    appFees: AppFeesSchema,
    feeSponsorship: FeeSponsorshipSchema,
  })
  .meta({ id: "RequestRecordData", description: "Details of a request." });
export type RequestRecordData = z.infer<typeof RequestRecordDataSchema>;

/**
 * A request record, element of `requests` in the list response (2.1). Loose: fields after
 * `data.feeSponsorship` exist but are not shown by the service interface.
 */
export const RequestRecordSchema = z
  .looseObject({
    id: RequestIdSchema,
    status: RequestStatusSchema,
    user: AddressSchema,
    recipient: AddressSchema,
    sender: AddressSchema.nullable(),
    refundTo: AddressSchema.nullable().describe(
      "Address refunds go to for deposit-address transactions; null when unspecified.",
    ),
    supersededByRequestId: RequestIdSchema.nullable().describe(
      "Regenerated request that now owns the sweep/fill of a superseded deposit-address request.",
    ),
    depositAddress: DepositAddressSchema.nullable(),
    data: RequestRecordDataSchema,
  })
  .meta({ id: "RequestRecord", description: "A cross-chain or same-chain request." });
export type RequestRecord = z.infer<typeof RequestRecordSchema>;
