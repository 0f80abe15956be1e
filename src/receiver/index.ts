/** Client side of the reference receivers: deposit calls built from attestations, events decoded. */
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
  decodeSvmReceiverRequestInvalidatedEvents,
  getSvmReceiverConfigAddress,
  getSvmReceiverDepositComputeUnitLimit,
  getSvmReceiverReplayAddress,
  getSvmReceiverWhitelistAddress,
  SVM_RECEIVER_DISCRIMINATORS,
  SVM_RECEIVER_PREFUNDED_REPLAY_EXTRA_CU,
  type SvmReceiverDepositedEvent,
  type SvmReceiverDepositInput,
  type SvmReceiverRequestInvalidatedEvent,
  type SvmReceiverTokenAccounts,
  type SvmTransactionLogs,
} from "./svm.ts";
export {
  buildSvmReceiverInvalidateRequestsInstruction,
  buildSvmReceiverSetMaxDeadlineWindowInstruction,
  SVM_RECEIVER_MAX_INVALIDATE_BATCH,
  type SvmReceiverInvalidateRequestsInput,
} from "./svm-admin.ts";
