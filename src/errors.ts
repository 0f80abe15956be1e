/**
 * Every error attestkit throws is an `AttestkitError` with a stable `code`,
 * so callers can branch on `err.code` without parsing messages.
 */
export class AttestkitError extends Error {
  readonly code: string;

  constructor(code: string, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = new.target.name;
    this.code = code;
  }
}

/** An address that is malformed for the VM of the chain it was given for. */
export class InvalidAddressError extends AttestkitError {
  constructor(message: string) {
    super("INVALID_ADDRESS", message);
  }
}

/** An EVM address where an SVM one is required, or the reverse. */
export class AddressVmMismatchError extends AttestkitError {
  constructor(message: string) {
    super("ADDRESS_VM_MISMATCH", message);
  }
}

/** A chain id that is not a positive safe integer. */
export class InvalidChainIdError extends AttestkitError {
  constructor(message: string) {
    super("INVALID_CHAIN_ID", message);
  }
}

/** An amount that is not a non-negative integer that fits in a uint256. */
export class InvalidAmountError extends AttestkitError {
  constructor(message: string) {
    super("INVALID_AMOUNT", message);
  }
}

/** A request id that is not 32 bytes of hex. */
export class InvalidRequestIdError extends AttestkitError {
  constructor(message: string) {
    super("INVALID_REQUEST_ID", message);
  }
}

/** A signature that is not 64 or 65 bytes of well-formed secp256k1 (r, s, v). */
export class InvalidSignatureError extends AttestkitError {
  constructor(message: string, options?: { cause?: unknown }) {
    super("INVALID_SIGNATURE", message, options);
  }
}

/** A signature whose `s` lies in the upper half of the curve order (the malleable twin). */
export class SignatureHighSError extends AttestkitError {
  constructor(message: string) {
    super("SIGNATURE_HIGH_S", message);
  }
}

/**
 * An SVM transaction whose wire size exceeds the 1232-byte limit the service
 * checks at quote time (service interface: SVM rules), optionally after reserving room for bytes
 * the caller still means to add (e.g. ~60 bytes of compute-budget instructions).
 */
export class SolanaTransactionTooLargeError extends AttestkitError {
  /** Measured wire size of the transaction, in bytes. */
  readonly size: number;
  /** The wire limit the size was checked against (1232). */
  readonly limit: number;
  /** Bytes reserved on top of `size` by the caller. */
  readonly reserveBytes: number;
  /** `size + reserveBytes - limit`: how many bytes must go for the transaction to fit. */
  readonly over: number;

  constructor(params: { size: number; limit: number; reserveBytes?: number }) {
    const reserveBytes = params.reserveBytes ?? 0;
    const over = params.size + reserveBytes - params.limit;
    const bytes = (n: number) => `${n} byte${n === 1 ? "" : "s"}`;
    const message =
      reserveBytes > 0
        ? `transaction is ${bytes(params.size)}, ${bytes(over)} over the ${params.limit}-byte limit after ` +
          `reserving ${bytes(reserveBytes)} (${params.size} + ${reserveBytes} = ${params.size + reserveBytes})`
        : `transaction is ${bytes(params.size)}, ${bytes(over)} over the ${params.limit}-byte limit`;
    super("SOLANA_TX_TOO_LARGE", message);
    this.size = params.size;
    this.limit = params.limit;
    this.reserveBytes = reserveBytes;
    this.over = over;
  }
}

/** A value that is not a well-formed SVM transaction or transaction message (cannot be measured). */
export class InvalidSvmTransactionError extends AttestkitError {
  constructor(message: string, options?: { cause?: unknown }) {
    super("INVALID_SVM_TRANSACTION", message, options);
  }
}

/** An argument to an SVM helper (byte reserve, attempt counter, swap source list) that is out of range. */
export class InvalidSvmArgumentError extends AttestkitError {
  constructor(message: string) {
    super("INVALID_SVM_ARGUMENT", message);
  }
}

/** A failed transaction handed to a decoder that reads only successful ones (its logs may show events that never took effect). */
export class SvmTransactionFailedError extends AttestkitError {
  constructor(message: string) {
    super("SVM_TRANSACTION_FAILED", message);
  }
}
