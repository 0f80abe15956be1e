/**
 * GET /chains (beyond the service interface, as the service publishes it): the chains the service
 * serves, with RPC URLs and native currency as the SDK's `configureDynamicChains()` reads them, and
 * `protocol.v2 { chainId, depository }` on chains that take protocol orders (`verifyQuoteOrder`
 * takes its depositories from here). Loose: the service lists more members than are checked.
 */
import * as z from "zod";
import { ChainIdSchema } from "./primitives.ts";
import { ChainProtocolV2Schema } from "./protocol-order.ts";

/** One chain of GET /chains. `vmType` is open (`evm`, `svm`, `bvm`, `tvm`, ... as the service names them). */
export const ServiceChainSchema = z
  .looseObject({
    id: ChainIdSchema,
    name: z.string().min(1).describe("Short name (lowercase)."),
    displayName: z.string(),
    vmType: z
      .string()
      .min(1)
      .meta({ examples: ["evm", "svm"] }),
    httpRpcUrl: z.string(),
    wsRpcUrl: z.string().optional(),
    currency: z.looseObject({ name: z.string(), symbol: z.string(), decimals: z.int().nonnegative() }),
    contracts: z
      .looseObject({
        erc20Router: z.string().optional(),
        approvalProxy: z.string().optional(),
        depositAddressFactory: z
          .string()
          .optional()
          .describe("attestkit devnet: the strict deposit addresses' `DepositAddressFactory`."),
        depositAddressImplementation: z
          .string()
          .optional()
          .describe("attestkit devnet: the `DepositAddress` implementation its clones delegate to."),
      })
      .optional()
      .describe(
        'The service\'s contracts on the chain: the router in use (`erc20Router`) and each router version under its key (`"v3.2": { router, approvalProxy }`). An order names the router that fills it in its `extraData`.',
      ),
    protocol: z
      .looseObject({ v2: ChainProtocolV2Schema.optional() })
      .optional()
      .describe("Protocol chain id string and canonical depository, on chains that take protocol orders."),
  })
  .meta({ id: "ServiceChain", description: "A chain the service serves." });
export type ServiceChain = z.infer<typeof ServiceChainSchema>;

/** Response of GET /chains. */
export const ChainsResponseSchema = z
  .looseObject({ chains: z.array(ServiceChainSchema) })
  .meta({ id: "ChainsResponse", description: "The chains the service serves." });
export type ChainsResponse = z.infer<typeof ChainsResponseSchema>;
