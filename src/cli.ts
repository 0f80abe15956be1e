#!/usr/bin/env node
// `attestkit <command>`: the package's command line. Each command is its module's CLI, run with the
// command name removed from the arguments.
import nodeModule from "node:module";

// V8's code cache on disk (Node >= 22.1) before the commands load their dependencies: a warm start
// compiles thousands of viem, kit and Hardhat modules from cache instead of from source.
nodeModule.enableCompileCache?.();

const USAGE = `attestkit <command> [options]

Commands:
  devnet    EVM chains 8453 and 10 (Hardhat EDR), the SVM chain (LiteSVM), the receivers and the
            mock service, in one process (Node >= 22.13, optional peer dependencies: see --help)
  service   the mock service alone (Node >= 22.13)

attestkit <command> --help lists the command's options.`;

const [command, ...rest] = process.argv.slice(2);
process.argv.splice(2, process.argv.length - 2, ...rest);

if (command === "devnet") await import("./devnet/cli.ts");
else if (command === "service") await import("./service/cli.ts");
else if (command === undefined || command === "--help" || command === "-h") console.log(USAGE);
else {
  console.error(`unknown command ${JSON.stringify(command)}\n\n${USAGE}`);
  process.exit(2);
}
