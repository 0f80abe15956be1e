/**
 * Protocol orders of the mock (`POST /quote/v2` and `/quote` with `includeProtocolData: true`): the
 * order a quote commits to (one input paid on the origin chain, refundable to the user; one output
 * payment to the recipient with the quote's minimum and expected amounts; the relayer fee), its id
 * (EIP-712 `hashStruct(Order)`, `attestkit/orders`), the solver's EIP-191 signature over the id's 32
 * raw bytes, and the payment details naming the origin chain's depository.
 */
import { randomBytes } from "node:crypto";
import type { Hex } from "viem";
import { getChainVm } from "../chains.ts";
import { type ChainVmTypes, getOrderId, type Order } from "../orders/index.ts";
import type { ProtocolV2 } from "../schemas/index.ts";
import type { ProtocolChain } from "./protocol-chains.ts";
import type { ValidatedQuote } from "./quotes.ts";

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
  /** Seconds from quoting to the output's and the refund's deadlines (default 600). */
  deadlineSeconds?: number;
}

/** `protocol.v2` of a quote response, as the mock issues it. */
export type ProtocolOrderBlock = ProtocolV2 & {
  orderId: Hex;
  hubType: "onchain";
  orderData: Order;
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

/** The order a quote commits to, its id, the solver's signature and the payment details. */
export async function issueOrder(
  config: OrdersConfig,
  q: ValidatedQuote,
  amounts: QuotedAmounts,
  now: number,
): Promise<ProtocolOrderBlock> {
  const origin = protocolChainOf(config, q.body.originChainId);
  const destination = protocolChainOf(config, q.body.destinationChainId);
  const deadline = Math.floor(now / 1000) + (config.deadlineSeconds ?? DEFAULT_DEADLINE_SECONDS);
  const feeRecipient = q.originVm === "svm" ? config.solverSvm : config.solverEvm;
  const orderData: Order = {
    version: "v1",
    solverChainId: origin.chainId,
    solver: config.solverEvm,
    salt: BigInt(`0x${randomBytes(32).toString("hex")}`).toString(),
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
            recipient: q.user,
            currency: q.originCurrency,
            minimumAmount: amounts.amountIn.toString(),
            deadline,
            extraData: "0x",
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
      calls: [],
      extraData: "0x",
    },
    fees: [
      {
        recipientChainId: origin.chainId,
        recipient: feeRecipient,
        currencyChainId: origin.chainId,
        currency: q.originCurrency,
        amount: amounts.relayerFee.toString(),
      },
    ],
  };
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
