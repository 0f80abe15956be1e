/**
 * Owner and solver instructions of the SVM reference receiver with `@solana/kit`:
 * `invalidate_requests` (owner or current solver: withdraw quotes that must never be paid, since an
 * attestation carries no expiry), its compute-unit limit and outcomes, and `set_max_deadline_window`
 * (owner).
 */
import {
  AccountRole,
  type Address,
  address,
  type Instruction,
  type ReadonlyUint8Array,
  type TransactionSigner,
} from "@solana/kit";
import { SYSTEM_PROGRAM_ADDRESS } from "@solana-program/system";
import { type Hex, hexToBytes } from "viem";
import { assertRequestId } from "../attestation/index.ts";
import { InvalidSvmArgumentError } from "../errors.ts";
import { getInvalidateRequestsInstruction, getSetMaxDeadlineWindowInstruction } from "./generated/index.ts";
import { getSvmReceiverConfigAddress, getSvmReceiverReplayAddress, signerInput } from "./svm.ts";

/**
 * Most ids one `invalidate_requests` takes (the program refuses more with `InvalidRequestBatch`).
 * Chosen so the instruction always lands whoever pre-funds the replay PDAs: an id whose PDA holds
 * fewer lamports than rent costs two system CPIs (`Transfer` + `Assign`), so 24 ids use 48 of the
 * transaction's 64 instruction-trace entries and leave 16 for top-level instructions (measured on
 * LiteSVM: 31 such ids plus a compute-budget instruction land, 32 fail with
 * `MaxInstructionTraceLengthExceeded`). A transaction without an address lookup table holds 14 ids
 * with the compute-budget instruction (65 bytes per id: 32 of data and a 32-byte account key).
 */
export const SVM_RECEIVER_MAX_INVALIDATE_BATCH = 24;

/**
 * Compute units of `invalidate_requests`, worst case per id, measured on LiteSVM
 * (`npm run bench:svm-invalidate-cu`; `test/svm/attested-receiver-invalidate-batch.test.ts`
 * checks the limit against real batches): an id whose PDA is pre-funded below rent costs 4,558 CU
 * at canonical bump 255 (unfunded 3,343, above rent 3,386, paid or invalidated less), each bump
 * below 255 adds one 1,500-CU PDA attempt (exact), and the transaction adds 586. `base` and
 * `perId` carry about 10% margin on the measured figures.
 */
export const SVM_RECEIVER_INVALIDATE_COMPUTE_UNITS = {
  /** Per transaction (measured 586). */
  base: 1_000,
  /** Per id at canonical bump 255, PDA pre-funded below rent (measured 4,558). */
  perId: 5_000,
  /** Per bump step below 255 (one `sol_try_find_program_address` attempt, exactly 1,500). */
  perBumpStep: 1_500,
} as const;

const COMPUTE_BUDGET_PROGRAM = address("ComputeBudget111111111111111111111111111111");
const MAX_COMPUTE_UNIT_LIMIT = 1_400_000;

/**
 * The compute-unit limit that always covers `invalidate_requests` for ids of these canonical
 * replay bumps, whatever state their PDAs are in.
 * @throws InvalidSvmArgumentError for a bump outside 0..255 or a limit above 1,400,000 (split the batch).
 */
export function getSvmReceiverInvalidateComputeUnitLimit(replayBumps: readonly number[]): number {
  const { base, perId, perBumpStep } = SVM_RECEIVER_INVALIDATE_COMPUTE_UNITS;
  let limit = base;
  for (const bump of replayBumps) {
    if (!Number.isInteger(bump) || bump < 0 || bump > 255) {
      throw new InvalidSvmArgumentError(`a canonical bump is an integer in 0..255, got ${bump}`);
    }
    limit += perId + (255 - bump) * perBumpStep;
  }
  if (limit > MAX_COMPUTE_UNIT_LIMIT) {
    throw new InvalidSvmArgumentError(
      `compute-unit limit ${limit} exceeds the ${MAX_COMPUTE_UNIT_LIMIT} a transaction may use: split the batch`,
    );
  }
  return limit;
}

