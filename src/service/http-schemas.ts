/**
 * Schemas of the mock-only admin routes (under `/_mock`, not part of the real service) and the few
 * request shapes the mock adds on top of `src/schemas` (which stays untouched).
 */
import * as z from "zod";
import {
  ExecutePermitsBodySchema,
  ExecutePermitsQuerySchema,
  ExecutePermitsResponseSchema,
  HexSignatureSchema,
  IntegerStringSchema,
  RequestIdSchema,
} from "../schemas/index.ts";
import { integerParam } from "../schemas/query-params.ts";
import { ScenarioIdParamsSchema, ScenarioInputSchema } from "./scenarios/schema.ts";
import { DeliveriesQuerySchema, EndpointBodySchema } from "./webhooks/routes.ts";

const EvmAddressSchema = z.string().regex(/^0x[0-9a-fA-F]{40}$/, "expected an EVM address (0x + 40 hex)");

/** POST /_mock/sponsorship-wallets: link a fee sponsorship wallet to the calling API key. */
export const LinkSponsorshipWalletBodySchema = z
  .object({
    wallet: EvmAddressSchema,
    signature: HexSignatureSchema.describe("EIP-191 signature by `wallet` over the link message"),
  })
  .meta({ id: "MockLinkSponsorshipWalletBody" });

/** POST /_mock/requests/{requestId}/deposit: stand-in for an origin deposit seen on chain. */
export const MockDepositBodySchema = z
  .object({
    txHash: z.string().min(1).max(200).optional(),
    final: z.boolean().optional(),
    amount: IntegerStringSchema.optional(),
    currency: z.string().min(1).max(100).optional(),
    from: z.string().min(1).max(100).optional(),
    block: z.int().nonnegative().optional(),
  })
  .meta({ id: "MockDepositBody" });

/** POST /transactions/index (the SDK's notice of a submitted deposit): index it now. */
export const TransactionsIndexBodySchema = z
  .object({
    txHash: z
      .string()
      .regex(
        /^(0x[0-9a-fA-F]{64}|[1-9A-HJ-NP-Za-km-z]{64,88})$/,
        "expected an EVM transaction hash (0x + 64 hex) or an SVM signature (base58)",
      ),
    chainId: z
      .union([z.int().positive(), z.string().regex(/^[1-9][0-9]{0,11}$/, "expected a chain id")])
      .transform(Number),
    referrer: z.string().max(200).optional(),
  })
  .meta({ id: "TransactionsIndexBody" });

/** POST /_mock/funding: stand-in for a transaction on chain 8453 carrying funding calldata. */
export const MockFundingBodySchema = z
  .object({
    txHash: z.string().min(1).max(200),
    from: EvmAddressSchema,
    to: EvmAddressSchema.describe("token contract the transfer calls"),
    input: z.string().max(10_000).describe("transaction calldata"),
  })
  .meta({ id: "MockFundingBody" });

/** POST /_mock/app-balances/{wallet}/claim. */
export const MockClaimBodySchema = z.object({ amount: IntegerStringSchema }).meta({ id: "MockClaimBody" });

/** GET /_mock/health: which quarantined transactions to list. */
export const HealthQuerySchema = z
  .strictObject({
    chainId: integerParam({ min: 1 }).optional().describe("Only this chain's quarantined transactions."),
    limit: integerParam({ min: 1, max: 100 })
      .optional()
      .describe("How many quarantined transactions to list, newest first: 1 to 100, default 20."),
  })
  .meta({ id: "MockHealthQuery" });

/** GET /_mock/health: the indexer's progress and the transactions it quarantined. */
export const HealthResponseSchema = z
  .object({
    status: z
      .enum(["ok", "degraded"])
      .describe("`degraded` while any transaction is quarantined: money may have arrived unbooked."),
    chains: z.array(
      z.object({
        chainId: z.int().positive(),
        nextBlock: z.int().nonnegative().describe("The first block (slot) the indexer has not finalized."),
        quarantined: z.int().nonnegative().describe("Transactions quarantined on this chain."),
      }),
    ),
    quarantined: z
      .array(
        z.object({
          chainId: z.int().positive(),
          txHash: z.string(),
          block: z.int().nonnegative(),
          reason: z.string().describe("Why working the transaction out failed."),
          quarantinedAt: z.iso.datetime(),
        }),
      )
      .describe("The most recently quarantined transactions, newest first."),
  })
  .meta({ id: "MockHealthResponse" });

export const RequestIdParamsSchema = z.object({ requestId: RequestIdSchema });
export const WalletParamsSchema = z.object({ wallet: EvmAddressSchema });

/** Who may call a key-checked route, as the OpenAPI document and the HTTP reference state it. */
export const ROUTE_ACCESS = {
  anyKey: "Any valid API key.",
  ownKey: "Any valid API key; it acts on that key's own data only.",
  requestKey:
    "The API key the request was quoted with (any valid key for a request quoted without one). Refused with 409 `DEPOSIT_CHAIN_INDEXED` when the request's origin chain is indexed: manual deposits stand in for chains that are not wired.",
  walletKey:
    "The API key the wallet is linked to as its fee sponsorship wallet (`POST /_mock/sponsorship-wallets`).",
  funding:
    "Any valid API key: a funding transfer only ever adds to a balance, and only a balance's linked key claims from it.",
  none: "No key: it reads public data, or only makes the indexer look at a transaction sooner.",
  quotingKeyIfAny:
    "No key for a request quoted without one; otherwise the API key the request was quoted with (403 `API_KEY_MISMATCH`).",
} as const;

