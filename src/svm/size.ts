import {
  getTransactionEncoder,
  getTransactionMessageSize,
  setTransactionMessageComputeUnitLimit,
  setTransactionMessageComputeUnitPrice,
  type Transaction,
  type TransactionMessage,
  type TransactionMessageWithFeePayer,
} from "@solana/kit";
import { describeValue } from "../describe.ts";
import {
  InvalidSvmArgumentError,
  InvalidSvmTransactionError,
  SolanaTransactionTooLargeError,
} from "../errors.ts";
import { COMPUTE_BUDGET_INSTRUCTIONS_BYTES, SVM_TX_SIZE_LIMIT } from "./constants.ts";

/** A kit transaction message that can be compiled, hence measured: it has a fee payer. */
export type SvmSizableTransactionMessage = TransactionMessage & TransactionMessageWithFeePayer;

/** Options of the size gates. */
export type SvmSizeLimitOptions = Readonly<{
  /**
   * Bytes the caller will still add after the check (e.g. compute-budget
   * instructions, `COMPUTE_BUDGET_INSTRUCTIONS_BYTES`). The check passes when
   * `size + reserveBytes <= 1232`. Default 0.
   */
  reserveBytes?: number;
}>;

// kit's own wire encoder for legacy, v0 and v1 transactions, built once. kit's
// `getTransactionSize(tx)` is `getTransactionEncoder().getSizeFromValue(tx)`; reusing
// one encoder gives the same number without rebuilding the codec on every call.
const transactionEncoder = /* @__PURE__ */ getTransactionEncoder();

const VERSION_FLAG = 0x80;
const VERSION_MASK = 0x7f;

/** Throws `InvalidSvmTransactionError` unless `tx` has the shape kit's wire encoder needs. */
function assertTransactionShape(tx: unknown): asserts tx is Transaction {
  if (tx === null || typeof tx !== "object") {
    throw new InvalidSvmTransactionError(
      `transaction must be a compiled kit Transaction ({ messageBytes, signatures }), got ${describeValue(tx)}`,
    );
  }
  const { messageBytes, signatures } = tx as { messageBytes?: unknown; signatures?: unknown };
  if (!(messageBytes instanceof Uint8Array) || messageBytes.length < 4) {
    throw new InvalidSvmTransactionError(
      `transaction.messageBytes must be the compiled message bytes (a Uint8Array), got ${describeValue(messageBytes)}`,
    );
  }
  if (signatures === null || typeof signatures !== "object" || Array.isArray(signatures)) {
    throw new InvalidSvmTransactionError(
      `transaction.signatures must be a map of signer address to signature bytes or null, got ` +
        describeValue(signatures),
    );
  }
  // Header: legacy messages start with numRequiredSignatures; versioned ones with the
  // version byte (0x80 | version) followed by it.
  const first = messageBytes[0] as number;
  const versioned = (first & VERSION_FLAG) !== 0;
  if (versioned && (first & VERSION_MASK) > 1) {
    throw new InvalidSvmTransactionError(
      `transaction message has unsupported version ${first & VERSION_MASK}`,
    );
  }
  const requiredSignatures = messageBytes[versioned ? 1 : 0] as number;
  const values = Object.values(signatures);
  if (values.length !== requiredSignatures || requiredSignatures === 0) {
    throw new InvalidSvmTransactionError(
      `transaction has ${values.length} signature slots but its message requires ${requiredSignatures} signers`,
    );
  }
  for (const signature of values) {
    if (signature !== null && !(signature instanceof Uint8Array && signature.length === 64)) {
      throw new InvalidSvmTransactionError(
        `transaction signatures must be 64 bytes or null (not yet signed), got ${describeValue(signature)}`,
      );
    }
  }
}

function assertByteCount(value: unknown, what: string): asserts value is number {
  if (typeof value !== "number" || !Number.isSafeInteger(value) || value < 0) {
    throw new InvalidSvmArgumentError(`${what} must be a non-negative integer, got ${describeValue(value)}`);
  }
}

function readReserveBytes(options: unknown): number {
  if (options === undefined) return 0;
  if (options === null || typeof options !== "object") {
    throw new InvalidSvmArgumentError(`options must be an object, got ${describeValue(options)}`);
  }
  const reserveBytes = (options as { reserveBytes?: unknown }).reserveBytes ?? 0;
  assertByteCount(reserveBytes, "reserveBytes");
  return reserveBytes;
}

/**
 * Wire size in bytes of a compiled (signed, partly signed or unsigned) kit
 * `Transaction`: the exact length of `getTransactionEncoder().encode(tx)`, which
 * is what the service measures against 1232 bytes (service interface: SVM rules). Unsigned signer
 * slots count as the 64 zero bytes they are sent as. Computed by kit's wire
 * encoder without serializing.
 *
 * @throws InvalidSvmTransactionError when `tx` is not a well-formed kit `Transaction`
 *   (no message bytes, signature slots not matching the message's signer count,
 *   signatures not 64 bytes, unknown version).
 * @param tx a compiled kit `Transaction` (signed or not).
 * @returns its wire size in bytes.
 * @example
 * ```ts
 * const size = getSvmTransactionSize(compileTransaction(message)); // compare with SVM_TX_SIZE_LIMIT (1232)
 * ```
 */
