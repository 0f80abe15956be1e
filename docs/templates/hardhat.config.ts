// Hardhat 3 for a project that uses attestkit. Offline-safe: the compiler is the solc-js build of the
// npm `solc` package (no download from binaries.soliditylang.org). Sources in src/, Solidity tests in
// test/, the same layout as foundry.toml.
import { createRequire } from "node:module";
import hardhatIgnitionViem from "@nomicfoundation/hardhat-ignition-viem";
import { defineConfig } from "hardhat/config";

const require = createRequire(import.meta.url);

export default defineConfig({
  plugins: [hardhatIgnitionViem],
  solidity: { version: require("solc/package.json").version, path: require.resolve("solc/soljson.js") },
  paths: { sources: "src", tests: { solidity: "test" } },
});
