/**
 * The one interface through which the mock service's indexer and solver talk to chains. Two real
 * implementations: EVM over viem (`evm.ts`, any JSON-RPC URL or Hardhat's in-process EDR provider)
 * and SVM over Solana JSON-RPC and PubSub (`svm.ts`).
 */
import type { LegSource } from "../../orders/index.ts";

/**
 * Where in its transaction a deposit is named, part of the key the service books it under:
 * `log:<index>` (an EVM event), `ix:<index>` (an SVM instruction, top-level first then inner),
 * `event:<index>` (the SVM receiver's n-th event), `call:<index>` (the n-th tagged internal call to
 * a key in an EVM transaction's call tree, `evm-internal-transfers.ts`), or `tx` (the transaction as a
 * whole: a transfer tagged by calldata or memo).
 */
export type DepositPosition = `log:${number}` | `ix:${number}` | `event:${number}` | `call:${number}` | "tx";

/** Something the indexer recognized in a block. */
export type ChainObservation =
  | {
      kind: "deposit";
      requestId: string;
      txHash: string;
      block: number;
      timestamp: number;
      /**
       * Who paid it (`DepositObservation.from`): the payer a receiver bound, else the account whose
       * balance the transfer came from (EVM: the sender of the top-level transfer, or for an internal
       * call the account whose value it carried, `evm-internal-transfers.ts`; SVM: the owner
       * of the account that fell), never an account that only paid the fees.
       */
      from: string;
      /** Token address (EVM zero address / SVM native constant for native). */
      currency: string;
      /** What arrived: the balance change of the service's own account, never a claimed amount. */
      amount: string;
      status: "success" | "failure";
      /** How it was tagged: plain transfer with the id, or an event of a receiver contract. */
      via: "transfer" | "receiver-event";
      /** Where in its transaction it is named (`DepositPosition`): two deposits of one transaction never share one. */
      position: DepositPosition;
    }
  | {
      /** A deposit into the chain's depository, identified by its order id (`depository-*.ts`). */
      kind: "order-deposit";
      orderId: string;
      /** The depositor the deposit names: anyone may name anyone, so it never authorises the deposit. */
      depositor: string;
      /**
       * Who paid it: the account whose balance it came from (EVM: `evm-payers.ts`, however the
       * transaction was relayed; SVM: the instruction's paying sender), never the depositor named.
       */
      from: string;
      /** Where in its transaction it is named (`DepositPosition`). */
      position: DepositPosition;
      txHash: string;
      block: number;
      timestamp: number;
      /** Token address (EVM zero address / SVM native constant for native). */
      currency: string;
      /** What the depository's balance change credits this deposit, smallest units. */
      amount: string;
      status: "success" | "failure";
    }
  | {
      /**
       * A transaction the scan could not process (`quarantine.ts`): the indexer records it once its
       * block is final and moves on, and nothing else of that transaction is booked.
       */
      kind: "quarantine";
      txHash: string;
      block: number;
      /** Why: the error's name and message. */
      reason: string;
    }
  | {
      kind: "funding";
      txHash: string;
      block: number;
      from: string;
      to: string;
      input: string;
      /** Tokens of `to` the solver's keys gained in the transaction (its `Transfer` logs, net). */
      received: string;
      status: "success" | "failure";
    };

/** A transfer the solver sends (fill on the destination chain, or refund on the origin chain). */
export interface TransferParams {
  to: string;
  /** Token address; zero address (EVM) / native constant (SVM) for native. */
  currency: string;
  amount: bigint;
  /** The request the transfer fills or refunds. */
  requestId: string;
  /** The id the transfer carries (its data / memo): the request's order id when it has one; default `requestId`. */
  tag?: string;
  /**
   * For a refund: the deposit transaction it returns. A refund creates nothing for its recipient: on
   * SVM, tokens go back to the token account that deposit paid from (or the recipient's existing
   * associated token account), else the transfer throws `RefundHeldError`.
   */
  refundOf?: string;
  /**
   * EVM: the fill contract (router) the order names. The transfer goes through it when it must: when
   * it carries user `calls`, or pays native currency to an account with code (a plain transfer's data,
   * the id, would reach that contract's fallback); otherwise it is a plain transfer.
   */
  router?: string;
  /** EVM: the order's user calls, run by `router` after the payment, in order (native payments only). */
  calls?: readonly { to: string; data: string; value: bigint }[];
  /**
   * Scenarios only: send the fill as a transaction that fails on chain, so nothing moves (EVM: a
   * contract creation whose code reverts with the tag; SVM: the tagged transfer ending with a memo
   * the Memo program refuses); the transfer throws `RevertedTransferError`.
   */
  revert?: boolean;
}

/** A transfer that landed and reverted (failed): its transaction is on chain, its effects are not. */
export class RevertedTransferError extends Error {
  readonly txHash: string;
  readonly block: number;

  /** `block`: its block number (EVM) or slot (SVM); `detail`: the chain's error, when it gives one. */
  constructor(txHash: string, block: number, detail?: string) {
    super(`transfer ${txHash} reverted in block ${block}${detail === undefined ? "" : `: ${detail}`}`);
    this.name = "RevertedTransferError";
    this.txHash = txHash;
    this.block = block;
  }
}

/**
 * A fill or refund signed before it is sent, so the service records it first (its outbox) and,
 * after a crash, finds it on chain or sends the very same transaction again instead of a second one.
 */
