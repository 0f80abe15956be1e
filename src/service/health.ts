/**
 * `GET /_mock/health`, an attestkit extension beside the mock-only routes: how far the indexer got on
 * each chain and the transactions it quarantined (`quarantine.ts`). `degraded` while any transaction
 * is quarantined, since money may have arrived that nothing booked.
 */
import type { z } from "zod";
import type { HealthQuerySchema, HealthResponseSchema } from "./http-schemas.ts";
import { listQuarantined, quarantineCounts } from "./quarantine.ts";
import type { Store } from "./store.ts";

/** Quarantined transactions listed when the query names no `limit`. */
const DEFAULT_LIMIT = 20;

/** The health report of the indexer over `chainIds` (the chains it indexes) in `store`. */
export function healthReport(
  store: Store,
  chainIds: readonly number[],
  query: z.output<typeof HealthQuerySchema>,
): z.output<typeof HealthResponseSchema> {
  const cursors = new Map(
    (
      store.prepare("SELECT chain_id, next_block FROM indexer_cursors").all() as {
        chain_id: number;
        next_block: string;
      }[]
    ).map((row) => [Number(row.chain_id), Number(row.next_block)]),
  );
  const counts = quarantineCounts(store);
  const chains = [...new Set([...chainIds, ...counts.keys()])].sort((a, b) => a - b);
  const quarantined = listQuarantined(store, {
    chainId: query.chainId,
    limit: query.limit ?? DEFAULT_LIMIT,
  });
  return {
    status: counts.size > 0 ? "degraded" : "ok",
    chains: chains.map((chainId) => ({
      chainId,
      nextBlock: cursors.get(chainId) ?? 0,
      quarantined: counts.get(chainId) ?? 0,
    })),
    quarantined: quarantined.map((tx) => ({
      chainId: tx.chainId,
      txHash: tx.txHash,
      block: tx.block,
      reason: tx.reason,
      quarantinedAt: new Date(tx.quarantinedAt).toISOString(),
    })),
  };
}
