import hardhatIgnitionViem from "@nomicfoundation/hardhat-ignition-viem";
import hardhatKeystore from "@nomicfoundation/hardhat-keystore";
import { configVariable, defineConfig } from "hardhat/config";

// URLs and the deployer key are configuration variables: Hardhat reads each from the environment
// variable of the same name, else from its encrypted keystore, never from this file.
export default defineConfig({
  plugins: [hardhatIgnitionViem, hardhatKeystore],
  networks: {
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
  },
});