export function getSvmTransactionSize(tx: Transaction): number {
  assertTransactionShape(tx);
  try {
    return transactionEncoder.getSizeFromValue(tx);
  } catch (cause) {
    throw new InvalidSvmTransactionError(`transaction cannot be measured: ${(cause as Error)?.message}`, {
      cause,
    });
  }
}

/**
 * True when the transaction's wire size plus `reserveBytes` is at most 1232 bytes.
 *
 * @throws InvalidSvmTransactionError / InvalidSvmArgumentError on malformed input
 *   (never returns true for something it could not measure).
 * @param tx a compiled kit `Transaction`.
 * @param options.reserveBytes bytes you still plan to add, default 0.
 * @example
 * ```ts
 * if (!isSvmTransactionWithinLimit(tx, { reserveBytes: 60 })) console.log("no room for a compute budget");
 * ```
 */
export function isSvmTransactionWithinLimit(tx: Transaction, options?: SvmSizeLimitOptions): boolean {
  const reserveBytes = readReserveBytes(options);
  return getSvmTransactionSize(tx) + reserveBytes <= SVM_TX_SIZE_LIMIT;
}

/**
 * The service's quote-time size gate (service interface: SVM rules) applied locally: throws
 * unless `size + reserveBytes <= 1232`, and returns the measured size.
 *
 * @param tx a compiled kit `Transaction` (signed or not).
 * @param options.reserveBytes bytes still to be added after the check, default 0.
 * @returns the measured wire size in bytes (without the reserve).
 * @throws SolanaTransactionTooLargeError (`SOLANA_TX_TOO_LARGE`, fields `size`, `limit`,
 *   `reserveBytes`, `over`), message like "transaction is 1301 bytes, 69 bytes over the
 *   1232-byte limit".
 * @throws InvalidSvmTransactionError / InvalidSvmArgumentError on malformed input.
 * @example
 * ```ts
 * const size = assertSvmTransactionWithinLimit(await signTransactionMessageWithSigners(message));
 * ```
 */
export function assertSvmTransactionWithinLimit(tx: Transaction, options?: SvmSizeLimitOptions): number {
  const reserveBytes = readReserveBytes(options);
  const size = getSvmTransactionSize(tx);
  if (size + reserveBytes > SVM_TX_SIZE_LIMIT) {
    throw new SolanaTransactionTooLargeError({ size, limit: SVM_TX_SIZE_LIMIT, reserveBytes });
  }
  return size;
}

/**
 * Whether `extraBytes` more (default `COMPUTE_BUDGET_INSTRUCTIONS_BYTES`, the service interface's
 * ~60 bytes of compute-budget instructions) still fit under 1232 bytes.
 *
 * A quote that returns successfully is broadcastable as is; a client that adds
 * compute-budget instructions must skip the addition when this is false
 * (service interface: SVM rules). For an exact answer on a transaction message, use
 * `setSvmComputeBudgetIfFits`.
 * @param tx a compiled kit `Transaction`.
 * @param extraBytes the bytes to add, default `COMPUTE_BUDGET_INSTRUCTIONS_BYTES`.
 * @example
 * ```ts
 * if (canAppendComputeBudget(tx)) message = appendComputeBudget(message); // your own helper
 * ```
 */
export function canAppendComputeBudget(
  tx: Transaction,
  extraBytes: number = COMPUTE_BUDGET_INSTRUCTIONS_BYTES,
): boolean {
  assertByteCount(extraBytes, "extraBytes");
  return getSvmTransactionSize(tx) + extraBytes <= SVM_TX_SIZE_LIMIT;
}

/**
 * Wire size in bytes the transaction message will have once compiled, with every
 * signer slot counted (64 bytes each, signed or not). Uses kit's
 * `getTransactionMessageSize` (compile, then measure). A missing lifetime
 * (blockhash / nonce) is measured as the 32 bytes it will take.
 *
 * @throws InvalidSvmTransactionError when the message cannot be compiled (no fee payer,
 *   malformed instructions).
 * @param message a kit transaction message with its fee payer and instructions.
 * @returns the compiled size in bytes.
 * @example
 * ```ts
 * const size = getSvmTransactionMessageSize(message);
 * ```
 */
export function getSvmTransactionMessageSize(message: SvmSizableTransactionMessage): number {
  if (message === null || typeof message !== "object") {
    throw new InvalidSvmTransactionError(
      `transaction message must be a kit TransactionMessage, got ${describeValue(message)}`,
    );
  }
  if (!(message as { feePayer?: unknown }).feePayer) {
    throw new InvalidSvmTransactionError("transaction message has no fee payer; set one before measuring");
  }
  try {
    return getTransactionMessageSize(message);
  } catch (cause) {
    throw new InvalidSvmTransactionError(
      `transaction message cannot be compiled: ${(cause as Error)?.message}`,
      {
        cause,
      },
    );
  }
}

