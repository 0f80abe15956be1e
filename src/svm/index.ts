export {
  assertSvmAddress,
  assertSvmTokenAddress,
  isSvmAddress,
  isSvmNativeToken,
  isSvmTokenAddress,
} from "./address.ts";
export {
  COMPUTE_BUDGET_INSTRUCTIONS_BYTES,
  SVM_CHAIN_ID,
  SVM_NATIVE_TOKEN,
  SVM_NATIVE_TOKEN_DECIMALS,
  SVM_STABLE_TOKEN_DECIMALS,
  SVM_TX_SIZE_LIMIT,
  SVM_WRAPPED_NATIVE_TOKEN_DECIMALS,
} from "./constants.ts";
export {
  applySvmQuoteAttempt,
  nextSvmQuoteAttempt,
  SVM_QUOTE_MAX_ROUTE_LENGTHS,
  type SvmQuoteAttempt,
  type SvmQuoteLadderOptions,
  svmQuoteLadder,
} from "./quote-ladder.ts";
export {
  assertSvmTransactionMessageWithinLimit,
  assertSvmTransactionWithinLimit,
  canAppendComputeBudget,
  getSvmTransactionMessageSize,
  getSvmTransactionSize,
  isSvmTransactionWithinLimit,
  type SvmComputeBudget,
  type SvmComputeBudgetResult,
  type SvmSizableTransactionMessage,
  type SvmSizeLimitOptions,
  setSvmComputeBudgetIfFits,
} from "./size.ts";