export interface SignedTransfer {
  txHash: string;
  /** The signed transaction (EVM: 0x-hex RLP; SVM: base64 wire bytes). */
  raw: string;
  /** What bounds where it can land: EVM its nonce, SVM its blockhash. */
  lifetime: string;
}

/** A strict deposit address on one chain: the order it deposits under, who is credited, in which currency. */
export interface DepositAddressKey {
  /** The protocol order id (0x, 32 bytes). */
  orderId: string;
  /** The account the depository credits (the quote's user). */
  depositor: string;
  /** What it collects: token address; zero address (EVM) / native constant (SVM) for native. */
  currency: string;
}

/** A payment into a deposit address, as its chain shows it. */
export interface DepositAddressPayment {
  txHash: string;
  block: number;
  /** The account whose balance paid it. */
  from: string;
  amount: bigint;
}

/**
 * Strict deposit addresses on one chain (EVM: the factory's CREATE2 clones; SVM: the program's PDAs),
 * as the service's deposit-address watcher uses them (`deposit-address-watcher.ts`): derive the
 * address, see what was paid into it, and sweep it into the depository under the order id.
 */
export interface DepositAddressChain {
  /** Its contracts (programs) as GET /chains lists them under `contracts` (EVM: the factory and implementation). */
  readonly contracts: Readonly<Record<string, string>>;
  /** The address of `key`, derived without a chain read. */
  addressOf(key: DepositAddressKey): string;
  /** What the address holds of `key.currency` now, not swept yet. */
  balanceOf(key: DepositAddressKey): Promise<bigint>;
  /** Payments of `key.currency` into the address in blocks (slots) `from..to` inclusive, oldest first. */
  paymentsTo(key: DepositAddressKey, from: number, to: number): Promise<DepositAddressPayment[]>;
  /**
   * Sweeps the address's whole balance of `key.currency` into the depository under `key.orderId` for
   * `key.depositor` (deploying or creating what the VM needs first); resolves once included. The
   * depository's deposit it makes reaches the indexer as an `order-deposit` paid by the address.
   */
  sweep(key: DepositAddressKey): Promise<{ txHash: string; block: number }>;
}

/** How the service reads and pays on one chain: the indexer scans it, the solver transfers on it. */
export interface ChainAdapter {
  /** The chain's protocol chain id. */
  readonly chainId: number;
  /** Its virtual machine. */
  readonly vm: "evm" | "svm";
  /** The solver's address on this chain. */
  readonly solverAddress: string;
  /** Latest block (slot) number. */
  head(): Promise<number>;
  /** Observations in blocks `from..to` inclusive. */
  scan(from: number, to: number): Promise<ChainObservation[]>;
  /**
   * Sends a transfer from the solver; resolves once it is included. `onSigned` runs (synchronously)
   * after signing and before sending: a throw there sends nothing.
   */
  transfer(
    params: TransferParams,
    onSigned?: (signed: SignedTransfer) => void,
  ): Promise<{ txHash: string; block: number }>;
  /**
   * Where a transfer signed earlier stands: included (its block), sent again and included while it
   * still can land, or null when it never can (then signing a new one cannot pay twice).
   */
  resume(signed: SignedTransfer): Promise<{ txHash: string; block: number } | null>;
  /** SVM only: a recent blockhash for the transactions the service quotes. */
  latestBlockhash?(): Promise<string>;
  /**
   * SVM only: the smallest native deposit that can land in the solver's wallet, the lamports it
   * lacks to be rent-exempt (0 once it is): a transfer leaving it below that minimum fails.
   */
  nativeDepositMinimum?(): Promise<bigint>;
  /**
   * Adds earlier solver keys of the service on this chain's VM (its key history, `solver-keys.ts`):
   * deposits paid to them, directly or through a receiver inside its rotation grace, are the service's.
   * Its own transactions are still sent from `solverAddress` only.
   */
  addFormerSolvers?(addresses: readonly string[]): void;
  /** SVM only: the token program owning `mint` (SPL Token or Token-2022), or null when it is neither's mint. */
  tokenProgramOf?(mint: string): Promise<string | null>;
  /**
   * EVM only: sends `call` from the solver's account acting as the service's relayer (gasless deposits:
   * the relayer pays the gas) and resolves once it is included, with whether it succeeded.
   */
  relay?(call: {
    to: string;
    data: string;
    value: bigint;
  }): Promise<{ txHash: string; block: number; success: boolean }>;
  /** EVM only: `owner`'s balance of ERC-20 `token`; null when it cannot be read. */
  erc20Balance?(token: string, owner: string): Promise<bigint | null>;
  /** EVM only: a contract's EIP-712 domain name and version (ERC-5267 `eip712Domain()`); null without one. */
  eip712Domain?(contract: string): Promise<{ name: string; version: string } | null>;
  /** ERC20 allowance (EVM only); null when unknown. */
  allowance?(token: string, owner: string, spender: string): Promise<bigint | null>;
  /** Development nodes only (`evm_snapshot`): a point `rewind` can take the chain back to. */
  snapshot?(): Promise<string>;
  /**
   * Development nodes only: drops every block after `snapshot` (`evm_revert`) and mines empty
   * blocks back to the height the chain had, so what those blocks held is gone (a reorg).
   */
  rewind?(snapshot: string): Promise<void>;
  /** Strict deposit addresses, when the chain has a deposit-address factory (program). */
  depositAddresses?: DepositAddressChain;
  /** Where `verifyOrderFill` / `verifyOrderRefund` read one of this chain's transactions. */
  legSource?(txHash: string): LegSource;
  /** Stops its connections and timers. */
  close?(): Promise<void> | void;
}
