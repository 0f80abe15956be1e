// The devnet's Hardhat runtime, built from an inline config instead of the working directory's
// hardhat.config: EDR networks with viem and Ignition, reading the compiled artifacts shipped with
// attestkit. Hardhat, its plugins and litesvm are optional peer dependencies of the package (needed
// by the devnet only) and need Node >= 22.13.
import type { createHardhatRuntimeEnvironment } from "hardhat/hre";
import { PACKAGE_ROOT, packageFile } from "../package-files.ts";
import { loadDevnetPeers } from "./peers.ts";

let runtime: ReturnType<typeof createHardhatRuntimeEnvironment> | undefined;

/** One runtime per process; each chain opens its own network connection from it. */
export async function devnetHardhat(): ReturnType<typeof createHardhatRuntimeEnvironment> {
  const { createHardhatRuntimeEnvironment, hardhatViem, hardhatIgnitionViem } = await loadDevnetPeers();
  runtime ??= createHardhatRuntimeEnvironment(
    { plugins: [hardhatViem, hardhatIgnitionViem], paths: { artifacts: packageFile("artifacts") } },
    {},
    PACKAGE_ROOT,
  );
  return runtime;
}
