/** Client side of the reference receivers: deposit calls built from attestations, events decoded. */
export {
  attestedReceiverAbi,
  decodeEvmReceiverDeposit,
  type EvmReceiverDeposit,
  type EvmReceiverDepositInput,
  encodeEvmReceiverDeposit,
} from "./evm.ts";
export {
  buildSvmReceiverDepositInstruction,
  decodeSvmReceiverDepositedEvent,
  decodeSvmReceiverDepositedEvents,
  getSvmAssociatedTokenAddress,
  getSvmReceiverConfigAddress,
  getSvmReceiverReplayAddress,
  getSvmReceiverWhitelistAddress,
  SVM_ASSOCIATED_TOKEN_PROGRAM,
  SVM_RECEIVER_DISCRIMINATORS,
  SVM_SYSTEM_PROGRAM,
  SVM_TOKEN_2022_PROGRAM,
  SVM_TOKEN_PROGRAM,
  type SvmReceiverDepositedEvent,
  type SvmReceiverDepositInput,
  type SvmReceiverTokenAccounts,
} from "./svm.ts";
