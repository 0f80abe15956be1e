/**
 * JSON-RPC errors of the Solana RPC (codes as a validator sends them) and the runtime's transaction
 * errors in the JSON form validators serialize them (`"BlockhashNotFound"`,
 * `{"InstructionError":[0,{"Custom":1}]}`), converted from LiteSVM's error objects.
 */

/** A JSON-RPC error the server answers with (the JSON-RPC bridge keeps `code`, `message`, `data`). */
export class RpcError extends Error {
  readonly code: number;
  readonly data?: unknown;
  constructor(code: number, message: string, data?: unknown) {
    super(message);
    this.code = code;
    if (data !== undefined) this.data = data;
  }
}

export const METHOD_NOT_FOUND = -32601;
export const INVALID_PARAMS = -32602;
/** Preflight simulation failed (`sendTransaction`). */
export const SEND_TRANSACTION_PREFLIGHT_FAILURE = -32002;
export const TRANSACTION_SIGNATURE_VERIFICATION_FAILURE = -32003;
/** A versioned transaction asked for without `maxSupportedTransactionVersion`. */
export const UNSUPPORTED_TRANSACTION_VERSION = -32015;

export const invalidParams = (message: string) => new RpcError(INVALID_PARAMS, `Invalid params: ${message}`);

/** Solana's `TransactionError` variants without fields, in the order LiteSVM numbers them. */
const TRANSACTION_ERRORS = [
  "AccountInUse",
  "AccountLoadedTwice",
  "AccountNotFound",
  "ProgramAccountNotFound",
  "InsufficientFundsForFee",
  "InvalidAccountForFee",
  "AlreadyProcessed",
  "BlockhashNotFound",
  "CallChainTooDeep",
  "MissingSignatureForFee",
  "InvalidAccountIndex",
  "SignatureFailure",
  "InvalidProgramForExecution",
  "SanitizeFailure",
  "ClusterMaintenance",
  "AccountBorrowOutstanding",
  "WouldExceedMaxBlockCostLimit",
  "UnsupportedVersion",
  "InvalidWritableAccount",
  "WouldExceedMaxAccountCostLimit",
  "WouldExceedAccountDataBlockLimit",
  "TooManyAccountLocks",
  "AddressLookupTableNotFound",
  "InvalidAddressLookupTableOwner",
  "InvalidAddressLookupTableData",
  "InvalidAddressLookupTableIndex",
  "InvalidRentPayingAccount",
  "WouldExceedMaxVoteCostLimit",
  "WouldExceedAccountDataTotalLimit",
  "MaxLoadedAccountsDataSizeExceeded",
  "ResanitizationNeeded",
  "InvalidLoadedAccountsDataSizeLimit",
  "UnbalancedTransaction",
  "ProgramCacheHitMaxLimit",
  "CommitCancelled",
] as const;

/** Solana's `InstructionError` variants without fields, in the order LiteSVM numbers them. */
const INSTRUCTION_ERRORS = [
  "GenericError",
  "InvalidArgument",
  "InvalidInstructionData",
  "InvalidAccountData",
  "AccountDataTooSmall",
  "InsufficientFunds",
  "IncorrectProgramId",
  "MissingRequiredSignature",
  "AccountAlreadyInitialized",
  "UninitializedAccount",
  "UnbalancedInstruction",
  "ModifiedProgramId",
  "ExternalAccountLamportSpend",
  "ExternalAccountDataModified",
  "ReadonlyLamportChange",
  "ReadonlyDataModified",
  "DuplicateAccountIndex",
  "ExecutableModified",
  "RentEpochModified",
  "NotEnoughAccountKeys",
  "AccountDataSizeChanged",
  "AccountNotExecutable",
  "AccountBorrowFailed",
  "AccountBorrowOutstanding",
  "DuplicateAccountOutOfSync",
  "InvalidError",
  "ExecutableDataModified",
  "ExecutableLamportChange",
  "ExecutableAccountNotRentExempt",
  "UnsupportedProgramId",
  "CallDepth",
  "MissingAccount",
  "ReentrancyNotAllowed",
  "MaxSeedLengthExceeded",
  "InvalidSeeds",
  "InvalidRealloc",
  "ComputationalBudgetExceeded",
  "PrivilegeEscalation",
  "ProgramEnvironmentSetupFailure",
  "ProgramFailedToComplete",
  "ProgramFailedToCompile",
  "Immutable",
  "IncorrectAuthority",
  "AccountNotRentExempt",
  "InvalidAccountOwner",
  "ArithmeticOverflow",
  "UnsupportedSysvar",
  "IllegalOwner",
  "MaxAccountsDataAllocationsExceeded",
  "MaxAccountsExceeded",
  "MaxInstructionTraceLengthExceeded",
  "BuiltinProgramsMustConsumeComputeUnits",
  "BorshIoError",
] as const;

/** A transaction error as the RPC serializes it. */
export type TransactionErrorJson = string | Record<string, unknown>;

function instructionErrorJson(error: unknown): string | Record<string, unknown> {
  if (typeof error === "number") return INSTRUCTION_ERRORS[error] ?? "InvalidError";
  const e = error as { code?: number; msg?: string };
  if (typeof e.code === "number") return { Custom: e.code };
  return "BorshIoError";
}

/** LiteSVM's `FailedTransactionMetadata.err()` in the RPC's JSON form. */
export function transactionErrorJson(error: unknown): TransactionErrorJson {
  if (typeof error === "number") return TRANSACTION_ERRORS[error] ?? "SanitizeFailure";
  const e = error as { index?: number; accountIndex?: number; err?: () => unknown };
  if (typeof e.err === "function") return { InstructionError: [e.index, instructionErrorJson(e.err())] };
  if (typeof e.accountIndex === "number") {
    const name = (error as object).constructor.name.includes("Restricted")
      ? "ProgramExecutionTemporarilyRestricted"
      : "InsufficientFundsForRent";
    return { [name]: { account_index: e.accountIndex } };
  }
  return { DuplicateInstruction: e.index };
}

/** The validator's one-line description of a transaction error (preflight failure messages). */
export function describeTransactionError(error: TransactionErrorJson): string {
  if (typeof error === "string") return error;
  const instruction = error.InstructionError as [number, string | { Custom: number }] | undefined;
  if (instruction) {
    const [index, cause] = instruction;
    const what = typeof cause === "string" ? cause : `custom program error: 0x${cause.Custom.toString(16)}`;
    return `Error processing Instruction ${index}: ${what}`;
  }
  return JSON.stringify(error);
}
