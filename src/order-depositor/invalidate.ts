/**
 * `invalidate_orders` of the SVM order-gated depositor with `@solana/kit`: the owner, or the
 * current solver through an EIP-191 signature of its EVM key, makes order ids unpayable there
 * before they are paid (the EVM depositor's `invalidateOrders`). Same batch limit, replay
 * records, per-id outcomes and compute-unit budget as the receiver's `invalidate_requests`, plus
 * one signature recovery when the solver signs.
 */
import {
  AccountRole,
  type Address,
  getAddressEncoder,
  type Instruction,
  type TransactionSigner,
} from "@solana/kit";
import { SYSTEM_PROGRAM_ADDRESS } from "@solana-program/system";
import { concatBytes, type Hex, hexToBytes, keccak256, stringToBytes } from "viem";
import { InvalidSvmArgumentError } from "../errors.ts";
import { type OrderIdSigner, parseOrderId } from "../orders/signature.ts";
import { getSvmReceiverConfigAddress, getSvmReceiverReplayAddress, signerInput } from "../receiver/svm.ts";
import {
  getSetComputeUnitLimitInstruction,
  getSvmReceiverInvalidateComputeUnitLimit,
  SVM_RECEIVER_MAX_INVALIDATE_BATCH,
} from "../receiver/svm-admin.ts";
import { getInvalidateOrdersInstruction } from "./generated/index.ts";

/** Most ids one `invalidate_orders` takes (the program refuses more with `InvalidRequestBatch`). */
export const ORDER_DEPOSITOR_MAX_INVALIDATE_BATCH = SVM_RECEIVER_MAX_INVALIDATE_BATCH;

/** Domain tag at the front of the message the solver signs to invalidate orders. */
export const ORDER_INVALIDATION_DOMAIN = "attestkit:invalidate_orders";

/**
 * Compute units the solver's signature adds to `invalidate_orders` (secp256k1 recovery 25,000,
 * the invalidation hash, EIP-191 and public-key keccaks): measured 26,148 at 24 ids on LiteSVM
 * (a solver-signed worst-case batch 136,024 against the owner's 109,876;
 * `test/svm/order-depositor-invalidate.test.ts` checks both under the builder's limit), with
 * about 3% margin.
 */
export const ORDER_INVALIDATION_SIGNATURE_COMPUTE_UNITS = 27_000;

/** The order ids as 32-byte arrays, refusing a malformed, duplicate or out-of-range list. */
function orderIdBytes(orderIds: readonly string[]): Uint8Array[] {
  if (orderIds.length === 0 || orderIds.length > ORDER_DEPOSITOR_MAX_INVALIDATE_BATCH) {
    throw new InvalidSvmArgumentError(
      `invalidate_orders takes 1 to ${ORDER_DEPOSITOR_MAX_INVALIDATE_BATCH} order ids, got ${orderIds.length}`,
    );
  }
  const ids = orderIds.map((id) => hexToBytes(parseOrderId(id)));
  if (new Set(ids.map((id) => id.join(","))).size !== ids.length) {
    throw new InvalidSvmArgumentError("invalidate_orders got the same order id twice");
  }
  return ids;
}

/**
 * What the solver signs (EIP-191, the 32 raw bytes) to invalidate `orderIds` on the depositor
 * `programId`: `keccak256("attestkit:invalidate_orders" || program id || the ids in order)`.
 * @throws InvalidOrderIdError for an id that is not 32-byte hex; InvalidSvmArgumentError for an empty,
 * oversized or duplicate list.
 */
export function getOrderInvalidationHash(programId: Address, orderIds: readonly string[]): Hex {
  const program = new Uint8Array(getAddressEncoder().encode(programId));
  return keccak256(
    concatBytes([stringToBytes(ORDER_INVALIDATION_DOMAIN), program, ...orderIdBytes(orderIds)]),
  );
}

/**
 * The solver's signature invalidating `orderIds` on `programId` (pass it as `solverSignature`).
 * @example
 * ```ts
 * const solverSignature = await signOrderInvalidation(privateKeyToAccount(solverKey), programId, [orderId]);
 * ```
 */
export function signOrderInvalidation(
  solver: OrderIdSigner,
  programId: Address,
  orderIds: readonly string[],
): Promise<Hex> {
  return solver.signMessage({ message: { raw: getOrderInvalidationHash(programId, orderIds) } });
}

/** What `buildOrderDepositorInvalidateOrdersInstructions` needs. */
export interface OrderDepositorInvalidateOrdersInput {
  /** The order depositor's program id. */
  programId: Address;
  /** Signs and pays the replay records' rent: the owner, or anyone sending the solver's signature. */
  authority: TransactionSigner | Address;
  /** 1 to `ORDER_DEPOSITOR_MAX_INVALIDATE_BATCH` distinct order ids (32-byte hex). */
  orderIds: readonly string[];
  /** The current solver's `signOrderInvalidation` of exactly these ids; omit when the owner signs. */
  solverSignature?: Hex;
}

/**
 * `invalidate_orders`, preceded by the compute-budget `SetComputeUnitLimit` it always lands with:
 * send both in one transaction, with no other `SetComputeUnitLimit`. Each id's replay record is
 * created with status "invalidated" (a later deposit fails with `OrderInvalidated`); the return
 * data gives every id's outcome (`decodeSvmReceiverInvalidateOutcomes`: `"alreadyPaid"` means a
 * deposit won the race).
 * @throws InvalidSvmArgumentError for an empty, oversized or duplicate list; InvalidOrderIdError for a malformed id.
 * @example
 * ```ts
 * const [computeLimit, invalidate] = await buildOrderDepositorInvalidateOrdersInstructions({ programId, authority: owner, orderIds: [orderId] });
 * ```
 */
export async function buildOrderDepositorInvalidateOrdersInstructions(
  input: OrderDepositorInvalidateOrdersInput,
): Promise<[Instruction, Instruction]> {
  const { programId, solverSignature } = input;
  const ids = orderIdBytes(input.orderIds);
  const replays = await Promise.all(ids.map((id) => getSvmReceiverReplayAddress(programId, id)));
  const instruction = getInvalidateOrdersInstruction(
    {
      authority: signerInput(input.authority, AccountRole.WRITABLE_SIGNER),
      config: await getSvmReceiverConfigAddress(programId),
      systemProgram: SYSTEM_PROGRAM_ADDRESS,
      orderIds: ids,
      solverSignature: solverSignature === undefined ? new Uint8Array() : hexToBytes(solverSignature),
    },
    { programAddress: programId },
  );
  const limit =
    getSvmReceiverInvalidateComputeUnitLimit(replays.map(([, bump]) => bump)) +
    (solverSignature === undefined ? 0 : ORDER_INVALIDATION_SIGNATURE_COMPUTE_UNITS);
  return [
    getSetComputeUnitLimitInstruction(limit),
    {
      ...instruction,
      accounts: [
        ...instruction.accounts,
        ...replays.map(([replay]) => ({ address: replay, role: AccountRole.WRITABLE })),
      ],
    },
  ];
}
