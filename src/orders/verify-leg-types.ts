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
  /** The latest block number when checked: finality counts the blocks on top of the transaction's. */
  headBlockNumber?: bigint;
  /** Unix seconds of that latest block: finality counts the seconds since the transaction's block. */
  headBlockTimestamp?: bigint | number;
  /**
   * The chain id of the node the evidence was read from (`eth_chainId`): places a transaction that
   * states none (pre-EIP-155) on its chain.
   */
  nodeChainId?: number;
  /**
   * Value moved by the transaction's inner calls (`debug_traceTransaction` with the call tracer),
   * when the node offers it: what a receipt does not show, with the account each came from. Reported,
   * never counted for a fill or refund (the service counts the fill contract's events); a deposit
   * address's native sweep is measured by it (`verifyDepositAddressSweep`).
   */
  internalTransfers?: readonly { to: string; value: bigint; from?: string }[];
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
      /**
       * Instructions run by cross-program invocation (`data` base58, as the node encodes it; `accounts`
       * the indexes of their accounts in the transaction's keys).
       */
      innerInstructions?:
        | readonly {
            index: number;
            instructions: readonly { programIdIndex: number; accounts?: readonly number[]; data: string }[];
          }[]
        | null;
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
  /** The node's chain id (viem `getChainId`), when offered: places a transaction that states none. */
  getChainId?(): Promise<number>;
  /**
   * Raw JSON-RPC (viem `request`), when offered: `debug_traceTransaction` with the call tracer reads
   * the native value inner calls moved. A node without the method is read without it.
   */
  // biome-ignore lint/suspicious/noExplicitAny: viem's request is typed per RPC schema
  request?(args: any): Promise<any>;
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

/**
 * When a leg's transaction counts as final. The defaults are the service's: EVM, both 10 blocks on
 * top of the transaction's block and 60 s between its block and the latest; SVM, `finalized`.
 */
export type LegFinality = {
  /** EVM: blocks on top of the transaction's own (default 10). */
  blocks?: number;
  /** EVM: seconds from the transaction's block to the latest block (default 60). */
  seconds?: number;
  /**
   * EVM, older form: blocks including the transaction's own (`blocks` is this less one). When set
   * without `blocks`, it replaces the block default and the time rule is off unless `seconds` is set.
   */
  confirmations?: number;
  /** SVM: the commitment it must have reached (default `finalized`). */
  commitment?: "confirmed" | "finalized";
};

export type VerifyLegOptions = {
  /** The GET /chains response, `orderChainsFromChains` of it, or a protocol chain id → VM type map. */
  chains: unknown;
  /** Finality on every chain, unless `finalityByChain` names the leg's chain. */
  finality?: LegFinality;
  /** Per protocol chain id overrides (the service's per-chain finality). */
  finalityByChain?: Readonly<Record<string, LegFinality>>;
  /**
   * The fill contracts (routers) whose `SolverNativeTransfer` / `SolverCallExecuted` events count,
   * per protocol chain id, for orders that name none: a v2 order has no `extraData`. A v1 order's
   * leg counts only the contract its `extraData` names, as the service does.
   */
  fillContracts?: Readonly<Record<string, readonly string[]>>;
  /**
   * Legs already counted for an order: a transaction counted for one order is refused for another
   * (`LEG_ALREADY_COUNTED`), and each leg that passes is recorded in it.
   */
  ledger?: LegLedger;
};

/** Transactions already counted, with the order each paid (see `createLegLedger`). */
export type LegLedger = {
  /** The order `txHash` was counted for, if any. */
  countedFor(txHash: string): string | undefined;
  /** Records that `txHash` paid `orderId`. */
  count(txHash: string, orderId: string): void;
  /** Every order counted so far: a leg whose tags name one of them besides its own order is refused. */
  orderIds(): Iterable<string>;
};

export type VerifyOrderRefundOptions = VerifyLegOptions & {
  /**
   * What the deposit put in, per order input (one value for a one-input order): the refund floor is
   * `minimum + minimum·bpsDiff/1e18`, where `bpsDiff` is the weighted deposits' relative difference
   * from the weighted inputs in 1e18 units (higher after an over-deposit, lower after a short one).
   * Absent: the order's own minimum.
   */
  deposited?: bigint | string | readonly (bigint | string)[];
  /**
   * Who made the deposit (native form of its chain), per order input (one value for a one-input
   * order): a refund option whose recipient is the VM's native currency refunds the depositor.
   */
  depositor?: string | readonly string[];
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
  | "FILL_CALLS_NOT_ATTESTABLE"
  | "REFUND_RECIPIENT_NOT_ALLOWED"
  | "REFUND_DEPOSITOR_UNKNOWN"
  | "REFUND_LATE"
  | "REFUND_BELOW_MINIMUM"
  | "TX_CHAIN_UNSTATED"
  | "LEG_TAGGED_FOR_TWO_ORDERS"
  | "LEG_ALREADY_COUNTED";

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
