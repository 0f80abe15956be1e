import { createRequire } from "node:module";
import hardhatIgnitionViem from "@nomicfoundation/hardhat-ignition-viem";
import hardhatKeystore from "@nomicfoundation/hardhat-keystore";
import hardhatMocha from "@nomicfoundation/hardhat-mocha";
import hardhatNetworkHelpers from "@nomicfoundation/hardhat-network-helpers";
import hardhatVerify from "@nomicfoundation/hardhat-verify";
import hardhatViem from "@nomicfoundation/hardhat-viem";
import hardhatViemAssertions from "@nomicfoundation/hardhat-viem-assertions";
import { configVariable, defineConfig } from "hardhat/config";
import { armExitGuard } from "./test/exit-guard.ts";

// Compile with the solc-js build from npm: no compiler download is needed.
const require = createRequire(import.meta.url);
const solcVersion: string = require("solc/package.json").version;
const solcJsPath = require.resolve("solc/soljson.js");
const compiler = {
  version: solcVersion,
  path: solcJsPath,
  settings: {
    optimizer: { enabled: true, runs: 10_000 },
    evmVersion: "cancun",
    viaIR: true,
  },
};

export default defineConfig({
  plugins: [
    hardhatViem,
    hardhatViemAssertions,
    hardhatNetworkHelpers,
    hardhatMocha,
    hardhatIgnitionViem,
    hardhatKeystore,
    hardhatVerify,
  ],
  // One compiler setting for both build profiles: Hardhat's production profile (used by `ignition
  // deploy` on live networks) would otherwise keep only the version, without via-IR.
  solidity: { profiles: { default: compiler, production: compiler } },
  paths: {
    tests: { mocha: "test", solidity: "test" },
  },
  test: {
    // A test that leaks a child, server or timer fails the run by name instead of hanging it.
    mocha: { timeout: 120_000, rootHooks: { afterAll: () => armExitGuard() } },
    // Solidity tests read the shared vectors (test/evm/sol/Vectors.t.sol).
    solidity: {
      fsPermissions: {
        readFile: [
          "./test/vectors/attestation.json",
          "./test/vectors/protocol-orders.json",
          "./test/vectors/protocol-orders-v2.json",
          "./test/vectors/deposit-addresses.json",
        ],
      },
    },
  },
  networks: {
    hardhatMainnet: { type: "edr-simulated", chainType: "l1" },
    // Public testnets. Each configuration variable is read from the environment variable of the
    // same name, else from the encrypted keystore (`npx hardhat keystore set <NAME>`).
    baseSepolia: {
      type: "http",
      chainType: "op",
      url: configVariable("BASE_SEPOLIA_RPC_URL"),
      accounts: [configVariable("DEPLOYER_PRIVATE_KEY")],
    },
    opSepolia: {
      type: "http",
      chainType: "op",
      url: configVariable("OP_SEPOLIA_RPC_URL"),
      accounts: [configVariable("DEPLOYER_PRIVATE_KEY")],
    },
    // The devnet's EVM chains (`npm start`), reached over JSON-RPC as any remote network is: set
    // DEVNET8453_RPC_URL / DEVNET10_RPC_URL (default ports 8545 / 8546) and DEVNET_DEPLOYER_KEY (a
    // funded key `npm start` prints).
    devnet8453: {
      type: "http",
      chainType: "op",
      chainId: 8453,
      url: configVariable("DEVNET8453_RPC_URL"),
      accounts: [configVariable("DEVNET_DEPLOYER_KEY")],
    },
    devnet10: {
      type: "http",
      chainType: "op",
      chainId: 10,
      url: configVariable("DEVNET10_RPC_URL"),
      accounts: [configVariable("DEVNET_DEPLOYER_KEY")],
    },
  },
  verify: {
    // One Etherscan V2 key covers Base Sepolia (84532) and OP Sepolia (11155420).
    etherscan: { apiKey: configVariable("ETHERSCAN_API_KEY") },
  },
});
