/** Currencies and currency amounts (service interface: Endpoints `appFees.currency` and 2.7). */
import * as z from "zod";
import { AddressSchema, ChainIdSchema, DecimalStringSchema, IntegerStringSchema } from "./primitives.ts";

/** Currency metadata as used in quotes and balances (2.7). */
export const CurrencyMetadataSchema = z
  .object({
    logoURI: z.string(),
    verified: z.boolean(),
  })
  .meta({ id: "CurrencyMetadata", description: "Display metadata of a currency." });
export type CurrencyMetadata = z.infer<typeof CurrencyMetadataSchema>;

/** Token decimals: the service interface types them as a number; an integer in the uint8 range is enforced. */
const DecimalsSchema = z.int().min(0).max(255);

/** A currency on a chain (2.7). */
export const CurrencySchema = z
  .object({
    chainId: ChainIdSchema,
    address: AddressSchema,
    symbol: z.string(),
    name: z.string(),
    decimals: DecimalsSchema,
    metadata: CurrencyMetadataSchema,
  })
  .meta({ id: "Currency", description: "A currency on a chain." });
export type Currency = z.infer<typeof CurrencySchema>;

/** An amount of a currency (2.7), used for quote fees, quote details and the app balance. */
export const CurrencyAmountSchema = z
  .object({
    currency: CurrencySchema,
    amount: IntegerStringSchema.describe("Amount in the currency's smallest unit."),
    amountFormatted: DecimalStringSchema.describe("Amount in whole units of the currency."),
    amountUsd: DecimalStringSchema.describe("Amount in USD."),
    minimumAmount: IntegerStringSchema.describe("Minimum amount in the currency's smallest unit."),
  })
  .meta({ id: "CurrencyAmount", description: "An amount of a currency." });
export type CurrencyAmount = z.infer<typeof CurrencyAmountSchema>;

/** `appFees.currency.metadata` (2.5): the 2.7 metadata plus `isNative`. */
export const AppFeesCurrencyMetadataSchema = CurrencyMetadataSchema.extend({
  isNative: z.boolean(),
}).meta({ id: "AppFeesCurrencyMetadata", description: "Display metadata of an app fee currency." });
export type AppFeesCurrencyMetadata = z.infer<typeof AppFeesCurrencyMetadataSchema>;

/** `appFees.currency` (2.5): a currency whose metadata also says whether it is native. */
export const AppFeesCurrencySchema = CurrencySchema.extend({
  metadata: AppFeesCurrencyMetadataSchema,
}).meta({ id: "AppFeesCurrency", description: "Currency app fees are denominated in." });
export type AppFeesCurrency = z.infer<typeof AppFeesCurrencySchema>;
