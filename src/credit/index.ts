export { creditedAmount } from "./balance-change.ts";
export { type EvmLog, evmTokenCredit } from "./evm.ts";
export {
  type SvmBalanceMeta,
  type SvmControlledAccounts,
  type SvmCredit,
  type SvmTokenBalance,
  svmCredits,
} from "./svm.ts";
