// The refusal class of each custom error code of the reference SVM programs (programs/receiver-interface's
// ReceiverError and OrderError, and the depository's errors an order deposit surfaces through its CPI).
import type { RefusalClass } from "../refusal.ts";

/** `ReceiverError` (6000-6045): the attested receiver's codes, shared by the order depositor. */
export const SVM_RECEIVER_REFUSAL_CLASSES: Readonly<Record<string, RefusalClass>> = {
  6002: "paused",
  6003: "signature",
  6004: "signature",
  6005: "signature",
  6006: "signature",
  6007: "signature",
  6008: "chain",
  6009: "payer",
  6010: "currency",
  6011: "amount",
  6012: "amount",
  6013: "amount",
  6014: "deadline",
  6015: "deadline",
  6016: "whitelist",
  6017: "replay",
  6018: "payer",
  6019: "account",
  6020: "account",
  6022: "account",
  6023: "account",
  6024: "account",
  6025: "account",
  6026: "account",
  6027: "unauthorized",
  6028: "unauthorized",
  6029: "account",
  6030: "account",
  6031: "token",
  6034: "account",
  6039: "invalidated",
  6040: "unauthorized",
  6041: "token",
  6042: "token",
  6043: "token",
};

/** The depository's vault checks, as an order deposit's CPI surfaces them. */
export const DEPOSITORY_INVALID_VAULT_TOKEN_ACCOUNT = 6010;
export const DEPOSITORY_INVALID_VAULT_ADDRESS = 6012;
/** Token-2022's `AccountFrozen` and `NonTransferable`: a transfer of a frozen or non-transferable token. */
export const TOKEN_2022_ACCOUNT_FROZEN = 17;
export const TOKEN_2022_NON_TRANSFERABLE = 37;

/**
 * The order depositor's codes: `ReceiverError`, `OrderError` (6100-6118), and the depository's vault checks
 * (`InvalidVaultTokenAccount` 6010, `InvalidVaultAddress` 6012), which the order depositor's own errors never
 * use (it reports `InputCurrencyMismatch` and `DepositedAmountMismatch` instead), and Token-2022's refusals of
 * a frozen or non-transferable token.
 */
export const SVM_ORDER_DEPOSITOR_REFUSAL_CLASSES: Readonly<Record<string, RefusalClass>> = {
  ...SVM_RECEIVER_REFUSAL_CLASSES,
  [TOKEN_2022_ACCOUNT_FROZEN]: "token",
  [TOKEN_2022_NON_TRANSFERABLE]: "token",
  [DEPOSITORY_INVALID_VAULT_TOKEN_ACCOUNT]: "account",
  [DEPOSITORY_INVALID_VAULT_ADDRESS]: "account",
  6102: "chain",
  6103: "currency",
  6104: "amount",
  6105: "amount",
  6106: "amount",
  6107: "deadline",
  6108: "whitelist",
  6109: "replay",
  6110: "account",
  6111: "whitelist",
  6114: "solver",
  6115: "invalidated",
  6116: "payer",
  6117: "payer",
  6118: "calls",
};
