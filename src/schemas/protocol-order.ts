/**
 * The `protocol.v2` block of a quote requested with `includeProtocolData: true`: the order the
 * solver signed, its id and signature, and where to pay it. Addresses and currencies stay strings:
 * their form depends on each chain's VM, which `attestkit/orders` checks when it encodes the order.
 */
import * as z from "zod";
import { HexSignatureSchema, IntegerStringSchema, RequestIdSchema } from "./primitives.ts";

/** A uint256 as orders carry it: canonical decimal, or 0x hex (salts). */
const OrderUintSchema = z.union([IntegerStringSchema, z.string().regex(/^0x[0-9a-fA-F]{1,64}$/)]);
const OrderDeadlineSchema = z.int().min(0).max(0xffff_ffff).describe("Unix seconds (uint32).");
const OrderBytesSchema = z.string().regex(/^0x(?:[0-9a-fA-F]{2})*$/, "expected 0x-prefixed hex bytes");

export const OrderInputPaymentSchema = z.object({
  chainId: z.string().min(1),
  currency: z.string(),
  amount: OrderUintSchema,
  weight: OrderUintSchema,
});

export const OrderInputRefundSchema = z.object({
  chainId: z.string().min(1),
  recipient: z.string(),
  currency: z.string(),
  minimumAmount: OrderUintSchema,
  deadline: OrderDeadlineSchema,
  extraData: OrderBytesSchema,
});

export const OrderOutputPaymentSchema = z.object({
  recipient: z.string(),
  currency: z.string(),
  minimumAmount: OrderUintSchema,
  expectedAmount: OrderUintSchema,
});

export const OrderFeeSchema = z.object({
  recipientChainId: z.string().min(1),
  recipient: z.string(),
  currencyChainId: z.string().min(1),
  currency: z.string(),
  amount: OrderUintSchema,
});

/** `protocol.v2.orderData`: the order, EIP-712 members with chain ids as the protocol's strings. */
export const OrderDataSchema = z
  .object({
    version: z
      .string()
      .min(1)
      .meta({ examples: ["v1"] }),
    solverChainId: z.string().min(1),
    solver: z.string(),
    salt: OrderUintSchema,
    inputs: z.array(z.object({ payment: OrderInputPaymentSchema, refunds: z.array(OrderInputRefundSchema) })),
    output: z.object({
      chainId: z.string().min(1),
      payments: z.array(OrderOutputPaymentSchema),
      deadline: OrderDeadlineSchema,
      calls: z.array(OrderBytesSchema),
      extraData: OrderBytesSchema,
    }),
    fees: z.array(OrderFeeSchema),
  })
  .meta({ id: "OrderData", description: "A protocol order as the solver signed it." });
export type OrderData = z.infer<typeof OrderDataSchema>;

/**
 * `orderData` of a `"v2"` order (the settlement SDK's next format): one relayer, one deadline for filling
 * and refunding, one input, refund options, and an output split into the minimum withdrawn from the
 * depository and what the fill must deliver.
 */
export const OrderDataV2Schema = z
  .object({
    version: z.literal("v2"),
    relayerChainId: z.string().min(1),
    relayer: z.string(),
    salt: OrderUintSchema,
    deadline: OrderDeadlineSchema,
    input: z.object({ chainId: z.string().min(1), currency: z.string(), amount: OrderUintSchema }),
    refunds: z.array(
      z.object({
        chainId: z.string().min(1),
        currency: z.string(),
        minimumAmount: OrderUintSchema,
        recipient: z.string(),
      }),
    ),
    output: z.object({
      chainId: z.string().min(1),
      withdraw: z.object({ currency: z.string(), minimumAmount: OrderUintSchema }),
      fill: z.object({
        currency: z.string(),
        minimumAmount: OrderUintSchema,
        recipient: z.string(),
        calls: z.array(OrderBytesSchema),
      }),
    }),
    fees: z.array(OrderFeeSchema),
  })
  .meta({ id: "OrderDataV2", description: "A v2 protocol order as the relayer signed it." });
export type OrderDataV2 = z.infer<typeof OrderDataV2Schema>;

/** `protocol.v2.paymentDetails`: where and what to pay (unsigned: check it against the order). */
export const OrderPaymentDetailsSchema = z
  .object({
    chainId: z.string().min(1),
    depository: z.string(),
    currency: z.string(),
    amount: IntegerStringSchema,
  })
  .meta({ id: "OrderPaymentDetails", description: "The deposit that pays the order." });

/** `protocol.v2` of a quote. */
export const ProtocolV2Schema = z
  .looseObject({
    orderId: RequestIdSchema.describe("EIP-712 hashStruct(Order), no domain separator."),
    hubType: z.string().meta({ examples: ["onchain"] }),
    orderData: z.union([OrderDataV2Schema, OrderDataSchema]),
    orderSignature: HexSignatureSchema.describe("Solver's EIP-191 signature of the 32 raw bytes of orderId."),
    paymentDetails: OrderPaymentDetailsSchema,
  })
  .meta({ id: "ProtocolV2", description: "Protocol order data of a quote (includeProtocolData: true)." });
export type ProtocolV2 = z.infer<typeof ProtocolV2Schema>;

/** `chain.protocol.v2` of a GET /chains entry. */
export const ChainProtocolV2Schema = z
  .object({ chainId: z.string().min(1), depository: z.string() })
  .meta({ id: "ChainProtocolV2", description: "Protocol chain id and canonical depository of a chain." });
