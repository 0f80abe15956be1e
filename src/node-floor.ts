/**
 * The Node.js versions attestkit needs. The browser-safe library entries run on Node >= 20.18
 * (@solana/kit's floor). The tools (the service, the devnet, the deploy helpers and the CLI) need
 * Node >= 22.14: `node:sqlite` without a flag (22.13), Hardhat 3 and EDR (22.13) and zod-openapi (22.14).
 */
import { AttestkitError } from "./errors.ts";

export const LIBRARY_NODE_FLOOR = "20.18.0";
export const TOOLS_NODE_FLOOR = "22.14.0";

/** The running Node is older than what an attestkit entry point needs. */
export class UnsupportedNodeError extends AttestkitError {
  constructor(what: string, floor: string, running: string) {
    super(
      "UNSUPPORTED_NODE",
      `${what} needs Node.js >= ${floor}; this is Node.js ${running}. Install Node.js 22.14 or newer (24 LTS recommended) and run it again.`,
    );
  }
}

function parts(version: string): number[] {
  return version.replace(/^v/, "").split(".").map(Number);
}

/** Whether `version` (e.g. "22.13.1") is at least `floor`. */
export function nodeAtLeast(floor: string, version: string = process.versions.node): boolean {
  const [have, want] = [parts(version), parts(floor)];
  for (let i = 0; i < 3; i++) {
    const diff = (have[i] ?? 0) - (want[i] ?? 0);
    if (diff !== 0) return diff > 0;
  }
  return true;
}

/** Throws `UnsupportedNodeError` when the running Node is older than the tools' floor. */
export function assertToolsNode(what: string): void {
  if (!nodeAtLeast(TOOLS_NODE_FLOOR))
    throw new UnsupportedNodeError(what, TOOLS_NODE_FLOOR, process.versions.node);
}
