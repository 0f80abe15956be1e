/** GET /app-fees/{wallet_address}/balances (service interface: App balance funding). */
import * as z from "zod";
import { CurrencyAmountSchema } from "./currency.ts";
import { AddressSchema } from "./primitives.ts";

/** Path parameters: the wallet that funds the app balance (name as in the service interface's path template). */
export const AppBalanceParamsSchema = z
  .object({
    wallet_address: AddressSchema.min(1).describe("Wallet address that funds the app balance."),
  })
  .meta({
    id: "AppBalanceParams",
    description: "Path parameters of GET /app-fees/{wallet_address}/balances.",
  });
export type AppBalanceParams = z.infer<typeof AppBalanceParamsSchema>;

/** Response: the currency amount members of 2.7, at top level. */
export const AppBalanceResponseSchema = CurrencyAmountSchema.meta({
  id: "AppBalanceResponse",
  description: "App balance: the currency amount members at top level.",
});
export type AppBalanceResponse = z.infer<typeof AppBalanceResponseSchema>;
