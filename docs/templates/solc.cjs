#!/usr/bin/env node
// solc's command line as forge uses it (--version, --standard-json), over the npm solc package
// (solc-js), so `forge build` needs no compiler download. Make it executable: chmod +x solc.cjs
const solc = require("solc");
if (process.argv.includes("--version")) {
  console.log("solc, the solidity compiler commandline interface");
  console.log(`Version: ${solc.version()}`);
} else if (process.argv.includes("--standard-json")) {
  const chunks = [];
  process.stdin.on("data", (chunk) => chunks.push(chunk));
  process.stdin.on("end", () => process.stdout.write(solc.compile(Buffer.concat(chunks).toString("utf8"))));
} else {
  console.error("solc wrapper: only --version and --standard-json");
  process.exit(2);
}
