/**
 * Owner and solver instructions of the SVM reference receiver with `@solana/kit`:
 * `invalidate_requests` (owner or solver: withdraw quotes that must never be paid, since an
 * attestation carries no expiry) and `set_max_deadline_window` (owner).
 */
import { AccountRole, type Address, type Instruction, type TransactionSigner } from "@solana/kit";
import { SYSTEM_PROGRAM_ADDRESS } from "@solana-program/system";
import { type Hex, hexToBytes } from "viem";
import { assertRequestId } from "../attestation/index.ts";
import { InvalidSvmArgumentError } from "../errors.ts";
import { getInvalidateRequestsInstruction, getSetMaxDeadlineWindowInstruction } from "./generated/index.ts";
import { getSvmReceiverConfigAddress, getSvmReceiverReplayAddress, signerInput } from "./svm.ts";

/**
 * Ids one `invalidate_requests` accepts: the program parses at most 40 accounts, 3 of them fixed.
 * A transaction without an address lookup table fits 15 (1,226 of 1,232 bytes; 14 with
 * compute-budget instructions): 65 bytes per id, 32 of data and a 32-byte account key.
 */
export const SVM_RECEIVER_MAX_INVALIDATE_BATCH = 37;

/** What `buildSvmReceiverInvalidateRequestsInstruction` needs. */
export interface SvmReceiverInvalidateRequestsInput {
  programId: Address;
  /** The receiver's owner or its configured solver; pays the replay records' rent. */
  authority: TransactionSigner | Address;
  /** 1 to `SVM_RECEIVER_MAX_INVALIDATE_BATCH` request ids (0x + 64 hex). */
  requestIds: readonly Hex[];
}

/**
 * `invalidate_requests`: each id's replay record is created with status "invalidated", so a later
 * deposit of that id fails with `RequestInvalidated`; ids already paid or invalidated are left as
 * they are. One `RequestInvalidated` event per id newly invalidated
 * (`decodeSvmReceiverRequestInvalidatedEvents`).
 * @throws InvalidRequestIdError for a malformed id; InvalidSvmArgumentError for an empty batch,
 *   more than `SVM_RECEIVER_MAX_INVALIDATE_BATCH` ids, or the same id twice.
 * @param input the program, the owner or solver as `authority`, and the ids.
 * @example
 * ```ts
 * const instruction = await buildSvmReceiverInvalidateRequestsInstruction({ programId, authority: owner, requestIds: [requestId] });
 * ```
 */
export async function buildSvmReceiverInvalidateRequestsInstruction(
  input: SvmReceiverInvalidateRequestsInput,
): Promise<Instruction> {
  const { programId, requestIds } = input;
  if (requestIds.length === 0 || requestIds.length > SVM_RECEIVER_MAX_INVALIDATE_BATCH) {
    throw new InvalidSvmArgumentError(
      `invalidate_requests takes 1 to ${SVM_RECEIVER_MAX_INVALIDATE_BATCH} request ids, got ${requestIds.length}`,
    );
  }
  for (const id of requestIds) assertRequestId(id);
  if (new Set(requestIds.map((id) => id.toLowerCase())).size !== requestIds.length) {
    throw new InvalidSvmArgumentError("invalidate_requests got the same request id twice");
  }
  const ids = requestIds.map((id) => hexToBytes(id));
  const replays = await Promise.all(ids.map((id) => getSvmReceiverReplayAddress(programId, id)));
  const instruction = getInvalidateRequestsInstruction(
    {
      authority: signerInput(input.authority, AccountRole.WRITABLE_SIGNER),
      config: await getSvmReceiverConfigAddress(programId),
      systemProgram: SYSTEM_PROGRAM_ADDRESS,
      requestIds: ids,
    },
    { programAddress: programId },
  );
  // The replay records follow the IDL's accounts, one per id in order.
  return {
    ...instruction,
    accounts: [
      ...instruction.accounts,
      ...replays.map(([replay]) => ({ address: replay, role: AccountRole.WRITABLE })),
    ],
  };
}

/**
 * `set_max_deadline_window`: the largest `deadline - now` (seconds) deposits are accepted with from
 * now on. Signed by the owner.
 * @throws InvalidSvmArgumentError unless 0 < `maxDeadlineWindow` < 2^63.
 * @param input the program, the owner, and the new window in seconds.
 * @example
 * ```ts
 * const instruction = await buildSvmReceiverSetMaxDeadlineWindowInstruction({ programId, owner, maxDeadlineWindow: 900n });
 * ```
 */
export async function buildSvmReceiverSetMaxDeadlineWindowInstruction(input: {
  programId: Address;
  owner: TransactionSigner | Address;
  maxDeadlineWindow: bigint;
}): Promise<Instruction> {
  const { programId, maxDeadlineWindow } = input;
  if (typeof maxDeadlineWindow !== "bigint" || maxDeadlineWindow <= 0n || maxDeadlineWindow >= 1n << 63n) {
    throw new InvalidSvmArgumentError(
      `maxDeadlineWindow must be a bigint in (0, 2^63), got ${maxDeadlineWindow}`,
    );
  }
  return getSetMaxDeadlineWindowInstruction(
    {
      owner: signerInput(input.owner, AccountRole.READONLY_SIGNER),
      config: await getSvmReceiverConfigAddress(programId),
      maxDeadlineWindow,
    },
    { programAddress: programId },
  );
}
