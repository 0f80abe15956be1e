/**
 * Client side of the SVM reference receiver (`programs/attested-receiver`, IDL
 * `programs/idl/attested_receiver.json`) with `@solana/kit` only (no Anchor): its PDAs, the
 * `deposit_native` / `deposit_token` instructions for an attestation as the signature endpoint
 * returns it (service interface: Attestation), the compute-unit limit to give a deposit, and the `Deposited` and
 * `RequestInvalidated` events read back from a successful transaction's logs (owner and solver
 * instructions: `./svm-admin.ts`). Token accounts (usually associated token accounts:
 * `findAssociatedTokenPda` of `@solana-program/token`) are the caller's.
 */
import {
  AccountRole,
  type Address,
  type Decoder,
  fixDecoderSize,
  getAddressDecoder,
  getBase64Encoder,
  getBytesDecoder,
  getI64Decoder,
  getProgramDerivedAddress,
  getStructDecoder,
  getU64Decoder,
  getU64Encoder,
  type Instruction,
  type ReadonlyUint8Array,
  type TransactionSigner,
} from "@solana/kit";
import { SYSTEM_PROGRAM_ADDRESS } from "@solana-program/system";
import { bytesToHex, getAddress, type Hex, hexToBytes } from "viem";
import { parseAttestationSignature, type RequestData, toRequestDataWords } from "../attestation/index.ts";
import { describeChainError } from "../describe.ts";
import { InvalidAmountError, InvalidSvmArgumentError, SvmTransactionFailedError } from "../errors.ts";
import { getDepositNativeInstruction, getDepositTokenInstruction } from "./generated/index.ts";

/** Anchor discriminators of the IDL (`sha256("global:<ix>")[..8]`, `sha256("event:Deposited")[..8]`). */
export const SVM_RECEIVER_DISCRIMINATORS = {
  depositNative: Uint8Array.of(13, 158, 13, 223, 95, 213, 28, 6),
  depositToken: Uint8Array.of(11, 156, 96, 218, 39, 163, 180, 19),
  depositedEvent: Uint8Array.of(111, 141, 26, 45, 161, 35, 100, 57),
} as const;

const U64_MAX = (1n << 64n) - 1n;
const addressDecoder = /* @__PURE__ */ getAddressDecoder();

/**
 * Config PDA `["config"]`.
 * @param programId the receiver program's address.
 * @example
 * ```ts
 * const config = await getSvmReceiverConfigAddress(programId);
 * ```
 */
export async function getSvmReceiverConfigAddress(programId: Address): Promise<Address> {
  const [config] = await getProgramDerivedAddress({ programAddress: programId, seeds: ["config"] });
  return config;
}

/**
 * Whitelist entry PDA `["whitelist", destination_chain_id u64 LE, destination_user (32 bytes)]`.
 * @param programId the receiver program's address.
 * @param destinationChainId the destination chain.
 * @param destinationUser the destination user's 32 bytes (`toBytes32Address`, as bytes).
 * @example
 * ```ts
 * const entry = await getSvmReceiverWhitelistAddress(programId, 8453n, hexToBytes(toBytes32Address(user, 8453)));
 * ```
 */
export async function getSvmReceiverWhitelistAddress(
  programId: Address,
  destinationChainId: bigint,
  destinationUser: ReadonlyUint8Array,
): Promise<Address> {
  const [entry] = await getProgramDerivedAddress({
    programAddress: programId,
    seeds: ["whitelist", getU64Encoder().encode(destinationChainId), destinationUser],
  });
  return entry;
}

/**
 * Replay record PDA `["replay", request_id]` and its canonical bump (the one the program accepts).
 * @param programId the receiver program's address.
 * @param requestId the request id's 32 bytes.
 * @returns the PDA and its canonical bump.
 * @example
 * ```ts
 * const [replay] = await getSvmReceiverReplayAddress(programId, hexToBytes(requestId));
 * const paid = (await rpc.getAccountInfo(replay).send()).value !== null;
 * ```
 */
export async function getSvmReceiverReplayAddress(
  programId: Address,
  requestId: ReadonlyUint8Array,
): Promise<readonly [Address, number]> {
  const [replay, bump] = await getProgramDerivedAddress({
    programAddress: programId,
    seeds: ["replay", requestId],
  });
  return [replay, bump];
}

