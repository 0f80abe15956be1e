import type { Hex } from "viem";

/** A log of an EVM receipt, as viem and JSON-RPC give it. */
export type EvmLegLog = { address: string; topics: readonly Hex[]; data: Hex };

/**
 * An EVM fill or refund as the caller already holds it (no network is used): the transaction, its
 * receipt, its block's timestamp and, for finality beyond inclusion, the chain's head.
 */
export type EvmLegEvidence = {
  vm: "ethereum-vm";
  transaction: { hash: Hex; to: string | null; input: Hex; value: bigint; chainId?: number };
  receipt: { status: "success" | "reverted"; blockNumber: bigint; logs: readonly EvmLegLog[] };
  /** Unix seconds of the transaction's block. */
  blockTimestamp: bigint | number;
  /** The latest block number when checked; needed when `finality.confirmations` is above 1. */
  headBlockNumber?: bigint;
};

/** One entry of `preTokenBalances` / `postTokenBalances`. */
export type SvmLegTokenBalance = {
  accountIndex: number;
  mint: string;
  owner?: string;
  uiTokenAmount: { amount: string };
};

/**
 * An SVM fill or refund as the caller already holds it: `getTransaction` with `encoding: "base64"`
 * (and `maxSupportedTransactionVersion: 0`), plus the commitment it was read at or its signature
 * status reached.
 */
export type SvmLegEvidence = {
  vm: "solana-vm";
  signature: string;
  /** The highest commitment the transaction has reached. */
  commitment: "processed" | "confirmed" | "finalized";
  transaction: {
    slot: bigint | number;
    blockTime: bigint | number | null;
    transaction: readonly [string, "base64"] | readonly [string, string];
    meta: {
      err: unknown;
      preBalances: readonly (bigint | number)[];
      postBalances: readonly (bigint | number)[];
      preTokenBalances?: readonly SvmLegTokenBalance[] | null;
      postTokenBalances?: readonly SvmLegTokenBalance[] | null;
      loadedAddresses?: { writable: readonly string[]; readonly: readonly string[] } | null;
    } | null;
  };
};

export type LegEvidence = EvmLegEvidence | SvmLegEvidence;

/** The parts of a viem `PublicClient` a leg is fetched with. */
export type EvmLegClient = {
  /** The transaction by hash (viem `getTransaction`). */
  getTransaction(args: { hash: Hex }): Promise<{
    hash: Hex;
    to: string | null;
    input: Hex;
    value: bigint;
    chainId?: number;
    blockNumber: bigint | null;
  }>;
  /** Its receipt, with the logs the leg is checked against (viem `getTransactionReceipt`). */
  getTransactionReceipt(args: { hash: Hex }): Promise<EvmLegEvidence["receipt"]>;
  /** The block the transaction landed in, for its timestamp (viem `getBlock`). */
  getBlock(args: { blockNumber: bigint }): Promise<{ timestamp: bigint }>;
  /** The chain's latest block number, for the confirmation count (viem `getBlockNumber`). */
  getBlockNumber(args?: { cacheTime?: number }): Promise<bigint>;
};

/** A kit RPC request, sent by `send()`. */
export type SvmLegRequest = {
  /** Performs the request. */
  send(): Promise<unknown>;
};

/** The parts of an `@solana/kit` `Rpc<SolanaRpcApi>` a leg is fetched with. */
export type SvmLegRpc = {
  /** The transaction by signature (kit `getTransaction`). */
  // biome-ignore lint/suspicious/noExplicitAny: kit's method signatures are overloaded per encoding
  getTransaction(signature: any, config: any): SvmLegRequest;
  /** The signatures' confirmation statuses (kit `getSignatureStatuses`). */
  // biome-ignore lint/suspicious/noExplicitAny: as above
  getSignatureStatuses(signatures: any, config: any): SvmLegRequest;
};

/** Where the leg's transaction comes from: evidence already held, or a hash read over the network. */
export type LegSource =
  | LegEvidence
  | { vm: "ethereum-vm"; hash: Hex; client: EvmLegClient }
  | { vm: "solana-vm"; signature: string; rpc: SvmLegRpc };

/** When a leg's transaction counts as final. */
export type LegFinality = {
  /** EVM: blocks including the transaction's own (default 1: included is final). */
  confirmations?: number;
  /** SVM: the commitment it must have reached (default `confirmed`). */
  commitment?: "confirmed" | "finalized";
};

export type VerifyLegOptions = {
  /** The GET /chains response, `orderChainsFromChains` of it, or a protocol chain id → VM type map. */
  chains: unknown;
  finality?: LegFinality;
};

export type VerifyOrderRefundOptions = VerifyLegOptions & {
  /**
   * What the refunded deposit put in, when it was less than the order's input (a short deposit):
   * the refund floor is then the refund's `minimumAmount` in proportion, rounded down.
   */
  deposited?: bigint | string;
};

/** Why a fill or refund does not honour its order; every failed check is reported, root cause first. */
export type LegCheckCode =
  | "ORDER_UNENCODABLE"
  | "ORDER_ID_MISMATCH"
  | "LEG_CHAIN_MISMATCH"
  | "TX_NOT_FOUND"
  | "TX_MALFORMED"
  | "TX_FAILED"
  | "TX_NOT_FINAL"
  | "ORDER_ID_TAG_MISSING"
  | "BLOCK_TIME_UNKNOWN"
  | "FILL_LATE"
  | "FILL_RECIPIENT_NOT_PAID"
  | "FILL_BELOW_MINIMUM"
  | "FILL_CALLS_MISMATCH"
  | "REFUND_RECIPIENT_NOT_ALLOWED"
  | "REFUND_LATE"
  | "REFUND_BELOW_MINIMUM";

export type LegCheckFailure = { code: LegCheckCode; message: string; expected?: string; actual?: string };

/** One check that was made, passed or not (what `attestkit verify` prints). */
export type LegCheck = { check: string; ok: boolean; detail: string };

export type LegVerification = {
  /** True only when `failures` is empty. */
  ok: boolean;
  leg: "fill" | "refund";
  /** The order id recomputed from the order data (null when the order cannot be encoded). */
  orderId: Hex | null;
  /** The transaction checked (EVM hash or SVM signature). */
  txHash: string;
  failures: LegCheckFailure[];
  checks: LegCheck[];
};
