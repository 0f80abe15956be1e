import { readFileSync } from "node:fs";
import type { Abi, Hex } from "viem";
import { packageFile } from "../../package-files.ts";

/** The hostile behaviours of the shipped `ConformanceToken` (contracts/testing/ConformanceToken.sol). */
export const TOKEN_BEHAVIOUR = {
  standard: 0,
  feeOnTransfer: 1,
  rebasing: 2,
  noReturn: 3,
  falseReturn: 4,
  shares: 5,
  reentrantHook: 6,
} as const;

let artifact: { abi: Abi; bytecode: Hex } | undefined;

/** ABI and creation code of `ConformanceToken`, read once from the package's compiled artifact. */
export function conformanceTokenArtifact(): { abi: Abi; bytecode: Hex } {
  artifact ??= JSON.parse(
    readFileSync(
      packageFile("artifacts/contracts/testing/ConformanceToken.sol/ConformanceToken.json"),
      "utf8",
    ),
  ) as { abi: Abi; bytecode: Hex };
  return artifact;
}