/** The routes beyond the service interface, for OpenAPI: the SDK's and the mock-only administration. */
export const MOCK_ROUTES: readonly {
  name: string;
  method: "POST" | "GET" | "PUT" | "DELETE";
  path: string;
  summary: string;
  /** `none`: answered without an API key; `optional`: with or without one (default: a key is required). */
  auth?: "none" | "optional";
  /** `sdk`: a route of the real service that its SDK calls, beyond the service interface (default: mock-only). */
  surface?: "sdk";
  /** Which key the route takes, in words (the operation's description). */
  access: string;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  response?: z.ZodType;
}[] = [
  {
    name: "mockLinkSponsorshipWallet",
    access: ROUTE_ACCESS.ownKey,
    method: "POST",
    path: "/_mock/sponsorship-wallets",
    summary: "Link a fee sponsorship wallet to the calling API key (EIP-191 proof)",
    body: LinkSponsorshipWalletBodySchema,
  },
  {
    name: "mockSponsorshipLinkMessage",
    access: ROUTE_ACCESS.ownKey,
    method: "GET",
    path: "/_mock/sponsorship-wallets/message",
    summary: "The message a wallet signs to link itself to the calling API key",
  },
  {
    name: "mockObserveDeposit",
    access: ROUTE_ACCESS.requestKey,
    method: "POST",
    path: "/_mock/requests/{requestId}/deposit",
    summary: "Report an origin deposit as if the indexer saw it on chain",
    params: RequestIdParamsSchema,
    body: MockDepositBodySchema,
  },
  {
    name: "mockFunding",
    access: ROUTE_ACCESS.funding,
    method: "POST",
    path: "/_mock/funding",
    summary: "Report a chain-8453 funding transaction as if the indexer saw it",
    body: MockFundingBodySchema,
  },
  {
    name: "mockClaim",
    access: ROUTE_ACCESS.walletKey,
    method: "POST",
    path: "/_mock/app-balances/{wallet}/claim",
    summary: "Claim (withdraw) from an app balance",
    params: WalletParamsSchema,
    body: MockClaimBodySchema,
  },
  {
    name: "sdkChains",
    surface: "sdk",
    access: ROUTE_ACCESS.none,
    method: "GET",
    path: "/chains",
    summary: "The devnet's chains as the SDK's configureDynamicChains() reads them",
    auth: "none",
  },
  {
    name: "sdkIndexTransaction",
    surface: "sdk",
    access: ROUTE_ACCESS.none,
    method: "POST",
    path: "/transactions/index",
    summary: "Index a submitted origin transaction now instead of at the next poll",
    auth: "none",
    body: TransactionsIndexBodySchema,
  },
  {
    name: "sdkExecutePermits",
    surface: "sdk",
    access: ROUTE_ACCESS.quotingKeyIfAny,
    method: "POST",
    path: "/execute/permits",
    summary:
      "Post one signature of a gasless request's `signature` step; the relayer sends the deposit once every signature is in",
    auth: "optional",
    query: ExecutePermitsQuerySchema,
    body: ExecutePermitsBodySchema,
    response: ExecutePermitsResponseSchema,
  },
  {
    name: "mockHealth",
    access: ROUTE_ACCESS.none,
    method: "GET",
    path: "/_mock/health",
    summary: "The indexer's progress per chain and the transactions it quarantined (moved past unbooked)",
    auth: "none",
    query: HealthQuerySchema,
    response: HealthResponseSchema,
  },
  {
    name: "mockAddScenario",
    access: ROUTE_ACCESS.ownKey,
    method: "POST",
    path: "/_mock/scenarios",
    summary: "Tell the mock what should happen to the next matching request(s) (when scenarios are on)",
    body: ScenarioInputSchema,
  },
  {
    name: "mockListScenarios",
    access: ROUTE_ACCESS.ownKey,
    method: "GET",
    path: "/_mock/scenarios",
    summary: "The scenarios held: matches left and the requests each took",
  },
  {
    name: "mockGetScenario",
    access: ROUTE_ACCESS.ownKey,
    method: "GET",
    path: "/_mock/scenarios/{id}",
    summary: "One scenario: matches left and the requests it took",
    params: ScenarioIdParamsSchema,
  },
  {
    name: "mockDeleteScenario",
    access: ROUTE_ACCESS.ownKey,
    method: "DELETE",
    path: "/_mock/scenarios/{id}",
    summary: "Remove one scenario (requests it took keep it)",
    params: ScenarioIdParamsSchema,
  },
  {
    name: "mockClearScenarios",
    access: ROUTE_ACCESS.ownKey,
    method: "DELETE",
    path: "/_mock/scenarios",
    summary: "Remove every scenario",
  },
  {
    name: "mockSettleHolds",
    access: ROUTE_ACCESS.anyKey,
    method: "POST",
    path: "/_mock/holds/settle",
    summary: "Turn expired fast-fill holds into permanent debits now",
  },
  {
    name: "mockGetWebhookEndpoint",
    access: ROUTE_ACCESS.ownKey,
    method: "GET",
    path: "/_mock/webhook",
    summary: "The calling key's webhook endpoint",
  },
  {
    name: "mockSetWebhookEndpoint",
    access: ROUTE_ACCESS.ownKey,
    method: "PUT",
    path: "/_mock/webhook",
    summary: "Set the calling key's webhook endpoint",
    body: EndpointBodySchema,
  },
  {
    name: "mockRemoveWebhookEndpoint",
    access: ROUTE_ACCESS.ownKey,
    method: "DELETE",
    path: "/_mock/webhook",
    summary: "Remove the calling key's webhook endpoint",
  },
  {
    name: "mockWebhookDeliveries",
    access: ROUTE_ACCESS.ownKey,
    method: "GET",
    path: "/_mock/webhook/deliveries",
    summary: "The calling key's webhook delivery log",
    query: DeliveriesQuerySchema,
  },
];
