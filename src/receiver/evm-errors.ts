/**
 * Names the error a reverted receiver call carries. A transaction sent as raw calldata (viem's
 * `sendTransaction`) reaches the node without the receiver's ABI, so the revert arrives as bare
 * bytes (`0xc85a0837…`); decoding them against the receiver's ABI, which lists every error the
 * receiver and `RequestAttestation` can revert with, gives `RequestAlreadyAccepted(requestId)`.
 */
import { decodeErrorResult, type Hex, isHex } from "viem";
import { attestedReceiverAbi } from "./attested-receiver-abi.ts";

/** A receiver revert: the Solidity error's name and its decoded arguments. */
export interface EvmReceiverError {
  errorName: string;
  args: readonly unknown[];
}

/** Errors are chained through `cause` (viem wraps an RPC error several times); bounded walk. */
const MAX_CAUSE_DEPTH = 16;

function revertData(error: unknown): Hex | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < MAX_CAUSE_DEPTH && typeof current === "object" && current !== null; depth++) {
    const data = (current as { data?: unknown }).data;
    if (typeof data === "string" && isHex(data) && data.length >= 10) return data;
    if (typeof data === "object" && data !== null) {
      const nested = (data as { data?: unknown }).data;
      if (typeof nested === "string" && isHex(nested) && nested.length >= 10) return nested;
    }
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/**
 * Decodes the revert of a receiver call from the error viem (or any client whose errors chain the
 * node's JSON-RPC error through `cause` with its `data`) threw.
 * @param error what `sendTransaction`, `call` or `estimateGas` threw.
 * @returns the receiver error, or null when the error carries no revert data of the receiver's ABI.
 * @example
 * ```ts
 * try {
 *   await wallet.sendTransaction({ to: receiver, data: call.data, value: call.value });
 * } catch (error) {
 *   const reverted = decodeEvmReceiverError(error);
 *   if (reverted?.errorName === "RequestAlreadyAccepted") console.log("already paid");
 *   else throw error;
 * }
 * ```
 */
export function decodeEvmReceiverError(error: unknown): EvmReceiverError | null {
  const data = revertData(error);
  if (data === undefined) return null;
  try {
    const { errorName, args } = decodeErrorResult({ abi: attestedReceiverAbi, data });
    return { errorName, args: args ?? [] };
  } catch {
    return null;
  }
}
