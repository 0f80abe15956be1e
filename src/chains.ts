import { InvalidChainIdError } from "./errors.ts";
import { SVM_CHAIN_ID } from "./svm/index.ts";

/** The virtual machine family a chain id belongs to. */
export type ChainVm = "evm" | "svm";

/** Throws `InvalidChainIdError` unless `chainId` is a positive safe integer. */
export function assertChainId(chainId: unknown, what = "chainId"): asserts chainId is number {
  if (typeof chainId !== "number" || !Number.isSafeInteger(chainId) || chainId <= 0) {
    throw new InvalidChainIdError(`${what} must be a positive safe integer, got ${describe(chainId)}`);
  }
}

/** The service's one SVM chain is 792703809; every other chain id is EVM. */
export function getChainVm(chainId: number): ChainVm {
  assertChainId(chainId);
  return chainId === SVM_CHAIN_ID ? "svm" : "evm";
}

/** A short, safe rendering of an untrusted value for error messages. */
export function describe(value: unknown): string {
  if (typeof value === "string") return JSON.stringify(value.length > 80 ? `${value.slice(0, 80)}…` : value);
  if (typeof value === "bigint") return `${value}n`;
  if (value === null || typeof value !== "object") return String(value);
  return Array.isArray(value) ? "an array" : "an object";
}
