/**
 * Protocol orders of the mock (`POST /quote/v2` and `/quote` with `includeProtocolData: true`): the
 * order a quote commits to (one input paid on the origin chain, refundable to the user; the output to
 * the recipient with the quote's minimum, and expected amount where the format has one; the relayer
 * fee; the quote's user calls; the fill router it is filled and refunded through), in the configured format (`"v1"`, as the service serves today, or `"v2"`), its id (EIP-712
 * `hashStruct(Order)`, `attestkit/orders`), the solver's EIP-191 signature over the id's 32 raw bytes,
 * and the payment details naming the origin chain's depository.
 */
import { randomBytes } from "node:crypto";
import type { Hex } from "viem";
import { getChainVm } from "../chains.ts";
import {
  type AnyOrder,
  type ChainVmTypes,
  encodeFillContractExtraData,
  encodeOrderCall,
  getOrderId,
  type Order,
  type OrderV2,
  type OrderVersion,
} from "../orders/index.ts";
import type { ProtocolV2 } from "../schemas/index.ts";
import type { ProtocolChain } from "./protocol-chains.ts";
import { refundsToDepositor } from "./refund-destination.ts";
import type { ValidatedQuote } from "./validated-quote.ts";

/** What the mock needs to issue orders. */
export interface OrdersConfig {
  /** Protocol chain id string and depository per numeric chain id. */
  chains: ReadonlyMap<number, ProtocolChain>;
  /** The solver's EVM address (the order's `solver`, the same on every chain). */
  solverEvm: Hex;
  /** The solver's SVM address (fee recipient on the SVM chain). */
  solverSvm: string;
  /** EIP-191 signature by the solver over the 32 raw bytes of an order id. */
  signOrderId(orderId: Hex): Promise<Hex>;
  /** Seconds from quoting to the output's deadline (v1) or the order's one deadline (v2) (default 600). */
  deadlineSeconds?: number;
  /**
   * Seconds a v1 refund option's deadline runs past the output's (default 3600): a deposit that
   * lands after the output deadline is refunded within it, so the service's rule (the refund's block
   * time not after the refund option's deadline) passes for it.
   */
  refundWindowSeconds?: number;
  /** The order format issued (default `"v1"`, the format the service serves today). */
  version?: OrderVersion;
  /**
   * The fill contract (router) the solver fills and refunds through, per numeric chain id: a v1 order
   * names it in `output.extraData` (its output chain's) and in each refund option's `extraData` (the
   * refund chain's), as `abi.encode(address)`; chains without one get `"0x"`.
   */
  fillRouters?: ReadonlyMap<number, string>;
}

/** `protocol.v2` of a quote response, as the mock issues it. */
export type ProtocolOrderBlock = ProtocolV2 & {
  orderId: Hex;
  hubType: "onchain";
  orderData: AnyOrder;
  orderSignature: Hex;
};

/** The amounts a quote settled on. */
export interface QuotedAmounts {
  amountIn: bigint;
  expectedOut: bigint;
  minimumOut: bigint;
  relayerFee: bigint;
}

const DEFAULT_DEADLINE_SECONDS = 600;
const DEFAULT_REFUND_WINDOW_SECONDS = 3600;

/** The protocol chain of `chainId`; 400-free: callers check support first (`orderChainsOf`). */
function protocolChainOf(config: OrdersConfig, chainId: number): ProtocolChain {
  const chain = config.chains.get(chainId);
  if (chain === undefined) throw new Error(`chain ${chainId} has no protocol chain id`);
  return chain;
}

/** Whether both chains of a quote have protocol chain ids (orders can name them). */
export function ordersSupported(config: OrdersConfig, q: ValidatedQuote): boolean {
  return config.chains.has(q.body.originChainId) && config.chains.has(q.body.destinationChainId);
}

/** Order chain id → VM type, for every chain the mock names. */
export function chainVmTypesOf(config: OrdersConfig): ChainVmTypes {
  return Object.fromEntries(
    [...config.chains].map(([id, chain]) => [
      chain.chainId,
      getChainVm(id) === "svm" ? "solana-vm" : "ethereum-vm",
    ]),
  );
}

/** What every order format is built from: the quote, its amounts, both chains and the deadline. */
type OrderTerms = {
  config: OrdersConfig;
  q: ValidatedQuote;
  amounts: QuotedAmounts;
  origin: ProtocolChain;
  destination: ProtocolChain;
  deadline: number;
  salt: string;
};

/** `extraData` naming `chainId`'s fill router, or `"0x"` when it has none. */
function routerExtraData(config: OrdersConfig, chainId: number): string {
  const router = config.fillRouters?.get(chainId);
  return router === undefined ? "0x" : encodeFillContractExtraData(router);
}

