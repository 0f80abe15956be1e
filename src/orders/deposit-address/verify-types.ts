import type { Hex } from "viem";
import type { EvmLegClient, EvmLegEvidence } from "../verify-leg-types.ts";

/**
 * Why a sweep does not show a deposit address's payment deposited under its order for its depositor,
 * on either VM (`verifyDepositAddressSweep`, `verifySvmDepositAddressSweep`). Codes that name a
 * failure possible on one VM only say so.
 */
export type DepositAddressCheckCode =
  /** The sweep (or the payment) failed: it moved nothing. */
  | "TX_FAILED"
  /** No deposit under the order id: the depository recorded none (EVM), or the address's deposit names another id (SVM). */
  | "NO_DEPOSIT_UNDER_ORDER"
  | "DEPOSITOR_MISMATCH"
  | "DEPOSIT_CURRENCY_MISMATCH"
  /** Nothing the depository received in the sweep came from the deposit address. */
  | "DEPOSIT_NOT_FROM_ADDRESS"
  | "DEPOSIT_BELOW_MINIMUM"
  /** EVM only: a transaction given by hash is not on the chain (the SVM verifier takes it already read). */
  | "TX_NOT_FOUND"
  /** EVM only: a native sweep's source needs the call trace, which the node did not give. */
  | "DEPOSIT_SOURCE_UNKNOWN"
  /** EVM only (the payment check): the payment did not reach the deposit address. */
  | "DEPOSIT_ADDRESS_MISMATCH"
  /** EVM only (the payment check): the payment paid the address another currency. */
  | "PAYMENT_CURRENCY_MISMATCH"
  /** EVM only (the payment check): the sweep landed before the payment. */
  | "SWEEP_BEFORE_PAYMENT"
  /** EVM only (the payment check): the sweep deposited less than the payment. */
  | "DEPOSIT_BELOW_PAYMENT"
  /** SVM only: the transaction's wire message does not decode. */
  | "TX_MALFORMED"
  /** SVM only: the transaction has not reached the required commitment. */
  | "TX_NOT_FINAL";

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

/** What a sweep verifier reports, on either VM. */
export type DepositAddressVerification = {
  /** True only when `failures` is empty. */
  ok: boolean;
  /** The deposit address the order and depositor (and, on SVM, the mint) derive. */
  address: string;
  /** The sweep's transaction hash (SVM: its signature). */
  sweepTxHash: string;
  /** The payment checked with the sweep; null when none was (the SVM verifier checks the sweep only). */
  paymentTxHash: string | null;
  /** What the sweep moved from the address into the depository, measured (0 when nothing was found). */
  deposited: bigint;
  /** What the payment paid into the address (null without a payment). */
  paid: bigint | null;
  failures: DepositAddressCheckFailure[];
};
