/**
 * The devnet's optional peer dependencies (Hardhat's simulator EDR, and LiteSVM),
 * loaded when a devnet starts rather than when `attestkit/devnet` is imported: a project without
 * them gets one `DevnetPeersMissingError` naming every missing package and the command that installs
 * them, instead of a module-linking error about the first one.
 */
import { createRequire } from "node:module";
import { join } from "node:path";
import { AttestkitError } from "../errors.ts";
import { edrNodeModules, restoreEdrNative } from "./edr-native.ts";
import { shareKitWithLiteSvm } from "./litesvm-kit.ts";

/** Packages `attestkit devnet` / `startDevnet` need besides attestkit's own dependencies. */
export const DEVNET_PEERS = ["@nomicfoundation/edr", "litesvm"] as const;

/** The command that installs the devnet's peers. */
export const DEVNET_PEERS_INSTALL = `npm install --save-dev ${DEVNET_PEERS.join(" ")}`;

/** Some of the devnet's optional peer dependencies are not installed. */
export class DevnetPeersMissingError extends AttestkitError {
  readonly missing: readonly string[];

  constructor(missing: readonly string[]) {
    super(
      "DEVNET_PEERS_MISSING",
      `the devnet needs its optional peer dependencies, missing here: ${missing.join(", ")}. Install them: ${DEVNET_PEERS_INSTALL}`,
    );
    this.missing = missing;
  }
}

export interface DevnetPeers {
  edr: typeof import("@nomicfoundation/edr");
  LiteSVM: typeof import("litesvm").LiteSVM;
  FeatureSet: typeof import("litesvm").FeatureSet;
}

/** Whether a package resolves from attestkit's own location (ESM-only packages count as present). */
function installed(name: string): boolean {
  try {
    createRequire(import.meta.url).resolve(name);
    return true;
  } catch (error) {
    return (error as { code?: unknown }).code === "ERR_PACKAGE_PATH_NOT_EXPORTED";
  }
}

let loaded: Promise<DevnetPeers> | undefined;

/** The peers' modules, once per process; `DevnetPeersMissingError` when any is not installed. */
export function loadDevnetPeers(): Promise<DevnetPeers> {
  loaded ??= (async () => {
    const missing = DEVNET_PEERS.filter((name) => !installed(name));
    if (missing.length > 0) throw new DevnetPeersMissingError(missing);
    const nodeModules = edrNodeModules(createRequire(import.meta.url).resolve);
    const restored = nodeModules === null ? [] : restoreEdrNative(nodeModules);
    if (restored.length > 0) {
      console.error(
        `attestkit: put back ${restored.join(", ")} (Hardhat's EDR native binary), which an npm install under Node.js < 22 removed; kept in ${join(nodeModules as string, ".attestkit")}`,
      );
    }
    shareKitWithLiteSvm();
    const [edr, litesvm] = await Promise.all([import("@nomicfoundation/edr"), import("litesvm")]);
    return { edr, LiteSVM: litesvm.LiteSVM, FeatureSet: litesvm.FeatureSet };
  })();
  loaded.catch(() => {
    loaded = undefined;
  });
  return loaded;
}

/** Whether a LiteSVM result is a failed transaction (structurally: only failures carry `err()`). */
export function isFailedTransaction<Failed extends { err(): unknown }>(
  result: Failed | object,
): result is Failed {
  return typeof (result as { err?: unknown }).err === "function";
}
