/**
 * The one interface through which the mock service's indexer and solver talk to chains. Two real
 * implementations: EVM over viem (`evm.ts`, any JSON-RPC URL or Hardhat's in-process EDR provider)
 * and SVM over Solana JSON-RPC and PubSub (`svm.ts`).
 */

/** Something the indexer recognized in a block. */
export type ChainObservation =
  | {
      kind: "deposit";
      requestId: string;
      txHash: string;
      block: number;
      timestamp: number;
      from: string;
      /** Token address (EVM zero address / SVM native constant for native). */
      currency: string;
      amount: string;
      status: "success" | "failure";
      /** How it was tagged: plain transfer with the id, or an event of a receiver contract. */
      via: "transfer" | "receiver-event";
    }
  | {
      /** A deposit into the chain's depository, identified by its order id (`depository-*.ts`). */
      kind: "order-deposit";
      orderId: string;
      /** The depositor the deposit names (not necessarily the transaction's sender). */
      depositor: string;
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
      kind: "funding";
      txHash: string;
      block: number;
      from: string;
      to: string;
      input: string;
      status: "success" | "failure";
    };

/** A transfer the solver sends (fill on the destination chain, or refund on the origin chain). */
export interface TransferParams {
  to: string;
  /** Token address; zero address (EVM) / native constant (SVM) for native. */
  currency: string;
  amount: bigint;
  /** Request id to tag the transfer with. */
  requestId: string;
}

export interface ChainAdapter {
  readonly chainId: number;
  readonly vm: "evm" | "svm";
  /** The solver's address on this chain. */
  readonly solverAddress: string;
  /** Latest block (slot) number. */
  head(): Promise<number>;
  /** Observations in blocks `from..to` inclusive. */
  scan(from: number, to: number): Promise<ChainObservation[]>;
  /** Sends a transfer from the solver; resolves once it is included. */
  transfer(params: TransferParams): Promise<{ txHash: string; block: number }>;
  /** SVM only: a recent blockhash for the transactions the service quotes. */
  latestBlockhash?(): Promise<string>;
  /** ERC20 allowance (EVM only); null when unknown. */
  allowance?(token: string, owner: string, spender: string): Promise<bigint | null>;
  close?(): Promise<void> | void;
}
