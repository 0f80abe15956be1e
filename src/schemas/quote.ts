/**
 * POST /quote/v2 (service interface: Endpoints), POST /quote and POST /price (4.3): bodies, steps (2.8) and the quote
 * response (2.9).
 */
import * as z from "zod";
import { CurrencyAmountSchema } from "./currency.ts";
import { TradeTypeSchema } from "./enums.ts";
import { AddressSchema, ChainIdSchema, IntegerStringSchema, RequestIdSchema } from "./primitives.ts";
import { ProtocolV2Schema } from "./protocol-order.ts";

/**
 * Body of POST /quote/v2 (4.2). The service interface lists the members "seen" and says the full parameter list
 * is not shown, so the object is loose (unknown members pass through) and, where it gives no
 * requiredness, the members a quote cannot do without are required: `user`, both chain ids, both
 * currencies, `tradeType` and `amount`. The rest are optional.
 */
export const QuoteV2BodySchema = z
  .looseObject({
    user: AddressSchema.describe(
      "Wallet address of the sender; an SVM address when the SVM chain is the origin.",
    ),
    originChainId: ChainIdSchema,
    destinationChainId: ChainIdSchema,
    originCurrency: AddressSchema.describe(
      "Currency contract address; the all-zero address is the native currency on EVM chains.",
    ),
    destinationCurrency: AddressSchema,
    recipient: AddressSchema.optional(),
    refundTo: AddressSchema.optional().describe(
      "Origin-chain address refunds are paid to. The origin's native-currency address (EVM zero address, SVM `11111111111111111111111111111111`) asks for refunds to whoever deposited. Without it, a deposit by the quote's `user` is refunded to the user; a deposit-address payment gets no automatic refund.",
    ),
    tradeType: TradeTypeSchema,
    amount: IntegerStringSchema.describe("Integer amount in the smallest unit of the input currency."),
    referrer: z.string().optional(),
    useExternalLiquidity: z.boolean().optional(),
    includedOriginSwapSources: z
      .array(z.string().min(1))
      .min(1)
      .optional()
      .describe(
        "Restricts origin swap routing to these sources (`<swap_source_name>`). Empty lists are rejected: they would allow no route.",
      ),
    maxRouteLength: z
      .int()
      .positive()
      .optional()
      .describe("Caps the number of hops in SVM swap routing (recommended: 4, then 3)."),
    txs: z
      .array(
        z.looseObject({
          to: AddressSchema.describe("Contract the call targets on the destination chain."),
          value: IntegerStringSchema.optional().describe("Native value the call carries (default 0)."),
          data: z
            .string()
            .regex(/^0x([0-9a-fA-F]{2})*$/, "0x-prefixed hex bytes")
            .optional()
            .describe("Calldata (default 0x)."),
        }),
      )
      .max(16)
      .optional()
      .describe(
        "Calls run on the destination chain after the output is paid, in order (the order's `calls`). EVM destinations with a native output only; their values come out of the output.",
      ),
    usePermit: z
      .boolean()
      .optional()
      .describe(
        "When true, an ERC-20 deposit on an EVM chain with an approval proxy is quoted gasless: one `signature` step (the user signs an EIP-712 `MulticallAuthorization` and its ERC-3009 funding) posted to POST /execute/permits, and a relayer pays the gas.",
      ),
    includeProtocolData: z
      .boolean()
      .optional()
      .describe(
        "When true, the quote also returns `protocol.v2` (the signed protocol order) and its deposit step pays the origin chain's depository under the order id.",
      ),
    useDepositAddress: z
      .boolean()
      .optional()
      .describe(
        "When true, the deposit step is a plain transfer to a strict deposit address (`depositAddress` on the step) bound to the quote's order and its user as depositor; a sweep deposits what the address receives. Needs `refundTo`.",
      ),
  })
  .meta({ id: "QuoteV2Body", description: "Body of POST /quote/v2." });
export type QuoteV2Body = z.infer<typeof QuoteV2BodySchema>;

/** Body of POST /quote. The service interface does not show it (4.3): the quote/v2 body is reused. */
export const QuoteBodySchema = QuoteV2BodySchema.meta({
  id: "QuoteBody",
  description: "Body of POST /quote (not shown by the service interface; same members as POST /quote/v2).",
});
export type QuoteBody = z.infer<typeof QuoteBodySchema>;

/**
 * Body of POST /price. The service interface does not show it (4.3): the quote/v2 body is reused,
 * less `includeProtocolData`, which the service's published /price body does not have: a price
 * issues no order, so the member passes through unread like any other unknown one.
 */
export const PriceBodySchema = QuoteV2BodySchema.omit({ includeProtocolData: true }).meta({
  id: "PriceBody",
  description:
    "Body of POST /price (not shown by the service interface; the members of POST /quote/v2 but includeProtocolData: a price carries no protocol order).",
});
export type PriceBody = z.infer<typeof PriceBodySchema>;

/**
 * `items[].data` of a step (2.8): `from`, `to`, `chainId`; EVM transactions also carry `data`
 * (calldata) and `value`. SVM transactions carry a different form, so the object is loose and the
 * EVM members optional.
 */
