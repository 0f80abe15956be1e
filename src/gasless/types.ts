import type { Address, Hex } from "viem";

/** One call the approval proxy runs for the user, in order. */
export type Call3Value = {
  target: Address;
  /** When true, a revert of this call does not revert the others. */
  allowFailure: boolean;
  /** Native value sent with the call, out of the relayer's `msgValue`. */
  value: bigint;
  callData: Hex;
};

/** One ERC-3009 pull that funds the calls: `value` of `token` from `from`, valid strictly between the bounds. */
export type FundingAuthorization = {
  token: Address;
  from: Address;
  value: bigint;
  /** Unix seconds; valid only after it. */
  validAfter: bigint;
  /** Unix seconds; valid only before it. */
  validBefore: bigint;
};

/** The execution a user authorises a relayer to run through the approval proxy. */
export type GaslessExecution = {
  /** The only account allowed to submit it (the proxy reads it from `msg.sender`). */
  relayer: Address;
  /** The exact native value the relayer must attach. */
  msgValue: bigint;
  /** Where leftover native value and tokens go. */
  refundTo: Address;
  /** The recipient of NFTs the calls mint or transfer. */
  nftRecipient: Address;
  /** Bytes the proxy logs with every funds movement (e.g. the request id). */
  metadata: Hex;
  calls: readonly Call3Value[];
};

/** `MulticallAuthorization`: one per funding entry, the `fundingIndex`-th of `funding`. */
export type MulticallAuthorization = GaslessExecution & {
  from: Address;
  fundingIndex: bigint;
  funding: readonly FundingAuthorization[];
};

/** Permit2 `PermitBatchWitnessTransferFrom` with a `RelayerWitness`. */
export type RelayerWitnessPermit = {
  permitted: readonly { token: Address; amount: bigint }[];
  /** The approval proxy, which calls Permit2. */
  spender: Address;
  nonce: bigint;
  /** Unix seconds; valid through it. */
  deadline: bigint;
  witness: Omit<GaslessExecution, "calls"> & { call3Values: readonly Call3Value[] };
};

/**
 * What the quote says will run, built by the integrator from facts it trusts (its configuration, the
 * quote's order and details), never read from the typed data it is about to sign.
 */
export type GaslessExpectation = {
  chainId: number;
  /** The approval proxy on `chainId`, from your configuration. */
  approvalProxy: Address;
  /** The relayer allowed to submit, from your configuration. */
  relayer: Address;
  /** The user who signs and pays. */
  from: Address;
  msgValue: bigint;
  refundTo: Address;
  /** Default: the zero address (the calls mint nothing). */
  nftRecipient?: Address;
  /** Default: not checked (the proxy only logs it). */
  metadata?: Hex;
  calls: readonly Call3Value[];
  /** Tokens and amounts pulled from `from`, in order. */
  funding: readonly { token: Address; value: bigint }[];
};

/** Options of the `verify…` functions. */
export type GaslessVerifyOptions = {
  /** Unix seconds the validity window is checked at. */
  now: number;
  /** The signature over the typed data: checked to recover `expected.from` when given. */
  signature?: Hex;
  /** Longest accepted window from `now` to the end of validity (default 3600 s). */
  maxValiditySeconds?: number;
};

/**
 * Every reason a gasless verification can report. A code added here is a code integrators must
 * handle: docs/gasless.md lists each one (a test compares the two lists).
 */
export const GASLESS_CHECK_CODES = [
  "GASLESS_TYPED_DATA_MALFORMED",
  "GASLESS_DOMAIN_MISMATCH",
  "GASLESS_SIGNER_MISMATCH",
  "GASLESS_SIGNATURE_INVALID",
  "GASLESS_RELAYER_MISMATCH",
  "GASLESS_SPENDER_MISMATCH",
  "GASLESS_MSG_VALUE_MISMATCH",
  "GASLESS_REFUND_TO_MISMATCH",
  "GASLESS_NFT_RECIPIENT_MISMATCH",
  "GASLESS_METADATA_MISMATCH",
  "GASLESS_CALL_COUNT_MISMATCH",
  "GASLESS_CALL_MISMATCH",
  "GASLESS_FUNDING_MISMATCH",
  "GASLESS_FUNDING_INDEX_INVALID",
  "GASLESS_NONCE_MISMATCH",
  "GASLESS_NOT_YET_VALID",
  "GASLESS_EXPIRED",
  "GASLESS_VALIDITY_TOO_LONG",
] as const;

export type GaslessCheckCode = (typeof GASLESS_CHECK_CODES)[number];

export type GaslessCheckFailure = {
  code: GaslessCheckCode;
  message: string;
  expected?: string;
  actual?: string;
  /** The call or funding entry the failure is about. */
  index?: number;
  /** Set when this failure follows from another reported before it (a field changed after signing). */
  causedBy?: GaslessCheckCode;
};

export type GaslessVerification = {
  /** True only when `failures` is empty. */
  ok: boolean;
  /** The EIP-712 digest of the typed data as given (null when it is malformed). */
  digest: Hex | null;
  /** Root causes first, then the failures derived from them. */
  failures: GaslessCheckFailure[];
};
