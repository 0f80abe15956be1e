import { readFileSync } from "node:fs";
import type { Abi, Hex } from "viem";
import { packageFile } from "../../package-files.ts";

let artifact: { abi: Abi; deployedBytecode: Hex } | undefined;

/**
 * ABI and runtime code of the shipped `ConformanceReentrantPayee` (contracts/testing/ConformanceReentrantPayee.sol),
 * which the catalogue places at the account a receiver forwards native payments to.
 */
export function reentrantPayeeArtifact(): { abi: Abi; deployedBytecode: Hex } {
  artifact ??= JSON.parse(
    readFileSync(
      packageFile("artifacts/contracts/testing/ConformanceReentrantPayee.sol/ConformanceReentrantPayee.json"),
      "utf8",
    ),
  ) as { abi: Abi; deployedBytecode: Hex };
  return artifact;
}