/**
 * Who the order refunds on the origin chain: the quote's `refundTo` when it names one (a deposit-address
 * quote's is checked for the origin VM before the order is issued), else its user (the payer).
 */
export const refundRecipientOf = (q: ValidatedQuote): string =>
  q.refundTo !== null && !refundsToDepositor(q.refundTo) ? q.refundTo : q.user;

/** The quote's user calls as the order carries them. */
const orderCalls = (q: ValidatedQuote): string[] => q.calls.map((call) => encodeOrderCall(call));

/** The relayer fee, paid on the origin chain to the solver's account there (the same `Fee` in every format). */
function relayerFee({ config, q, amounts, origin }: OrderTerms): Order["fees"] {
  return [
    {
      recipientChainId: origin.chainId,
      recipient: q.originVm === "svm" ? config.solverSvm : config.solverEvm,
      currencyChainId: origin.chainId,
      currency: q.originCurrency,
      amount: amounts.relayerFee.toString(),
    },
  ];
}

/** `orderData` of each format the mock issues. */
const ORDER_DATA: { [V in OrderVersion]: (terms: OrderTerms) => Extract<AnyOrder, { version: V }> } = {
  v1: (terms): Order => {
    const { config, q, amounts, origin, destination, deadline, salt } = terms;
    return {
      version: "v1",
      solverChainId: origin.chainId,
      solver: config.solverEvm,
      salt,
      inputs: [
        {
          payment: {
            chainId: origin.chainId,
            currency: q.originCurrency,
            amount: amounts.amountIn.toString(),
            weight: "1",
          },
          refunds: [
            {
              chainId: origin.chainId,
              recipient: refundRecipientOf(q),
              currency: q.originCurrency,
              minimumAmount: amounts.amountIn.toString(),
              deadline: deadline + (config.refundWindowSeconds ?? DEFAULT_REFUND_WINDOW_SECONDS),
              extraData: routerExtraData(config, q.body.originChainId),
            },
          ],
        },
      ],
      output: {
        chainId: destination.chainId,
        payments: [
          {
            recipient: q.recipient,
            currency: q.destinationCurrency,
            minimumAmount: amounts.minimumOut.toString(),
            expectedAmount: amounts.expectedOut.toString(),
          },
        ],
        deadline,
        calls: orderCalls(q),
        extraData: routerExtraData(config, q.body.destinationChainId),
      },
      fees: relayerFee(terms),
    };
  },
  // The solver fills from its own inventory in the destination currency: what it withdraws from the
  // destination's depository and what the fill delivers are the same currency and minimum.
  v2: (terms): OrderV2 => {
    const { config, q, amounts, origin, destination, deadline, salt } = terms;
    return {
      version: "v2",
      relayerChainId: origin.chainId,
      relayer: config.solverEvm,
      salt,
      deadline,
      input: { chainId: origin.chainId, currency: q.originCurrency, amount: amounts.amountIn.toString() },
      refunds: [
        {
          chainId: origin.chainId,
          currency: q.originCurrency,
          minimumAmount: amounts.amountIn.toString(),
          recipient: refundRecipientOf(q),
        },
      ],
      output: {
        chainId: destination.chainId,
        withdraw: { currency: q.destinationCurrency, minimumAmount: amounts.minimumOut.toString() },
        fill: {
          currency: q.destinationCurrency,
          minimumAmount: amounts.minimumOut.toString(),
          recipient: q.recipient,
          calls: orderCalls(q),
        },
      },
      fees: relayerFee(terms),
    };
  },
};

/** The order a quote commits to, its id, the solver's signature and the payment details. */
export async function issueOrder(
  config: OrdersConfig,
  q: ValidatedQuote,
  amounts: QuotedAmounts,
  now: number,
): Promise<ProtocolOrderBlock> {
  const origin = protocolChainOf(config, q.body.originChainId);
  const orderData = ORDER_DATA[config.version ?? "v1"]({
    config,
    q,
    amounts,
    origin,
    destination: protocolChainOf(config, q.body.destinationChainId),
    deadline: Math.floor(now / 1000) + (config.deadlineSeconds ?? DEFAULT_DEADLINE_SECONDS),
    salt: BigInt(`0x${randomBytes(32).toString("hex")}`).toString(),
  });
  const orderId = getOrderId(orderData, chainVmTypesOf(config));
  return {
    orderId,
    hubType: "onchain",
    orderData,
    orderSignature: await config.signOrderId(orderId),
    paymentDetails: {
      chainId: origin.chainId,
      depository: origin.depository,
      currency: q.originCurrency,
      amount: amounts.amountIn.toString(),
    },
  };
}
