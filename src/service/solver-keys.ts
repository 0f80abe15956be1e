/**
 * The service's own history of its EVM solver keys (table `solver_keys`): every key it ran with on
 * this database. After a rotation the earlier keys are still the service's (it held them), so
 * deposits honestly paid to one of them, directly or through a receiver inside its rotation grace,
 * are credited without configuration. Only the service's own keys enter the history: a receiver's
 * on-chain `previousSolver` is its owner's word, and crediting it would let that owner point
 * deposits at a key of their own and have the service fill them.
 */
import { normalizeLookup } from "./records.ts";
import type { Store } from "./store.ts";

/**
 * Records `current` (the keys the service runs with now) and returns the earlier ones, oldest
 * first, as the database remembers them. A key new to a database that ran other keys is a
 * rotation: blocks the indexer passed on the former key may hold deposits honestly paid to the new
 * one (a receiver rotated to it first, with no grace), so the indexer goes back to the start of the
 * chains `evmChainIds` and scans every earlier block again (each booking is idempotent).
 */
export function rememberSolverKeys(
  store: Store,
  current: readonly string[],
  now: number,
  evmChainIds: readonly number[] = [],
): string[] {
  const currentKeys = new Set(current.map(normalizeLookup));
  return store.transaction(() => {
    const ranBefore = store.prepare("SELECT 1 FROM solver_keys LIMIT 1").get() !== undefined;
    let added = false;
    for (const key of currentKeys) {
      const inserted = store
        .prepare("INSERT INTO solver_keys (address, first_used_at) VALUES (?, ?) ON CONFLICT DO NOTHING")
        .run(key, now);
      added ||= Number(inserted.changes) > 0;
    }
    if (ranBefore && added) {
      const forget = store.prepare("DELETE FROM indexer_cursors WHERE chain_id = ?");
      for (const chainId of evmChainIds) forget.run(chainId);
    }
    const rows = store.prepare("SELECT address FROM solver_keys ORDER BY first_used_at, address").all() as {
      address: string;
    }[];
    return rows.map((row) => row.address).filter((address) => !currentKeys.has(address));
  });
}
