// The commands of `attestkit <command>` (cli.ts): each is its module's CLI, run with the command name
// removed from the arguments. Start-up errors a user can fix print as one line.
import { CliOptionError } from "./cli-options.ts";
import {
  INSTALL_NODE_COMMAND,
  InstallNodeError,
  installToolsNode,
  TOOLS_NODE_VERSION,
} from "./install-node.ts";
import { nodeAtLeast, TOOLS_NODE_FLOOR } from "./node-floor.ts";
import { StateFileError, startErrorLine } from "./start-errors.ts";

const USAGE = `attestkit <command> [options]

Commands:
  devnet    EVM chains 8453 and 10 (Hardhat EDR), the SVM chain (LiteSVM), the receivers and the
            mock service, in one process (optional peer dependencies: see --help)
  service   the mock service alone
  verify    both legs of a request (order v1 or v2, deposit, fill or refund) checked against its
            order on the chains, for the devnet (--config FILE) or any service URL
  mutate    mutation score of your receiver: one-change copies of it, each run through the
            conformance catalogue; every copy it misses is listed
  install-node
            installs Node.js ${TOOLS_NODE_VERSION} into this project (linux-x64) and the devnet's
            peers under it, so that npx attestkit and npm scripts here run under it

devnet, service and verify need Node.js >= ${TOOLS_NODE_FLOOR} (${INSTALL_NODE_COMMAND} gives a
project one). attestkit <command> --help lists the command's options.`;

const [command, ...rest] = process.argv.slice(2);
process.argv.splice(2, process.argv.length - 2, ...rest);

/** Help texts import nothing the floor guards, so `--help` answers on any Node. */
const HELP: Readonly<Record<string, () => Promise<string>>> = {
  devnet: async () => (await import("./devnet/help.ts")).DEVNET_HELP,
  service: async () => (await import("./service/help.ts")).SERVICE_HELP,
  mutate: async () => (await import("./mutate/help.ts")).MUTATE_HELP,
};

async function runCommand(load: () => Promise<unknown>): Promise<void> {
  if (!nodeAtLeast(TOOLS_NODE_FLOOR)) {
    const floor = `attestkit ${command} needs Node.js >= ${TOOLS_NODE_FLOOR}; this is Node.js ${process.versions.node}. In your project: ${INSTALL_NODE_COMMAND}`;
    const help = command === undefined ? undefined : HELP[command];
    if (help !== undefined && (rest.includes("--help") || rest.includes("-h"))) {
      console.log(`${await help()}\n\n${floor}`);
      process.exit(0);
    }
    console.error(floor);
    process.exit(1);
  }
  try {
    await load();
  } catch (error) {
    const line = startErrorLine(error);
    if (line === undefined) throw error;
    console.error(`attestkit ${command}: ${line}`);
    process.exit(error instanceof CliOptionError || error instanceof StateFileError ? 2 : 1);
  }
}

// cli.ts re-executed `attestkit devnet` with the devnet's Node flags before this module loaded.
if (command === "devnet") await runCommand(() => import("./devnet/cli.ts"));
else if (command === "service") await runCommand(() => import("./service/cli.ts"));
else if (command === "verify") await runCommand(() => import("./verify/cli.ts"));
else if (command === "mutate") await runCommand(() => import("./mutate/cli.ts"));
else if (command === "install-node") {
  try {
    installToolsNode();
  } catch (error) {
    if (!(error instanceof InstallNodeError)) throw error;
    console.error(`attestkit install-node: ${error.message}`);
    process.exit(1);
  }
} else if (command === undefined || command === "--help" || command === "-h") console.log(USAGE);
else {
  console.error(`unknown command ${JSON.stringify(command)}\n\n${USAGE}`);
  process.exit(2);
}
