// attestkit: the package root re-exports every public module.
export * from "./address/index.ts";
export { parseUint256 } from "./amount.ts";
export * from "./attestation/index.ts";
export { assertChainId, type ChainVm, getChainVm } from "./chains.ts";
export * from "./client/index.ts";
export * from "./credit/index.ts";
export * from "./errors.ts";
export * from "./funding/index.ts";
export * from "./receiver/index.ts";
export * from "./schemas/index.ts";
export * from "./svm/index.ts";