/** The token accounts of a `deposit_token`. */
export interface SvmReceiverTokenAccounts {
  mint: Address;
  /** The payer's token account of the mint (usually its associated token account). */
  payerToken: Address;
  /** The solver's token account of the mint (owned by the receiver's configured solver). */
  solverToken: Address;
  /** SPL Token or Token-2022 (the mint's owner). */
  tokenProgram: Address;
}

/** What `buildSvmReceiverDepositInstruction` needs: the signature endpoint's response and the accounts. */
export interface SvmReceiverDepositInput {
  programId: Address;
  /** The depositor; must be `requestData.originUser`. A signer is attached to the account meta. */
  payer: TransactionSigner | Address;
  requestId: Hex;
  requestData: RequestData;
  /** The solver's attestation, 65 bytes (r, s, v) or 64 bytes (EIP-2098). */
  signature: Hex;
  /** Unix seconds; the program accepts `now <= deadline <= now + max_deadline_window`. */
  deadline: bigint;
  /** The receiver's configured solver (native deposits pay it directly). */
  solver: Address;
  /** Absent: `deposit_native`; present: `deposit_token` of this mint. */
  token?: SvmReceiverTokenAccounts;
}

function u64(value: bigint, what: string): bigint {
  if (value > U64_MAX) {
    const message = `${what} ${value} does not fit the receiver's u64 argument`;
    throw what === "originAmount" ? new InvalidAmountError(message) : new InvalidSvmArgumentError(message);
  }
  return value;
}

/**
 * The receiver's deposit instruction for an attestation: `deposit_native` when `token` is absent,
 * else `deposit_token`. Every field is converted as the attestation encodes it (`toRequestDataWords`:
 * addresses as bytes32, `destination_user` by the destination chain's VM); `amount` is
 * `originAmount`; the replay PDA's canonical bump is derived. The program, not this builder, checks
 * that the payer, currency and chain match the attestation.
 * @throws AttestkitError subclasses for a malformed request id, request data or signature, or values
 *   that do not fit the program's u64/i64 arguments.
 * @param input the program, the payer (a signer), the attestation, your deadline, the receiver's solver, and the token accounts for a token deposit.
 * @example
 * ```ts
 * const instruction = await buildSvmReceiverDepositInstruction({
 *   programId, payer: wallet, requestId, requestData, signature, deadline: now + 600n, solver,
 * });
 * ```
 */
export async function buildSvmReceiverDepositInstruction(
  input: SvmReceiverDepositInput,
): Promise<Instruction> {
  // The seven attestation words: id, origin chain, origin user, origin currency, origin amount,
  // destination chain, destination user (bytes32 by the destination chain's VM).
  const words = toRequestDataWords(input.requestId, input.requestData);
  parseAttestationSignature(input.signature);
  if (input.deadline < -(1n << 63n) || input.deadline >= 1n << 63n) {
    throw new InvalidSvmArgumentError(`deadline ${input.deadline} does not fit the receiver's i64 argument`);
  }
  const { programId, token } = input;
  const requestId = hexToBytes(words[0]);
  const destinationChainId = u64(words[5], "destinationChainId");
  const destinationUser = hexToBytes(words[6]);
  const [replay, replayBump] = await getSvmReceiverReplayAddress(programId, requestId);
  const originAmount = u64(words[4], "originAmount");
  const accounts = {
    payer: signerInput(input.payer, AccountRole.WRITABLE_SIGNER),
    config: await getSvmReceiverConfigAddress(programId),
    whitelist: await getSvmReceiverWhitelistAddress(programId, destinationChainId, destinationUser),
    replay,
    systemProgram: SYSTEM_PROGRAM_ADDRESS,
  };
  const args = {
    requestId,
    originChainId: u64(words[1], "originChainId"),
    originUser: addressDecoder.decode(hexToBytes(words[2])),
    originCurrency: addressDecoder.decode(hexToBytes(words[3])),
    originAmount,
    destinationChainId,
    destinationUser,
    amount: originAmount,
    deadline: input.deadline,
    replayBump,
    signature: hexToBytes(input.signature),
  };
  const program = { programAddress: programId };
  if (token === undefined) {
    return getDepositNativeInstruction({ ...accounts, ...args, solver: input.solver }, program);
  }
  return getDepositTokenInstruction({ ...accounts, ...args, ...token }, program);
}