/** The compute-budget `SetComputeUnitLimit` instruction (tag 2, then the limit as u32 LE). */
export function getSetComputeUnitLimitInstruction(limit: number): Instruction {
  const data = new Uint8Array(5);
  data[0] = 2;
  new DataView(data.buffer).setUint32(1, limit, true);
  return { programAddress: COMPUTE_BUDGET_PROGRAM, data };
}

/** What `buildSvmReceiverInvalidateRequestsInstructions` needs. */
export interface SvmReceiverInvalidateRequestsInput {
  programId: Address;
  /** The receiver's owner or its CURRENT solver; pays the replay records' rent. */
  authority: TransactionSigner | Address;
  /** 1 to `SVM_RECEIVER_MAX_INVALIDATE_BATCH` request ids (0x + 64 hex). */
  requestIds: readonly Hex[];
}

/**
 * `invalidate_requests`, preceded by the compute-budget `SetComputeUnitLimit` it always lands
 * with (`getSvmReceiverInvalidateComputeUnitLimit`): send both in one transaction, with no other
 * `SetComputeUnitLimit`. Each id's replay record is created with status "invalidated", so a later
 * deposit of that id fails with `RequestInvalidated`; one `RequestInvalidated` event per id newly
 * invalidated (`decodeSvmReceiverRequestInvalidatedEvents`). An id a deposit already paid stays
 * paid and logs `InvalidationTooLate` (`decodeSvmReceiverInvalidationTooLateEvents`); the return
 * data gives every id's outcome (`decodeSvmReceiverInvalidateOutcomes`).
 * @throws InvalidRequestIdError for a malformed id; InvalidSvmArgumentError for an empty batch,
 *   more than `SVM_RECEIVER_MAX_INVALIDATE_BATCH` ids, or the same id twice.
 * @param input the program, the owner or solver as `authority`, and the ids.
 * @example
 * ```ts
 * const [computeLimit, invalidate] = await buildSvmReceiverInvalidateRequestsInstructions({ programId, authority: owner, requestIds: [requestId] });
 * ```
 */
export async function buildSvmReceiverInvalidateRequestsInstructions(
  input: SvmReceiverInvalidateRequestsInput,
): Promise<[Instruction, Instruction]> {
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
  const limit = getSvmReceiverInvalidateComputeUnitLimit(replays.map(([, bump]) => bump));
  return [
    getSetComputeUnitLimitInstruction(limit),
    // The replay records follow the IDL's accounts, one per id in order.
    {
      ...instruction,
      accounts: [
        ...instruction.accounts,
        ...replays.map(([replay]) => ({ address: replay, role: AccountRole.WRITABLE })),
      ],
    },
  ];
}

/** What `invalidate_requests` did with one id, as its return data reports it. */
export type SvmReceiverInvalidateOutcome = "invalidated" | "alreadyPaid" | "alreadyInvalidated";

const OUTCOMES: readonly SvmReceiverInvalidateOutcome[] = [
  "invalidated",
  "alreadyPaid",
  "alreadyInvalidated",
];

/**
 * The return data of `invalidate_requests` (Borsh `bytes`: u32 LE length, then one byte per id,
 * the status its replay record had before: 0 none, 1 paid, 2 invalidated), as one outcome per id
 * in the order of the ids. `"alreadyPaid"` means a deposit won the race: the quote stays paid and
 * must be filled. Read it from the transaction's `meta.returnData` (RPC) or `returnData()`
 * (LiteSVM), after checking the program id it names is the receiver.
 * @throws InvalidSvmArgumentError when the bytes are not such a list.
 */
export function decodeSvmReceiverInvalidateOutcomes(
  returnData: ReadonlyUint8Array,
): SvmReceiverInvalidateOutcome[] {
  if (returnData.length < 4) {
    throw new InvalidSvmArgumentError(
      `invalidate_requests return data is ${returnData.length} bytes, too short`,
    );
  }
  const count = new DataView(returnData.buffer, returnData.byteOffset, 4).getUint32(0, true);
  const bytes = returnData.subarray(4);
  if (bytes.length !== count) {
    throw new InvalidSvmArgumentError(
      `invalidate_requests return data announces ${count} ids, holds ${bytes.length}`,
    );
  }
  return Array.from(bytes, (b) => {
    const outcome = OUTCOMES[b];
    if (outcome === undefined) throw new InvalidSvmArgumentError(`unknown invalidate_requests outcome ${b}`);
    return outcome;
  });
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