/**
 * `assertSvmTransactionWithinLimit` for a transaction message, before signing.
 *
 * @returns the measured compiled size.
 * @throws SolanaTransactionTooLargeError when `size + reserveBytes > 1232`.
 * @param message a kit transaction message.
 * @param options.reserveBytes bytes still to be added, default 0.
 * @example
 * ```ts
 * assertSvmTransactionMessageWithinLimit(message); // throws SolanaTransactionTooLargeError over 1232 bytes
 * ```
 */
export function assertSvmTransactionMessageWithinLimit(
  message: SvmSizableTransactionMessage,
  options?: SvmSizeLimitOptions,
): number {
  const reserveBytes = readReserveBytes(options);
  const size = getSvmTransactionMessageSize(message);
  if (size + reserveBytes > SVM_TX_SIZE_LIMIT) {
    throw new SolanaTransactionTooLargeError({ size, limit: SVM_TX_SIZE_LIMIT, reserveBytes });
  }
  return size;
}

/** Compute-budget settings to add with `setSvmComputeBudgetIfFits`. */
export type SvmComputeBudget = Readonly<{
  /** Compute unit limit (SetComputeUnitLimit instruction). */
  computeUnitLimit?: number;
  /** Priority fee in micro-lamports per compute unit (SetComputeUnitPrice instruction). */
  computeUnitPrice?: bigint;
}>;

/** Result of `setSvmComputeBudgetIfFits`. */
export type SvmComputeBudgetResult<TMessage> = Readonly<{
  /** The message with the compute-budget instructions when they fit, else the message unchanged. */
  message: TMessage;
  /** Whether the instructions were added. */
  added: boolean;
  /** Compiled size of the returned `message`. */
  size: number;
  /** Compiled size the message would have with the instructions. */
  sizeWithComputeBudget: number;
}>;

/**
 * Adds (or updates) compute-budget instructions on a legacy or v0 transaction
 * message only when the result still compiles to at most 1232 bytes, measuring
 * the real result rather than the ~60-byte estimate (service interface: SVM rules: "measure the
 * steps and skip the addition if it does not fit"). Uses kit's
 * `setTransactionMessageComputeUnitLimit` / `setTransactionMessageComputeUnitPrice`.
 *
 * WARNING: a message that is already over the limit comes back unchanged with
 * `added: false`; check it with `assertSvmTransactionMessageWithinLimit`.
 * @param message a legacy or v0 kit transaction message.
 * @param budget `computeUnitLimit` and/or `computeUnitPrice` (micro-lamports per unit).
 * @returns the message (with the budget when it fits), whether it was added, and both sizes.
 * @example
 * ```ts
 * const { message: withBudget, added } = setSvmComputeBudgetIfFits(message, { computeUnitLimit: 200_000 });
 * ```
 */
export function setSvmComputeBudgetIfFits<
  TMessage extends SvmSizableTransactionMessage & { version: "legacy" | 0 },
>(message: TMessage, budget: SvmComputeBudget): SvmComputeBudgetResult<TMessage> {
  if (budget === null || typeof budget !== "object") {
    throw new InvalidSvmArgumentError(`compute budget must be an object, got ${describeValue(budget)}`);
  }
  const { computeUnitLimit, computeUnitPrice } = budget;
  if (computeUnitLimit === undefined && computeUnitPrice === undefined) {
    throw new InvalidSvmArgumentError("compute budget needs computeUnitLimit and/or computeUnitPrice");
  }
  if (computeUnitLimit !== undefined) assertByteCount(computeUnitLimit, "computeUnitLimit");
  if (computeUnitPrice !== undefined && (typeof computeUnitPrice !== "bigint" || computeUnitPrice < 0n)) {
    throw new InvalidSvmArgumentError(
      `computeUnitPrice must be a non-negative bigint, got ${describeValue(computeUnitPrice)}`,
    );
  }
  const size = getSvmTransactionMessageSize(message);
  let candidate: TMessage;
  try {
    candidate = message;
    if (computeUnitLimit !== undefined)
      candidate = setTransactionMessageComputeUnitLimit(computeUnitLimit, candidate);
    if (computeUnitPrice !== undefined)
      candidate = setTransactionMessageComputeUnitPrice(computeUnitPrice, candidate);
  } catch (cause) {
    throw new InvalidSvmArgumentError(`compute budget rejected: ${(cause as Error)?.message}`);
  }
  const sizeWithComputeBudget = getSvmTransactionMessageSize(candidate);
  return sizeWithComputeBudget <= SVM_TX_SIZE_LIMIT
    ? { message: candidate, added: true, size: sizeWithComputeBudget, sizeWithComputeBudget }
    : { message, added: false, size, sizeWithComputeBudget };
}
