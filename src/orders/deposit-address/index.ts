/**
 * Strict deposit addresses (`attestkit/deposit-addresses`): the address a quote's plain transfer pays
 * (EVM CREATE2 clone, SVM program-derived address) and the verifiers of the sweep that deposits it
 * under the order id for the depositor.
 *
 * @module deposit-addresses
 */
export { evmDepositAddressInitCode, evmDepositAddressSalt, predictEvmDepositAddress } from "./evm.ts";
export { predictDepositAddress } from "./predict.ts";
export {
  findSvmDepositAddress,
  predictSvmDepositAddress,
  SVM_DEPOSIT_ADDRESS_DEVNET_PROGRAM,
  SVM_DEPOSIT_ADDRESS_SEED,
  svmDepositAddressSeeds,
} from "./svm.ts";
export type * from "./types.ts";
export { verifyDepositAddressSweep } from "./verify-evm.ts";
export { verifySvmDepositAddressSweep } from "./verify-sweep-svm.ts";
export type * from "./verify-types.ts";
