import { encodeFunctionData, erc20Abi, type Hex } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import {
  type AnyOrder,
  CANONICAL_EVM_DEPOSITORY,
  encodeSvmDepositData,
  getOrderId,
  NATIVE_CURRENCY,
  type Order,
  type OrderV2,
  RELAY_DEPOSITORY_ABI,
  SVM_DEPOSITORY_PROGRAM,
  signOrderId,
} from "../../src/index.ts";
import { orderVectors } from "./vectors.ts";

export const solver = privateKeyToAccount(orderVectors.solver.privateKey);
export const attacker = privateKeyToAccount(`0x${"ab".repeat(32)}`);
export const NOW = 1_800_000_000;
export const EVM_PAYER = "0x1111111111111111111111111111111111111111";
export const SVM_PAYER = "9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin";
export const EVM_TOKEN = "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913";
export const SVM_MINT = "EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v";
export const RECIPIENT = "7EaP2zkxDLo86x4rnNwwLhB593PsbMva41dqfrfxhsb1";
export const EVM_RECIPIENT = "0x2222222222222222222222222222222222222222";

export const chainsResponse = {
  chains: [
    {
      id: 8453,
      name: "base",
      vmType: "evm",
      protocol: { v2: { chainId: "base", depository: CANONICAL_EVM_DEPOSITORY } },
    },
    {
      id: 10,
      name: "optimism",
      vmType: "evm",
      protocol: { v2: { chainId: "optimism", depository: CANONICAL_EVM_DEPOSITORY } },
    },
    {
      id: 792703809,
      name: "solana",
      vmType: "svm",
      protocol: { v2: { chainId: "solana", depository: SVM_DEPOSITORY_PROGRAM } },
    },
    { id: 8253038, name: "bitcoin", vmType: "bvm" },
  ],
};
export const vmTypes = { base: "ethereum-vm", optimism: "ethereum-vm", solana: "solana-vm" } as const;

export type Origin = "evm-native" | "evm-erc20" | "svm-native" | "svm-token";

/** An order paid on the origin chain, filled on the other VM, with a refund to the payer. */
export function orderFor(origin: Origin): Order {
  const svm = origin.startsWith("svm");
  const chainId = svm ? "solana" : "base";
  const currency =
    origin === "evm-native"
      ? NATIVE_CURRENCY["ethereum-vm"]
      : origin === "evm-erc20"
        ? EVM_TOKEN
        : origin === "svm-native"
          ? NATIVE_CURRENCY["solana-vm"]
          : SVM_MINT;
  const payer = svm ? SVM_PAYER : EVM_PAYER;
  return {
    version: "v1",
    solverChainId: "base",
    solver: solver.address,
    salt: "0x0ef19e8ac216cebd161d73425c0b1e1ae12f5a4d56fc54cddb4f9755c5e7b1b8",
    inputs: [
      {
        payment: { chainId, currency, amount: "1000000", weight: "1" },
        refunds: [
          { chainId, recipient: payer, currency, minimumAmount: "0", deadline: NOW + 600, extraData: "0x" },
        ],
      },
    ],
    output: {
      chainId: svm ? "base" : "solana",
      payments: [
        {
          recipient: svm ? EVM_RECIPIENT : RECIPIENT,
          currency: svm ? NATIVE_CURRENCY["ethereum-vm"] : SVM_MINT,
          minimumAmount: "990000",
          expectedAmount: "1000000",
        },
      ],
      calls: [],
      deadline: NOW + 300,
      extraData: "0x",
    },
    fees: [],
  };
}

/**
 * `orderFor(origin)` in the v2 format: its one input and refunds, the output payment as both the
 * withdraw and the fill (the relayer fills from its own inventory, as the mock does), the shared
 * deadline the v1 output's.
 */
export function asV2(order: Order): OrderV2 {
  const [input] = order.inputs;
  const [payment] = order.output.payments;
  if (input === undefined || payment === undefined)
    throw new Error("a quote order has an input and a payment");
  return {
    version: "v2",
    relayerChainId: order.solverChainId,
    relayer: order.solver,
    salt: order.salt,
    deadline: order.output.deadline,
    input: { chainId: input.payment.chainId, currency: input.payment.currency, amount: input.payment.amount },
    refunds: input.refunds.map(({ chainId, currency, minimumAmount, recipient }) => ({
      chainId,
      currency,
      minimumAmount,
      recipient,
    })),
    output: {
      chainId: order.output.chainId,
      withdraw: { currency: payment.currency, minimumAmount: payment.minimumAmount },
      fill: {
        currency: payment.currency,
        minimumAmount: payment.minimumAmount,
        recipient: payment.recipient,
        calls: order.output.calls,
      },
    },
    fees: order.fees,
  };
}

