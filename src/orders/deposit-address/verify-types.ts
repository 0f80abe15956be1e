import type { Hex } from "viem";
import type { EvmLegClient, EvmLegEvidence } from "../verify-leg-types.ts";

/** Why a sweep does not show a deposit address's payment deposited under its order for its depositor. */
export type DepositAddressCheckCode =
  | "TX_NOT_FOUND"
  | "TX_FAILED"
  | "DEPOSIT_ADDRESS_MISMATCH"
  | "PAYMENT_CURRENCY_MISMATCH"
  | "SWEEP_BEFORE_PAYMENT"
  | "NO_DEPOSIT_UNDER_ORDER"
  | "DEPOSITOR_MISMATCH"
  | "DEPOSIT_CURRENCY_MISMATCH"
  | "DEPOSIT_NOT_FROM_ADDRESS"
  | "DEPOSIT_SOURCE_UNKNOWN"
  | "DEPOSIT_BELOW_PAYMENT"
  | "DEPOSIT_BELOW_MINIMUM";

export type DepositAddressCheckFailure = {
  code: DepositAddressCheckCode;
  message: string;
  expected?: string;
  actual?: string;
};

/** An EVM transaction by hash (read with `client`), or already held. */
export type EvmTxSource = Hex | EvmLegEvidence;

export type VerifyDepositAddressSweepParams = {
  /** The chain's `DepositAddressFactory` and its implementation (GET /chains `contracts`). */
  factory: string;
  implementation: string;
  /** The order the address deposits under. */
  orderId: Hex;
  /** The account the depository must credit (the quote's user). */
  depositor: string;
  /** The currency paid: token address, or the zero address for native. */
  currency: string;
  /** The chain's depository (GET /chains `protocol.v2.depository`; default the canonical one). */
  depository?: string;
  /** The sweep: the transaction whose depository events deposit what the address held. */
  sweep: EvmTxSource;
  /** The user's direct payment to the address, which the sweep must have deposited (at least its amount). */
  payment?: EvmTxSource;
  /** The least the sweep must deposit from the address (e.g. the quote's input amount). */
  minimumAmount?: bigint | string;
  /** Reads the transactions given by hash, with `debug_traceTransaction` for a native sweep's source. */
  client?: EvmLegClient;
};

export type DepositAddressVerification = {
  /** True only when `failures` is empty. */
  ok: boolean;
  /** The deposit address the order and depositor derive. */
  address: string;
  sweepTxHash: string;
  paymentTxHash: string | null;
  /** What the sweep moved from the address into the depository under the order for the depositor. */
  deposited: bigint;
  /** What the payment paid into the address (null without `payment`). */
  paid: bigint | null;
  failures: DepositAddressCheckFailure[];
};
