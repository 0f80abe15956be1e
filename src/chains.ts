import { describeValue } from "./describe.ts";
import { InvalidChainIdError } from "./errors.ts";
import { SVM_CHAIN_ID } from "./svm/index.ts";

/** The virtual machine family a chain id belongs to. */
export type ChainVm = "evm" | "svm";

/** Throws `InvalidChainIdError` unless `chainId` is a positive safe integer. */
export function assertChainId(chainId: unknown, what = "chainId"): asserts chainId is number {
  if (typeof chainId !== "number" || !Number.isSafeInteger(chainId) || chainId <= 0) {
    throw new InvalidChainIdError(`${what} must be a positive safe integer, got ${describeValue(chainId)}`);
  }
}

/** The service's one SVM chain is 792703809; every other chain id is EVM. */
export function getChainVm(chainId: number): ChainVm {
  assertChainId(chainId);
  return chainId === SVM_CHAIN_ID ? "svm" : "evm";
}