/** The input an order is paid with. */
const inputOf = (order: AnyOrder) => (order.version === "v1" ? order.inputs[0]!.payment : order.input);

/** What the order delivers, as the quote's `details` show it (numeric chain id, native address form). */
function detailsOf(order: AnyOrder) {
  const out = order.version === "v1" ? order.output.payments[0]! : order.output.fill;
  const chainId = chainsResponse.chains.find(
    (chain) => chain.protocol?.v2.chainId === order.output.chainId,
  )!.id;
  return {
    recipient: out.recipient,
    currencyOut: {
      currency: { chainId, address: out.currency },
      amount: "expectedAmount" in out ? out.expectedAmount : out.minimumAmount,
      minimumAmount: out.minimumAmount,
    },
  };
}

/** A deposit step item for the order as the service would return it. */
export function depositItem(origin: Origin, order: AnyOrder, orderId: Hex) {
  const { currency, amount } = inputOf(order);
  if (origin === "evm-native" || origin === "evm-erc20") {
    const data =
      origin === "evm-native"
        ? encodeFunctionData({
            abi: RELAY_DEPOSITORY_ABI,
            functionName: "depositNative",
            args: [EVM_PAYER, orderId],
          })
        : encodeFunctionData({
            abi: RELAY_DEPOSITORY_ABI,
            functionName: "depositErc20",
            args: [EVM_PAYER, currency as Hex, BigInt(amount), orderId],
          });
    return {
      from: EVM_PAYER,
      to: CANONICAL_EVM_DEPOSITORY,
      chainId: 8453,
      value: origin === "evm-native" ? amount : "0",
      data,
    };
  }
  const kind = origin === "svm-native" ? "native" : "token";
  const keys = [
    SVM_DEPOSITORY_PROGRAM,
    SVM_PAYER,
    SVM_PAYER,
    "Vau1t11111111111111111111111111111111111111",
    ...(kind === "token" ? [currency] : []),
  ].map((pubkey) => ({ pubkey, isSigner: false, isWritable: false }));
  return {
    from: SVM_PAYER,
    to: SVM_DEPOSITORY_PROGRAM,
    chainId: 792703809,
    instructions: [
      { programId: SVM_DEPOSITORY_PROGRAM, keys, data: encodeSvmDepositData(kind, BigInt(amount), orderId) },
    ],
  };
}

/** An EVM step item approving `spender` for `amount` of `token`, sent by the payer on Base. */
export function approveItem(token: string, spender: string, amount: bigint) {
  return {
    from: EVM_PAYER,
    to: token,
    chainId: 8453,
    value: "0",
    data: encodeFunctionData({ abi: erc20Abi, functionName: "approve", args: [spender as Hex, amount] }),
  };
}

/**
 * A quote with a signed protocol.v2 block and its steps for `origin`, as the service returns them:
 * for an ERC-20 order the exact approval of the depository first, then the deposit; `details` shows
 * what the order delivers.
 */
export async function quoteFor<O extends AnyOrder = Order>(origin: Origin, order: O = orderFor(origin) as O) {
  const orderId = getOrderId(order, vmTypes);
  const { chainId, currency, amount } = inputOf(order);
  const approval =
    origin === "evm-erc20"
      ? [
          {
            id: "approve",
            kind: "transaction",
            items: [
              { status: "incomplete", data: approveItem(currency, CANONICAL_EVM_DEPOSITORY, BigInt(amount)) },
            ],
          },
        ]
      : [];
  return {
    steps: [
      ...approval,
      {
        id: "deposit",
        kind: "transaction",
        items: [{ status: "incomplete", data: depositItem(origin, order, orderId) }],
      },
    ],
    details: detailsOf(order),
    protocol: {
      v2: {
        orderId,
        hubType: "onchain",
        orderData: order,
        orderSignature: await signOrderId(solver, orderId),
        paymentDetails: {
          chainId,
          depository: origin.startsWith("svm") ? SVM_DEPOSITORY_PROGRAM : CANONICAL_EVM_DEPOSITORY,
          currency,
          amount,
        },
      },
    },
  };
}

export type TestQuote = Awaited<ReturnType<typeof quoteFor<Order>>>;
export type TestQuoteV2 = Awaited<ReturnType<typeof quoteFor<OrderV2>>>;

export function options(origin: Origin, policy = {}) {
  return {
    chains: chainsResponse,
    expectedPayer: origin.startsWith("svm") ? SVM_PAYER : EVM_PAYER,
    solver: solver.address,
    now: NOW,
    policy,
  };
}
