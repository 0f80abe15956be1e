/**
 * Client side of the EVM reference receiver (`contracts/AttestedReceiver.sol`): the deposit call for
 * an attestation as the signature endpoint returns it (service interface: Attestation), the current
 * solver's (or owner's) call that invalidates request ids, and the `DepositAccepted` event decoded back
 * into the deposit it reports.
 */
import {
  type Address,
  decodeEventLog,
  encodeFunctionData,
  getAddress,
  type Hex,
  type Log,
  zeroHash,
} from "viem";
import { parseUint256 } from "../amount.ts";
import {
  assertRequestId,
  parseAttestationSignature,
  type RequestData,
  toRequestDataWords,
} from "../attestation/index.ts";
import { attestedReceiverAbi } from "./attested-receiver-abi.ts";

export { attestedReceiverAbi };

/** What `encodeEvmReceiverDeposit` needs: the signature endpoint's response, its request id and a deadline. */
export interface EvmReceiverDepositInput {
  requestId: string;
  requestData: RequestData;
  signature: string;
  /** Unix seconds; the receiver accepts `block.timestamp <= deadline <= block.timestamp + maxDeadlineWindow`. */
  deadline: bigint | number;
}

/**
 * Calldata and value of the receiver deposit for an attestation: `depositNative` (value =
 * `originAmount`) when `originCurrency` is the zero address, else `depositErc20` (the payer approves
 * the receiver for `originAmount` first).
 * @throws AttestkitError subclasses for a malformed request id, request data, signature or deadline.
 * @param input the signature endpoint's `requestData` and `signature`, the `requestId`, and your `deadline`.
 * @returns the calldata and the native value to send to the receiver.
 * @example
 * ```ts
 * const call = encodeEvmReceiverDeposit({ requestId, requestData, signature, deadline: now + 600n });
 * await wallet.sendTransaction({ to: receiver, data: call.data, value: call.value });
 * ```
 */
export function encodeEvmReceiverDeposit(input: EvmReceiverDepositInput): { data: Hex; value: bigint } {
  const [
    requestId,
    originChainId,
    originUser,
    originCurrency,
    originAmount,
    destinationChainId,
    destinationUser,
  ] = toRequestDataWords(input.requestId, input.requestData);
  parseAttestationSignature(input.signature);
  const signature = input.signature as Hex;
  const deadline = parseUint256(input.deadline.toString(), "deadline");
  const struct = {
    requestId,
    originChainId,
    originUser,
    originCurrency,
    originAmount,
    destinationChainId,
    destinationUser,
  };
  const native = originCurrency === zeroHash;
  return {
    data: encodeFunctionData({
      abi: attestedReceiverAbi,
      functionName: native ? "depositNative" : "depositErc20",
      args: [struct, deadline, signature],
    }),
    value: native ? originAmount : 0n,
  };
}

/**
 * Calldata of `invalidateRequests(requestIds)`, sent to the receiver by its owner or its CURRENT
 * solver (a rotated-out solver gets `NotSolverOrOwner`): each id not yet accepted can never be
 * deposited afterwards (`RequestIdInvalidated`). This is how a signed quote, which carries no
 * expiry, is ended. An id a deposit already accepted stays paid and must be filled: the receipt
 * holds an `InvalidationTooLate` event for it, and the call returns how many there were.
 * @throws InvalidRequestIdError when a request id is not 0x + 64 hex characters.
 * @param requestIds the ids to end (0x + 64 hex each).
 * @example
 * ```ts
 * await wallet.sendTransaction({ to: receiver, data: encodeEvmReceiverInvalidation([requestId]) });
 * ```
 */
export function encodeEvmReceiverInvalidation(requestIds: readonly string[]): Hex {
  const ids = requestIds.map((id) => {
    assertRequestId(id);
    return id.toLowerCase() as Hex;
  });
  return encodeFunctionData({ abi: attestedReceiverAbi, functionName: "invalidateRequests", args: [ids] });
}

/** A deposit the receiver accepted, as its `DepositAccepted` event reports it. */
export interface EvmReceiverDeposit {
  requestId: Hex;
  payer: Address;
  /** Zero address for native. */
  currency: Address;
  originChainId: bigint;
  amount: bigint;
  destinationChainId: bigint;
  destinationUser: Hex;
  solver: Address;
}

/**
 * Decodes a `DepositAccepted` log emitted by one of `receivers`; null for any other log. The emitter
 * is part of the check: any contract can emit a look-alike event, so a log whose `address` is not one
 * of the given receiver deployments is refused (null), whatever it contains. Callers must also make
 * sure the log comes from a successful transaction (a receipt's logs always do).
 * @param log a log of a successful transaction (`address`, `data`, `topics`).
 * @param receivers the receiver deployments you trust.
 * @returns the deposit, or null for any other log or emitter.
 * @example
 * ```ts
 * const receipt = await publicClient.getTransactionReceipt({ hash });
 * const deposits = receipt.logs.map((log) => decodeEvmReceiverDeposit(log, [receiver])).filter((d) => d !== null);
 * ```
 */
export function decodeEvmReceiverDeposit(
  log: Pick<Log, "address" | "data" | "topics">,
  receivers: readonly Address[],
): EvmReceiverDeposit | null {
  const emitter = log.address.toLowerCase();
  if (!receivers.some((receiver) => receiver.toLowerCase() === emitter)) return null;
  try {
    const decoded = decodeEventLog({ abi: attestedReceiverAbi, data: log.data, topics: log.topics });
    if (decoded.eventName !== "DepositAccepted") return null;
    const args = decoded.args;
    return {
      ...args,
      payer: getAddress(args.payer),
      currency: getAddress(args.currency),
      solver: getAddress(args.solver),
    };
  } catch {
    return null;
  }
}
