// attestkit: the package root re-exports the library's public modules. The zod schemas of every
// endpoint live at attestkit/schemas; the service, devnet, deploy and ignition tools at their own entries.
// What is built on @solana/kit (the SVM receiver's and order depositor's instructions, PDAs and events, the
// SVM transaction size gates) is at attestkit/receiver and attestkit/svm only: kit's codecs bring its whole
// error-message table into a browser bundle, which would take the root over its size budget
// (bench/bundle-budgets.ts).
export * from "./address/index.ts";
export { parseUint256 } from "./amount.ts";
export * from "./attestation/index.ts";
export { assertChainId, type ChainVm, getChainVm } from "./chains.ts";
export * from "./client/index.ts";
export * from "./credit/index.ts";
export * from "./errors.ts";
export * from "./funding/index.ts";
export * from "./orders/index.ts";
export {
  attestedReceiverAbi,
  decodeEvmReceiverDeposit,
  type EvmReceiverDeposit,
  type EvmReceiverDepositInput,
  encodeEvmReceiverDeposit,
  encodeEvmReceiverInvalidation,
} from "./receiver/evm.ts";
export { decodeEvmReceiverError, type EvmReceiverError } from "./receiver/evm-errors.ts";
// Types only: the zod schemas themselves are at attestkit/schemas.
export type * from "./schemas/index.ts";
export {
  assertSvmAddress,
  assertSvmTokenAddress,
  isSvmAddress,
  isSvmNativeToken,
  isSvmTokenAddress,
} from "./svm/address.ts";
export {
  COMPUTE_BUDGET_INSTRUCTIONS_BYTES,
  SVM_CHAIN_ID,
  SVM_NATIVE_TOKEN,
  SVM_NATIVE_TOKEN_DECIMALS,
  SVM_STABLE_TOKEN_DECIMALS,
  SVM_TX_SIZE_LIMIT,
  SVM_WRAPPED_NATIVE_TOKEN_DECIMALS,
} from "./svm/constants.ts";
export {
  applySvmQuoteAttempt,
  nextSvmQuoteAttempt,
  SVM_QUOTE_MAX_ROUTE_LENGTHS,
  type SvmQuoteAttempt,
  type SvmQuoteLadderOptions,
  svmQuoteLadder,
} from "./svm/quote-ladder.ts";
