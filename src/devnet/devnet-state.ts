/**
 * The devnet's parts wired for snapshots and saved state: each EVM chain through its node's
 * `evm_snapshot` / `evm_revert`, the embedded SVM chain through its tracked accounts and ledger, the
 * service through its database after its work in flight settled (`snapshot.ts`, `svm-state.ts`,
 * `service/snapshot.ts`), and the devnet's clock (`clock.ts`). An SVM side on an external validator
 * is outside both.
 */
import type { Hex } from "viem";
import type { Service } from "../service/service.ts";
import { captureDatabase, serviceSnapshotParticipant } from "../service/snapshot.ts";
import type { DevnetClock, DevnetClockState } from "./clock.ts";
import type { EvmDevChain } from "./evm-chain.ts";
import { DevnetSnapshots } from "./snapshot.ts";
import type { DevnetState } from "./state-file.ts";
import type { SvmChainBase, SvmDevChain, SvmDevChainState } from "./svm-chain.ts";

/** Whether the SVM side is the embedded chain (not an external validator). */
export const isEmbedded = (svm: SvmChainBase): svm is SvmDevChain => "ledger" in svm;

export interface DevnetParts {
  evm: readonly EvmDevChain[];
  svm: SvmChainBase;
  service: Service;
  clock: DevnetClock;
}

export function devnetSnapshots(parts: DevnetParts): DevnetSnapshots {
  const snapshots = new DevnetSnapshots();
  snapshots.add({
    name: "clock",
    capture: () => parts.clock.state(),
    restore: (state: DevnetClockState) => parts.clock.restore(state),
  });
  snapshots.add(serviceSnapshotParticipant(parts.service));
  for (const chain of parts.evm) {
    snapshots.add({
      name: `evm ${chain.chainId}`,
      capture: () => chain.snapshot(),
      restore: (id: Hex) => chain.revert(id),
    });
  }
  const { svm } = parts;
  if (isEmbedded(svm)) {
    snapshots.add({
      name: "svm",
      capture: () => svm.state(),
      restore: (state: SvmDevChainState) => svm.restore(state),
    });
  }
  return snapshots;
}

/** The whole devnet's state, captured with its work settled. @throws Error on an external SVM side. */
export function captureDevnetState(parts: DevnetParts, snapshots: DevnetSnapshots): Promise<DevnetState> {
  const { svm } = parts;
  if (!isEmbedded(svm)) {
    throw new Error("a saved state needs the embedded SVM chain: the devnet runs on an external validator");
  }
  return snapshots.settled(() => ({
    evm: parts.evm.map((chain) => chain.state()),
    svm: svm.state(),
    service: captureDatabase(parts.service.store),
    clock: parts.clock.state(),
  }));
}