/**
 * A signer account of a generated builder given as a `TransactionSigner` or only its address:
 * `@solana/kit`'s program-client-core keeps an account meta with an explicit role as it is, so an
 * address alone still becomes a signer account (the transaction's signer is attached later).
 */
export function signerInput(
  who: TransactionSigner | Address,
  role: AccountRole.WRITABLE_SIGNER | AccountRole.READONLY_SIGNER,
): TransactionSigner {
  if (typeof who !== "string") return who;
  return { address: who, role } as unknown as TransactionSigner;
}

/**
 * Compute units a deposit may cost above its simulation when someone pre-funds its replay PDA
 * between simulation and landing (the address is public, and a system account holding lamports
 * cannot be created with `CreateAccount`): the program then takes the account over with a system
 * `Transfer` (rent shortfall, plus the amount for native deposits) and an `Assign` instead of one
 * `CreateAccount`, one CPI more. Measured at 1,215 CU more for native and token deposits on
 * LiteSVM (`npm run bench:svm-cu`); `test/svm/attested-receiver-prefund.test.ts` checks the bound.
 */
export const SVM_RECEIVER_PREFUNDED_REPLAY_EXTRA_CU = 1_500;
const MAX_COMPUTE_UNIT_LIMIT = 1_400_000;

/**
 * The compute-unit limit to set on a deposit transaction (`SetComputeUnitLimit`) from the units
 * its simulation consumed: the simulation plus `SVM_RECEIVER_PREFUNDED_REPLAY_EXTRA_CU`, so a
 * griefer pre-funding the replay PDA cannot make the landed transaction run out of compute.
 * @throws InvalidSvmArgumentError for a negative or non-integer count, or a limit above 1,400,000.
 * @param simulatedUnits the compute units a simulation of the deposit consumed.
 * @returns the limit to set on the transaction.
 * @example
 * ```ts
 * const limit = getSvmReceiverDepositComputeUnitLimit(simulation.value.unitsConsumed ?? 0n);
 * ```
 */
export function getSvmReceiverDepositComputeUnitLimit(simulatedUnits: number | bigint): number {
  const units = typeof simulatedUnits === "bigint" ? Number(simulatedUnits) : simulatedUnits;
  if (!Number.isSafeInteger(units) || units < 0) {
    throw new InvalidSvmArgumentError(
      `simulated compute units must be a non-negative integer, got ${simulatedUnits}`,
    );
  }
  const limit = units + SVM_RECEIVER_PREFUNDED_REPLAY_EXTRA_CU;
  if (limit > MAX_COMPUTE_UNIT_LIMIT) {
    throw new InvalidSvmArgumentError(
      `compute-unit limit ${limit} exceeds the ${MAX_COMPUTE_UNIT_LIMIT} a transaction may use`,
    );
  }
  return limit;
}

/** The receiver's `Deposited` event (IDL order). */
export interface SvmReceiverDepositedEvent {
  requestId: Hex;
  originChainId: bigint;
  /** The depositor (= the attested origin user). */
  payer: Address;
  /** The mint, or the SVM native token constant (32 zero bytes) for native deposits. */
  currency: Address;
  amount: bigint;
  destinationChainId: bigint;
  /** Destination user, bytes32 as attested (`fromBytes32Address` turns it back into an address). */
  destinationUser: Hex;
  /** Unix seconds. */
  deadline: bigint;
  /** The configured solver. */
  solver: Address;
  /** The account paid: the solver (native) or its token account. */
  recipient: Address;
  /** The EVM address the attestation recovered to (checksummed). */
  signer: `0x${string}`;
}

const bytesDecoder = (size: number) => fixDecoderSize(getBytesDecoder(), size);
const depositedDecoder: Decoder<{
  discriminator: ReadonlyUint8Array;
  requestId: ReadonlyUint8Array;
  originChainId: bigint;
  payer: Address;
  currency: Address;
  amount: bigint;
  destinationChainId: bigint;
  destinationUser: ReadonlyUint8Array;
  deadline: bigint;
  solver: Address;
  recipient: Address;
  signer: ReadonlyUint8Array;
}> = getStructDecoder([
  ["discriminator", bytesDecoder(8)],
  ["requestId", bytesDecoder(32)],
  ["originChainId", getU64Decoder()],
  ["payer", getAddressDecoder()],
  ["currency", getAddressDecoder()],
  ["amount", getU64Decoder()],
  ["destinationChainId", getU64Decoder()],
  ["destinationUser", bytesDecoder(32)],
  ["deadline", getI64Decoder()],
  ["solver", getAddressDecoder()],
  ["recipient", getAddressDecoder()],
  ["signer", bytesDecoder(20)],
]);
/** 8 + 32 + 8 + 32 + 32 + 8 + 8 + 32 + 8 + 32 + 32 + 20. */
const DEPOSITED_LEN = 252;

