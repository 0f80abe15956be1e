import { AttestkitError } from "../errors.ts";

/**
 * Errors of `attestkit/orders`. Each has its own stable `code`, so an order that
 * cannot be encoded is refused with a reason instead of being hashed over wrong bytes.
 */

/** An address or currency that is not in any form its VM accepts (bad alphabet, prefix or shape). */
export class MalformedOrderAddressError extends AttestkitError {
  constructor(message: string) {
    super("ORDER_ADDRESS_MALFORMED", message);
  }
}

/** An address whose checksum (EIP-55, base58check, bech32, TON CRC16) does not match. */
export class OrderAddressChecksumError extends AttestkitError {
  constructor(message: string) {
    super("ORDER_ADDRESS_BAD_CHECKSUM", message);
  }
}

/** An address that decodes to a byte length its VM never uses. */
export class OrderAddressLengthError extends AttestkitError {
  constructor(message: string) {
    super("ORDER_ADDRESS_WRONG_LENGTH", message);
  }
}

/** A TON address on a workchain other than the basechain (0): its 32-byte hash would lose the workchain. */
export class TonWorkchainError extends AttestkitError {
  constructor(message: string) {
    super("ORDER_ADDRESS_TON_WORKCHAIN", message);
  }
}

/** An XRP X-address carrying a destination tag: the 20-byte account id would silently drop the tag. */
export class XrpTaggedAddressError extends AttestkitError {
  constructor(message: string) {
    super("ORDER_ADDRESS_XRP_TAG", message);
  }
}

/** A chain id string in an order that the chain → VM type map does not know. */
export class UnknownOrderChainError extends AttestkitError {
  constructor(message: string) {
    super("ORDER_UNKNOWN_CHAIN", message);
  }
}

/** A VM type outside the nine attestkit encodes. */
export class UnsupportedVmTypeError extends AttestkitError {
  constructor(message: string) {
    super("ORDER_UNSUPPORTED_VM_TYPE", message);
  }
}

/** An order `version` whose EIP-712 type list attestkit does not have. */
export class UnsupportedOrderVersionError extends AttestkitError {
  constructor(message: string) {
    super("ORDER_UNSUPPORTED_VERSION", message);
  }
}

/** An order that is not the protocol's shape (missing member, bad amount, deadline or hex bytes). */
export class InvalidOrderError extends AttestkitError {
  constructor(message: string, options?: { cause?: unknown }) {
    super("INVALID_ORDER", message, options);
  }
}

/** A GET /chains response that does not carry what the order helpers need. */
export class InvalidChainsResponseError extends AttestkitError {
  constructor(message: string) {
    super("INVALID_CHAINS_RESPONSE", message);
  }
}

/** An order id that is not 32 bytes of 0x-prefixed hex. */
export class InvalidOrderIdError extends AttestkitError {
  constructor(message: string) {
    super("INVALID_ORDER_ID", message);
  }
}

/** A `verifyQuoteOrder` policy that cannot be applied as written (a caller bug, never the quote's fault). */
export class InvalidOrderPolicyError extends AttestkitError {
  constructor(message: string) {
    super("INVALID_ORDER_POLICY", message);
  }
}

/** `predictDepositAddress` parameters naming a VM it has no derivation for. */
export class InvalidDepositAddressParamsError extends AttestkitError {
  constructor(message: string) {
    super("INVALID_DEPOSIT_ADDRESS_PARAMS", message);
  }
}
