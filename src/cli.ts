#!/usr/bin/env node
// `attestkit <command>`: the package's command line (the commands: cli-commands.ts). `attestkit devnet`
// first re-executes itself with the devnet's Node flags (devnet/node-flags.ts), before anything else
// loads: everything loaded before would load a second time in the re-executed process.
import nodeModule from "node:module";

// Node's compile cache on disk before any other module loads, in both processes of `attestkit devnet`: a
// warm start compiles none of the command line's modules, nor thousands of viem, kit and Hardhat ones, from
// source (and, run from this repository's sources, strips no TypeScript). Node 20 has none.
nodeModule.enableCompileCache?.();
const { reexecWithDevnetFlags } = await import("./devnet/node-flags.ts");
const { nodeAtLeast, TOOLS_NODE_FLOOR } = await import("./node-floor.ts");

const [command, ...rest] = process.argv.slice(2);
if (command === "devnet" && nodeAtLeast(TOOLS_NODE_FLOOR)) reexecWithDevnetFlags([command, ...rest]);
await import("./cli-commands.ts");
