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
 * An order with every address and currency already VM-encoded (the `bytes`
 * members of the EIP-712 types) and every number parsed: the exact data that
 * is hashed, and what the Solidity and SVM implementations take.
 */
export type EncodedOrder = {
  version: string;
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
