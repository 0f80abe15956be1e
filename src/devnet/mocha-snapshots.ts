/**
 * A mocha helper: every test starts from the devnet as it was when the test began and leaves nothing
 * behind, by a whole-devnet snapshot before each test and a revert after it.
 */
import type { DevnetSnapshotId } from "./snapshot.ts";

interface Snapshotting {
  snapshot(): Promise<DevnetSnapshotId>;
  revert(id: string): Promise<boolean>;
}

type Hook = (fn: () => Promise<void>) => void;

/**
 * Registers `beforeEach` (snapshot) and `afterEach` (revert) hooks in the current `describe`.
 * @param devnet a started devnet, or a function returning it (for one started in a `before` hook).
 * @param hooks mocha's hook functions (default: the globals mocha defines).
 * @example
 * ```ts
 * let devnet: Devnet;
 * before(async () => { devnet = await startDevnet(); });
 * after(() => devnet.close());
 * snapshotEachTest(() => devnet);
 * it("spends", async () => { ... }); // the next test sees the balances from before this one
 * ```
 */
export function snapshotEachTest(
  devnet: Snapshotting | (() => Snapshotting),
  hooks: { beforeEach: Hook; afterEach: Hook } = globalThis as unknown as {
    beforeEach: Hook;
    afterEach: Hook;
  },
): void {
  const current = () => (typeof devnet === "function" ? devnet() : devnet);
  let id: DevnetSnapshotId | undefined;
  hooks.beforeEach(async () => {
    id = await current().snapshot();
  });
  hooks.afterEach(async () => {
    if (id === undefined) return;
    const taken = id;
    id = undefined;
    if (!(await current().revert(taken)))
      throw new Error(`devnet snapshot ${taken} was gone before the revert`);
  });
}
