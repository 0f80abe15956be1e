export { evmDepositAddressInitCode, evmDepositAddressSalt, predictEvmDepositAddress } from "./evm.ts";
export { predictDepositAddress } from "./predict.ts";
export type * from "./types.ts";
export { verifyDepositAddressSweep } from "./verify-evm.ts";
export type * from "./verify-types.ts";
