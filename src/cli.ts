#!/usr/bin/env node
// `attestkit <command>`: the package's command line (the commands: cli-commands.ts). `attestkit devnet`
// first re-executes itself with the devnet's Node flags (devnet/node-flags.ts), before anything else
// loads: everything loaded before would load a second time in the re-executed process.
import { reexecWithDevnetFlags } from "./devnet/node-flags.ts";
import { nodeAtLeast, TOOLS_NODE_FLOOR } from "./node-floor.ts";

const [command, ...rest] = process.argv.slice(2);
if (command === "devnet" && nodeAtLeast(TOOLS_NODE_FLOOR)) reexecWithDevnetFlags([command, ...rest]);
await import("./cli-commands.ts");
