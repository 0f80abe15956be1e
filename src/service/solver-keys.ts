/**
 * The service's own history of its solver keys (table `solver_keys`), on both VMs: every key it ran
 * with on this database. After a rotation the earlier keys are still the service's (it held them),
 * so deposits honestly paid to one of them, directly or through a receiver inside its rotation
 * grace, are credited without configuration. Only the service's own keys enter the history: a
 * receiver's on-chain `previousSolver` is its owner's word, and crediting it would let that owner
 * point deposits at a key of their own and have the service fill them.
 */
import type { ChainAdapter } from "./chains/types.ts";
import { normalizeLookup } from "./records.ts";
import type { Store } from "./store.ts";

type Vm = ChainAdapter["vm"];

/** The keys the service runs with now on one VM, and the chains of that VM it indexes. */
export interface CurrentSolverKeys {
  vm: Vm;
  keys: readonly string[];
  chainIds: readonly number[];
}

/**
 * The VM of a recorded key, by its form: EVM addresses are `0x` hex; SVM addresses are base58, whose
 * alphabet has no `0`, so neither form is ever the other.
 */
const vmOf = (address: string): Vm => (/^0x/i.test(address) ? "evm" : "svm");

/**
 * Records the keys the service runs with now and returns the earlier ones of each VM, oldest first,
 * as the database remembers them. A key new to a database that ran other keys of its VM is a
 * rotation: blocks (slots) the indexer passed on the former key may hold deposits honestly paid to
 * the new one (a receiver rotated to it first, with no grace; a payer who already had it), so the
 * indexer goes back to the start of that VM's chains (`chainIds`) and scans them again (each booking
 * is idempotent).
 */
export function rememberSolverKeys(
  store: Store,
  current: readonly CurrentSolverKeys[],
  now: number,
): Map<Vm, string[]> {
  return store.transaction(() => {
    const recorded = () =>
      (
        store.prepare("SELECT address FROM solver_keys ORDER BY first_used_at, address").all() as {
          address: string;
        }[]
      ).map((row) => row.address);
    const before = recorded();
    const insert = store.prepare(
      "INSERT INTO solver_keys (address, first_used_at) VALUES (?, ?) ON CONFLICT DO NOTHING",
    );
    const forget = store.prepare("DELETE FROM indexer_cursors WHERE chain_id = ?");
    const currentKeys = new Set<string>();
    for (const { vm, keys, chainIds } of current) {
      const ranBefore = before.some((address) => vmOf(address) === vm);
      let added = false;
      for (const key of keys.map(normalizeLookup)) {
        currentKeys.add(key);
        added ||= Number(insert.run(key, now).changes) > 0;
      }
      if (ranBefore && added) for (const chainId of chainIds) forget.run(chainId);
    }
    const former = new Map<Vm, string[]>();
    for (const address of recorded()) {
      if (currentKeys.has(address)) continue;
      former.set(vmOf(address), [...(former.get(vmOf(address)) ?? []), address]);
    }
    return former;
  });
}