/** `sha256("event:RequestInvalidated")[..8]`. */
const REQUEST_INVALIDATED_DISCRIMINATOR = Uint8Array.of(27, 194, 13, 146, 90, 145, 166, 91);
/** `sha256("event:InvalidationTooLate")[..8]`. */
const INVALIDATION_TOO_LATE_DISCRIMINATOR = Uint8Array.of(52, 195, 28, 255, 202, 140, 203, 44);

/** The receiver's `RequestInvalidated` event: one per request id newly made unpayable. */
export interface SvmReceiverRequestInvalidatedEvent {
  requestId: Hex;
  /** The owner or the solver that signed `invalidate_requests`. */
  by: Address;
}

/**
 * The receiver's `InvalidationTooLate` event (same fields): `invalidate_requests` named an id a
 * deposit had already paid; the invalidation lost the race and the quote must be filled.
 */
export type SvmReceiverInvalidationTooLateEvent = SvmReceiverRequestInvalidatedEvent;

const requestInvalidatedDecoder = /* @__PURE__ */ getStructDecoder([
  ["discriminator", bytesDecoder(8)],
  ["requestId", bytesDecoder(32)],
  ["by", getAddressDecoder()],
]);
/** 8 + 32 + 32 (`InvalidationTooLate` has the same layout). */
const REQUEST_INVALIDATED_LEN = 72;

/**
 * A transaction's status and logs, as an RPC `getTransaction` gives them (`meta.err`,
 * `meta.logMessages`) or LiteSVM (`logs()` of a successful result, with `err: null`).
 */
export interface SvmTransactionLogs {
  /** `null` when the transaction succeeded; anything else is its error. */
  readonly err: unknown;
  readonly logs: readonly string[];
}

const INVOKE = /^Program (\w+) invoke \[\d+\]$/;
const EXIT = /^Program (\w+) (success|failed)/;
const DATA = "Program data: ";
const base64 = getBase64Encoder();

const sameBytes = (a: ReadonlyUint8Array, b: ReadonlyUint8Array) =>
  a.length === b.length && a.every((x, i) => x === b[i]);

/** The bytes of one `Program data:` payload (one base64 slice) when it has `length` bytes and
 * starts with `discriminator`, or null. */
function eventBytes(payload: string, discriminator: Uint8Array, length: number): ReadonlyUint8Array | null {
  if (payload.includes(" ")) return null; // several slices: not one of the receiver's events
  let bytes: ReadonlyUint8Array;
  try {
    bytes = base64.encode(payload);
  } catch {
    return null;
  }
  if (bytes.length !== length || !sameBytes(bytes.subarray(0, 8), discriminator)) return null;
  return bytes;
}

function decodeDeposited(payload: string): SvmReceiverDepositedEvent | null {
  const bytes = eventBytes(payload, SVM_RECEIVER_DISCRIMINATORS.depositedEvent, DEPOSITED_LEN);
  if (bytes === null) return null;
  const event = depositedDecoder.decode(bytes);
  return {
    requestId: bytesToHex(event.requestId as Uint8Array),
    originChainId: event.originChainId,
    payer: event.payer,
    currency: event.currency,
    amount: event.amount,
    destinationChainId: event.destinationChainId,
    destinationUser: bytesToHex(event.destinationUser as Uint8Array),
    deadline: event.deadline,
    solver: event.solver,
    recipient: event.recipient,
    signer: getAddress(bytesToHex(event.signer as Uint8Array)),
  };
}

/** A `RequestInvalidated` or `InvalidationTooLate` payload (both: id and signer). */
function decodeInvalidation(
  payload: string,
  discriminator: Uint8Array,
): SvmReceiverRequestInvalidatedEvent | null {
  const bytes = eventBytes(payload, discriminator, REQUEST_INVALIDATED_LEN);
  if (bytes === null) return null;
  const event = requestInvalidatedDecoder.decode(bytes);
  return { requestId: bytesToHex(event.requestId as Uint8Array), by: event.by };
}

