/** Client side of the reference receivers: deposit calls built from attestations, events decoded. */

// The SVM order-gated depositor's invalidate_orders (its own program and codama client).
export * from "../order-depositor/index.ts";
export { getSvmSweepInstruction, type SvmSweepParams } from "../orders/deposit-address/svm-sweep.ts";
export {
  attestedReceiverAbi,
  decodeEvmReceiverDeposit,
  type EvmReceiverDeposit,
  type EvmReceiverDepositInput,
  encodeEvmReceiverDeposit,
  encodeEvmReceiverInvalidation,
} from "./evm.ts";
export { decodeEvmReceiverError, type EvmReceiverError } from "./evm-errors.ts";
export {
  buildSvmReceiverDepositInstruction,
  decodeSvmReceiverDepositedEvent,
  decodeSvmReceiverDepositedEvents,
  decodeSvmReceiverInvalidationTooLateEvents,
  decodeSvmReceiverRequestInvalidatedEvents,
  getSvmReceiverConfigAddress,
  getSvmReceiverDepositComputeUnitLimit,
  getSvmReceiverReplayAddress,
  getSvmReceiverWhitelistAddress,
  SVM_RECEIVER_DISCRIMINATORS,
  SVM_RECEIVER_PREFUNDED_REPLAY_EXTRA_CU,
  type SvmReceiverDepositedEvent,
  type SvmReceiverDepositInput,
  type SvmReceiverInvalidationTooLateEvent,
  type SvmReceiverRequestInvalidatedEvent,
  type SvmReceiverTokenAccounts,
  type SvmTransactionLogs,
} from "./svm.ts";
export {
  buildSvmReceiverInvalidateRequestsInstructions,
  buildSvmReceiverSetMaxDeadlineWindowInstruction,
  decodeSvmReceiverInvalidateOutcomes,
  getSvmReceiverInvalidateComputeUnitLimit,
  SVM_RECEIVER_INVALIDATE_COMPUTE_UNITS,
  SVM_RECEIVER_MAX_INVALIDATE_BATCH,
  type SvmReceiverInvalidateOutcome,
  type SvmReceiverInvalidateRequestsInput,
} from "./svm-admin.ts";
