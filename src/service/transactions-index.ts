/**
 * POST /transactions/index (beyond the service interface; the SDK posts it right after sending a deposit): scans
 * the named chain at once, so the deposit is seen without waiting for the next indexer poll.
 */
import { badRequest } from "./errors.ts";
import type { Indexer } from "./indexer.ts";

/** Validated body of POST /transactions/index. */
export interface IndexTransactionInput {
  txHash: string;
  chainId: number;
}

/** Indexes now; 400 UNSUPPORTED_CHAIN for a chain the service does not index. */
export async function indexTransaction(
  indexer: Indexer | null,
  indexedChains: ReadonlySet<number>,
  input: IndexTransactionInput,
): Promise<{ message: string; txHash: string; chainId: number }> {
  if (indexer === null || !indexedChains.has(input.chainId)) {
    throw badRequest(
      "UNSUPPORTED_CHAIN",
      `chain ${input.chainId} is not indexed by this service (indexed: ${[...indexedChains].join(", ") || "none"})`,
    );
  }
  // A pass already under way may have read the chain head before this transaction: wait for it,
  // then run one that starts now.
  await indexer.tick();
  await indexer.tick();
  return { message: "Success", txHash: input.txHash, chainId: input.chainId };
}