/**
 * The `Program data:` payloads logged by `programId` itself in a successful transaction: the
 * `invoke` / `success` lines are followed, so another program logging the same bytes does not
 * count. A failed transaction is refused: its logs can show events whose effects were rolled back
 * (e.g. a `Deposited` logged before the runtime aborted the transaction).
 */
function receiverPayloads(transaction: SvmTransactionLogs, programId: Address): string[] {
  if (transaction.err !== null) {
    throw new SvmTransactionFailedError(
      `the transaction failed (${describeChainError(transaction.err)}): its receiver events never took effect`,
    );
  }
  const stack: string[] = [];
  const payloads: string[] = [];
  for (const line of transaction.logs) {
    const invoke = INVOKE.exec(line);
    if (invoke) {
      stack.push(invoke[1] as string);
      continue;
    }
    if (EXIT.test(line)) {
      stack.pop();
      continue;
    }
    if (line.startsWith(DATA) && stack[stack.length - 1] === programId)
      payloads.push(line.slice(DATA.length));
  }
  return payloads;
}

/**
 * Every `Deposited` event the receiver `programId` logged in a successful transaction (Anchor
 * event layout: a `Program data:` line, the base64 of discriminator || Borsh fields).
 * @throws SvmTransactionFailedError when `transaction.err` is not null.
 * @param transaction the transaction's `err` and its log lines (`meta.logMessages` of `getTransaction`).
 * @param programId the receiver program you trust.
 * @example
 * ```ts
 * const tx = await rpc.getTransaction(signature, { maxSupportedTransactionVersion: 0 }).send();
 * const deposits = decodeSvmReceiverDepositedEvents({ err: tx.meta.err, logs: tx.meta.logMessages ?? [] }, programId);
 * ```
 */
export function decodeSvmReceiverDepositedEvents(
  transaction: SvmTransactionLogs,
  programId: Address,
): SvmReceiverDepositedEvent[] {
  return receiverPayloads(transaction, programId)
    .map(decodeDeposited)
    .filter((e): e is SvmReceiverDepositedEvent => e !== null);
}

/**
 * The first `Deposited` event (see `decodeSvmReceiverDepositedEvents`), or null.
 * @param transaction the transaction's `err` and its log lines.
 * @param programId the receiver program you trust.
 * @example
 * ```ts
 * const deposit = decodeSvmReceiverDepositedEvent({ err: meta.err, logs: meta.logMessages ?? [] }, programId);
 * ```
 */
export function decodeSvmReceiverDepositedEvent(
  transaction: SvmTransactionLogs,
  programId: Address,
): SvmReceiverDepositedEvent | null {
  return decodeSvmReceiverDepositedEvents(transaction, programId)[0] ?? null;
}

/**
 * Every `RequestInvalidated` event the receiver `programId` logged in a successful transaction.
 * @throws SvmTransactionFailedError when `transaction.err` is not null.
 * @param transaction the transaction's `err` and its log lines.
 * @param programId the receiver program you trust.
 * @example
 * ```ts
 * const ended = decodeSvmReceiverRequestInvalidatedEvents({ err: meta.err, logs: meta.logMessages ?? [] }, programId);
 * ```
 */
export function decodeSvmReceiverRequestInvalidatedEvents(
  transaction: SvmTransactionLogs,
  programId: Address,
): SvmReceiverRequestInvalidatedEvent[] {
  return receiverPayloads(transaction, programId)
    .map((payload) => decodeInvalidation(payload, REQUEST_INVALIDATED_DISCRIMINATOR))
    .filter((e): e is SvmReceiverRequestInvalidatedEvent => e !== null);
}

/**
 * Every `InvalidationTooLate` event the receiver `programId` logged in a successful transaction:
 * the ids an `invalidate_requests` named after a deposit had paid them.
 * @throws SvmTransactionFailedError when `transaction.err` is not null.
 */
export function decodeSvmReceiverInvalidationTooLateEvents(
  transaction: SvmTransactionLogs,
  programId: Address,
): SvmReceiverInvalidationTooLateEvent[] {
  return receiverPayloads(transaction, programId)
    .map((payload) => decodeInvalidation(payload, INVALIDATION_TOO_LATE_DISCRIMINATOR))
    .filter((e): e is SvmReceiverInvalidationTooLateEvent => e !== null);
}
