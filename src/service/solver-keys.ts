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
 * first, as the database remembers them.
 */
export function rememberSolverKeys(store: Store, current: readonly string[], now: number): string[] {
  const currentKeys = new Set(current.map(normalizeLookup));
  return store.transaction(() => {
    for (const key of currentKeys) {
      store
        .prepare("INSERT INTO solver_keys (address, first_used_at) VALUES (?, ?) ON CONFLICT DO NOTHING")
        .run(key, now);
    }
    const rows = store.prepare("SELECT address FROM solver_keys ORDER BY first_used_at, address").all() as {
      address: string;
    }[];
    return rows.map((row) => row.address).filter((address) => !currentKeys.has(address));
  });
}
