export { evmDepositAddressInitCode, evmDepositAddressSalt, predictEvmDepositAddress } from "./evm.ts";
export { predictDepositAddress } from "./predict.ts";
export type * from "./types.ts";
