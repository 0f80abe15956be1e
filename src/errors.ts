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
  constructor(message: string) {
    super("INVALID_SIGNATURE", message);
  }
}

/** A signature whose `s` lies in the upper half of the curve order (the malleable twin). */
export class SignatureHighSError extends AttestkitError {
  constructor(message: string) {
    super("SIGNATURE_HIGH_S", message);
  }
}
