/** Client side of the reference receivers: deposit calls built from attestations, events decoded. */
export {
  attestedReceiverAbi,
  decodeEvmReceiverDeposit,
  type EvmReceiverDeposit,
  type EvmReceiverDepositInput,
  encodeEvmReceiverDeposit,
  encodeEvmReceiverInvalidation,
} from "./evm.ts";
export {
  buildSvmReceiverDepositInstruction,
  decodeSvmReceiverDepositedEvent,
  decodeSvmReceiverDepositedEvents,
  getSvmReceiverConfigAddress,
  getSvmReceiverReplayAddress,
  getSvmReceiverWhitelistAddress,
  SVM_RECEIVER_DISCRIMINATORS,
  type SvmReceiverDepositedEvent,
  type SvmReceiverDepositInput,
  type SvmReceiverTokenAccounts,
} from "./svm.ts";
