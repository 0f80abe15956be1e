import type { Address, Hex } from "viem";

/**
 * `protocol.v2.orderData` as the service returns it: chain ids are the
 * protocol's strings (`"base"`, `"solana"`), addresses and currencies are in the
 * native form of their chain's VM, uint256 values are decimal (or 0x hex) strings,
 * deadlines are unix seconds.
 */
export type Order = {
  version: "v1";
  solverChainId: string;
  /** EVM address of the solver (the same on every chain). */
  solver: string;
  salt: string;
  inputs: OrderInput[];
  output: OrderOutput;
  fees: OrderFee[];
};

export type OrderInput = { payment: OrderInputPayment; refunds: OrderInputRefund[] };

export type OrderInputPayment = { chainId: string; currency: string; amount: string; weight: string };

export type OrderInputRefund = {
  chainId: string;
  recipient: string;
  currency: string;
  minimumAmount: string;
  deadline: number;
  extraData: string;
};

export type OrderOutput = {
  chainId: string;
  payments: OrderOutputPayment[];
  deadline: number;
  calls: string[];
  extraData: string;
};

export type OrderOutputPayment = {
  recipient: string;
  currency: string;
  minimumAmount: string;
  expectedAmount: string;
};

export type OrderFee = {
  recipientChainId: string;
  recipient: string;
  currencyChainId: string;
  currency: string;
  amount: string;
};

/**
 * A `"v2"` order (the settlement SDK's next format) as `orderData` carries it,
 * in the same native forms as `Order`: one relayer with exclusive filling
 * rights (an EVM address), one deadline for filling or refunding, one input,
 * the refund options, and the output: the minimum the relayer withdraws from
 * the depository and what the fill must deliver to the recipient.
 */
export type OrderV2 = {
  version: "v2";
  relayerChainId: string;
  /** EVM address of the relayer with exclusive filling rights. */
  relayer: string;
  salt: string;
  /** Unix seconds: the last moment to fill, and to refund. */
  deadline: number;
  input: OrderV2Input;
  refunds: OrderV2Refund[];
  output: OrderV2Output;
  fees: OrderFee[];
};

export type OrderV2Input = { chainId: string; currency: string; amount: string };

export type OrderV2Refund = { chainId: string; currency: string; minimumAmount: string; recipient: string };

export type OrderV2Output = {
  chainId: string;
  /** The minimum withdrawn from the depository on the output chain (to the relayer's router). */
  withdraw: { currency: string; minimumAmount: string };
  /** What the fill must end with: at least `minimumAmount` of `currency` to `recipient`, then `calls`. */
  fill: { currency: string; minimumAmount: string; recipient: string; calls: string[] };
};

/** An order of any version attestkit encodes. */
export type AnyOrder = Order | OrderV2;

/**
 * An order with every address and currency already VM-encoded (the `bytes`
 * members of the EIP-712 types) and every number parsed: the exact data that
 * is hashed, and what the Solidity and SVM implementations take.
 */
export type EncodedOrder = {
  version: "v1";
  solverChainId: string;
  solver: Address;
  salt: bigint;
  inputs: {
    payment: { chainId: string; currency: Hex; amount: bigint; weight: bigint };
    refunds: {
      chainId: string;
      recipient: Hex;
      currency: Hex;
      minimumAmount: bigint;
      deadline: number;
      extraData: Hex;
    }[];
  }[];
  output: {
    chainId: string;
    payments: { recipient: Hex; currency: Hex; minimumAmount: bigint; expectedAmount: bigint }[];
    deadline: number;
    calls: Hex[];
    extraData: Hex;
  };
  fees: {
    recipientChainId: string;
    recipient: Hex;
    currencyChainId: string;
    currency: Hex;
    amount: bigint;
  }[];
};

/** `EncodedOrder` for a `"v2"` order: the exact data its id hashes. */
export type EncodedOrderV2 = {
  version: "v2";
  relayerChainId: string;
  relayer: Address;
  salt: bigint;
  deadline: number;
  input: { chainId: string; currency: Hex; amount: bigint };
  refunds: { chainId: string; currency: Hex; minimumAmount: bigint; recipient: Hex }[];
  output: {
    chainId: string;
    withdraw: { currency: Hex; minimumAmount: bigint };
    fill: { currency: Hex; minimumAmount: bigint; recipient: Hex; calls: Hex[] };
  };
  fees: EncodedOrder["fees"];
};

/** The encoded order of each version, by `version`. */
export type EncodedOrders = { v1: EncodedOrder; v2: EncodedOrderV2 };

/** An encoded order of any version attestkit encodes. */
export type AnyEncodedOrder = EncodedOrders[keyof EncodedOrders];
