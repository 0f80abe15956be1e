// attestkit: the package root re-exports the library's public modules. The zod schemas of every
// endpoint live at attestkit/schemas; the service, devnet, deploy and ignition tools at their own entries.
export * from "./address/index.ts";
export { parseUint256 } from "./amount.ts";
export * from "./attestation/index.ts";
export { assertChainId, type ChainVm, getChainVm } from "./chains.ts";
export * from "./client/index.ts";
export * from "./credit/index.ts";
export * from "./errors.ts";
export * from "./funding/index.ts";
export * from "./gasless/index.ts";
export * from "./orders/index.ts";
export * from "./receiver/index.ts";
// Types only: the zod schemas themselves are at attestkit/schemas.
export type * from "./schemas/index.ts";
export * from "./svm/index.ts";