export const QuoteStepItemDataSchema = z
  .looseObject({
    from: AddressSchema,
    to: AddressSchema,
    chainId: ChainIdSchema,
    data: z.string().optional().describe("EVM calldata (0x hex)."),
    value: IntegerStringSchema.optional().describe("EVM native value, smallest unit."),
  })
  .meta({ id: "QuoteStepItemData", description: "What to sign and send for one step item." });
export type QuoteStepItemData = z.infer<typeof QuoteStepItemDataSchema>;

/**
 * `items[].data` of a `signature` step (the service's SDK shape): what to sign (`sign`, EIP-712 typed data
 * with the message under `value`) and where to post the signature (`post`; the signature goes in the
 * `signature` query parameter).
 */
export const SignatureStepItemDataSchema = z
  .object({
    sign: z.looseObject({
      signatureKind: z.enum(["eip712", "eip191"]),
      domain: z.record(z.string(), z.unknown()),
      types: z.record(z.string(), z.array(z.object({ name: z.string(), type: z.string() }))),
      primaryType: z.string(),
      value: z.record(z.string(), z.unknown()),
    }),
    post: z.object({
      endpoint: z.string().describe("Path to POST the signature to, e.g. `/execute/permits`."),
      method: z.literal("POST"),
      body: z.looseObject({ kind: z.string(), requestId: RequestIdSchema }),
    }),
  })
  .meta({
    id: "SignatureStepItemData",
    description: "What to sign, and where to post it, for one signature step item.",
  });
export type SignatureStepItemData = z.infer<typeof SignatureStepItemDataSchema>;

/** `items[].check` (2.8): the status endpoint to poll for this request, always with GET. */
export const QuoteStepItemCheckSchema = z
  .object({
    endpoint: z.string().describe("Status endpoint with the request id."),
    method: z.literal("GET"),
  })
  .meta({ id: "QuoteStepItemCheck", description: "How to check progress of a step item." });
export type QuoteStepItemCheck = z.infer<typeof QuoteStepItemCheckSchema>;

/** An element of a step's `items` (2.8). `status` is open (`incomplete` is the value seen). */
export const QuoteStepItemSchema = z
  .object({
    status: z.string().meta({ examples: ["incomplete"] }),
    data: z.union([QuoteStepItemDataSchema, SignatureStepItemDataSchema]),
    check: QuoteStepItemCheckSchema.optional().describe("Present on the deposit step."),
  })
  .meta({ id: "QuoteStepItem", description: "One action of a quote step." });
export type QuoteStepItem = z.infer<typeof QuoteStepItemSchema>;

/**
 * A quote step (2.8). `id` and `kind` are open strings: the service interface lists the values seen
 * (`QUOTE_STEP_IDS`; `transaction`), not a closed set.
 */
export const QuoteStepSchema = z
  .object({
    id: z.string().meta({ examples: ["approve", "deposit"] }),
    action: z.string().describe("Display text."),
    description: z.string().describe("Display text."),
    kind: z.string().meta({ examples: ["transaction", "signature"] }),
    requestId: RequestIdSchema.describe("Request id of the quote; the same on every step."),
    depositAddress: AddressSchema.optional().describe("Present on the deposit step."),
    items: z.array(QuoteStepItemSchema),
  })
  .meta({ id: "QuoteStep", description: "A step the user executes to perform the quoted request." });
export type QuoteStep = z.infer<typeof QuoteStepSchema>;

/** `fees` of a quote (2.9). Loose: only `gas` and `relayer` are shown. */
export const QuoteFeesSchema = z
  .looseObject({
    gas: CurrencyAmountSchema,
    relayer: CurrencyAmountSchema,
  })
  .meta({ id: "QuoteFees", description: "Fees of a quote." });
export type QuoteFees = z.infer<typeof QuoteFeesSchema>;

/** `details` of a quote (2.9). Loose: `operation` is open (`swap` is the value seen). */
export const QuoteDetailsSchema = z
  .looseObject({
    operation: z.string().meta({ examples: ["swap"] }),
    sender: AddressSchema,
    recipient: AddressSchema,
    currencyIn: CurrencyAmountSchema,
    currencyOut: CurrencyAmountSchema,
    timeEstimate: z.number().nonnegative().describe("Estimated time to fill, in seconds."),
  })
  .meta({ id: "QuoteDetails", description: "Summary of a quote." });
export type QuoteDetails = z.infer<typeof QuoteDetailsSchema>;

/** Response of POST /quote/v2 (2.9). */
export const QuoteResponseSchema = z
  .looseObject({
    steps: z.array(QuoteStepSchema),
    fees: QuoteFeesSchema,
    details: QuoteDetailsSchema,
    protocol: z
      .looseObject({ v2: ProtocolV2Schema })
      .optional()
      .describe(
        "The signed protocol order; present when the quote was requested with includeProtocolData: true.",
      ),
  })
  .meta({ id: "QuoteResponse", description: "A quote: steps to execute, fees and details." });
export type QuoteResponse = z.infer<typeof QuoteResponseSchema>;

/**
 * Response of POST /price. Not shown by the service interface (4.3): the quote response shape is
 * reused without `protocol`, as the service publishes it (fees and details; no order).
 */
export const PriceResponseSchema = QuoteResponseSchema.omit({ protocol: true }).meta({
  id: "PriceResponse",
  description:
    "Response of POST /price (not shown by the service interface; a quote's shape with no steps and no protocol block).",
});
export type PriceResponse = z.infer<typeof PriceResponseSchema>;
