import { describeValue } from "./describe.ts";
import { InvalidChainIdError } from "./errors.ts";
import { SVM_CHAIN_ID } from "./svm/index.ts";

/** The virtual machine family a chain id belongs to. */
export type ChainVm = "evm" | "svm";

/**
 * Throws `InvalidChainIdError` unless `chainId` is a positive safe integer.
 * @param chainId the value to check.
 * @param what the name used in the error message.
 * @example
 * ```ts
 * assertChainId(Number(params.chainId), "chainId"); // throws InvalidChainIdError for 0, -1, 1.5, NaN
 * ```
 */
export function assertChainId(chainId: unknown, what = "chainId"): asserts chainId is number {
  if (typeof chainId !== "number" || !Number.isSafeInteger(chainId) || chainId <= 0) {
    throw new InvalidChainIdError(`${what} must be a positive safe integer, got ${describeValue(chainId)}`);
  }
}

/**
 * The service's one SVM chain is 792703809; every other chain id is EVM.
 * @param chainId a chain id.
 * @example
 * ```ts
 * getChainVm(792703809); // "svm"
 * getChainVm(8453);      // "evm"
 * ```
 */
export function getChainVm(chainId: number): ChainVm {
  assertChainId(chainId);
  return chainId === SVM_CHAIN_ID ? "svm" : "evm";
}
