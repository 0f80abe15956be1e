/**
 * Keeps Hardhat's EDR native binary (`@nomicfoundation/edr-<platform>` packages) where an npm run
 * under an older Node cannot take it away. EDR's binaries require Node >= 22, so npm under Node 20
 * leaves them out of every tree it installs: after `attestkit install-node`, a plain `npm install
 * <pkg>` with the machine's npm removes the binary and the devnet stops starting. `install-node`
 * keeps a copy under `node_modules/.attestkit/` (npm leaves dot-folders of node_modules alone),
 * and the devnet puts a missing binary back from it before loading EDR.
 */
import { cpSync, existsSync, readFileSync, rmSync } from "node:fs";
import { dirname, join } from "node:path";

const EDR = "@nomicfoundation/edr";
/** Where the copies are kept, inside the project's node_modules. */
const KEPT = join(".attestkit", "edr-native");

/** EDR's platform packages, from its manifest (empty when EDR is not installed there). */
function nativePackages(nodeModules: string): string[] {
  const manifest = join(nodeModules, EDR, "package.json");
  if (!existsSync(manifest)) return [];
  const { optionalDependencies = {} } = JSON.parse(readFileSync(manifest, "utf8")) as {
    optionalDependencies?: Record<string, string>;
  };
  return Object.keys(optionalDependencies);
}

/** Copies the EDR platform packages present in `nodeModules` to the kept folder; returns their names. */
export function keepEdrNative(nodeModules: string): string[] {
  const present = nativePackages(nodeModules).filter((name) => existsSync(join(nodeModules, name)));
  if (present.length === 0) return [];
  rmSync(join(nodeModules, KEPT), { recursive: true, force: true });
  for (const name of present)
    cpSync(join(nodeModules, name), join(nodeModules, KEPT, name), { recursive: true });
  return present;
}

/**
 * Puts back the kept EDR platform packages that are missing from `nodeModules` (an npm under an
 * older Node removed them), when they are of the installed EDR's version; returns their names.
 */
export function restoreEdrNative(nodeModules: string): string[] {
  const kept = join(nodeModules, KEPT);
  if (!existsSync(kept)) return [];
  const version = (path: string) =>
    (JSON.parse(readFileSync(join(path, "package.json"), "utf8")) as { version?: string }).version;
  const edrVersion = version(join(nodeModules, EDR));
  const restored: string[] = [];
  for (const name of nativePackages(nodeModules)) {
    const copy = join(kept, name);
    if (!existsSync(copy) || existsSync(join(nodeModules, name)) || version(copy) !== edrVersion) continue;
    cpSync(copy, join(nodeModules, name), { recursive: true });
    restored.push(name);
  }
  return restored;
}

/** The node_modules folder EDR is installed in, as `from` resolves it; null when it is not installed. */
export function edrNodeModules(resolve: (name: string) => string): string | null {
  try {
    // .../node_modules/@nomicfoundation/edr/index.js
    return dirname(dirname(dirname(resolve(EDR))));
  } catch {
    return null;
  }
}
