// Compiles a reference contract (the receiver or the order-gated depositor), optionally with one mutant's
// patch, with the solc-js build from npm (src/mutate/solc.ts).
// Results are cached in the OS temp folder by the hash of the sources, so reruns skip the compiler.
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Hex } from "viem";
import { compileSolidity, solcVersion } from "../../src/mutate/solc.ts";
import type { EvmMutant } from "./evm-mutants.ts";

const CACHE = join(tmpdir(), "attestkit-mutants");

/** A reference contract the mutants patch: its file, its name, and the repository sources it needs. */
export interface MutationTarget {
  file: string;
  contract: string;
  sources: readonly string[];
}

export const RECEIVER_TARGET: MutationTarget = {
  file: "contracts/AttestedReceiver.sol",
  contract: "AttestedReceiver",
  sources: ["contracts/AttestedReceiver.sol", "contracts/RequestAttestation.sol"],
};

export const DEPOSITOR_TARGET: MutationTarget = {
  file: "contracts/OrderGatedDepositor.sol",
  contract: "OrderGatedDepositor",
  sources: [
    "contracts/OrderGatedDepositor.sol",
    "contracts/ProtocolOrder.sol",
    "contracts/RequestAttestation.sol",
    "contracts/depository/IRelayDepository.sol",
  ],
};

/** The reference depositor extended with a ten-minute output deadline window (a test double). */
export const WINDOWED_DEPOSITOR_TARGET: MutationTarget = {
  file: "test/conformance/WindowedOrderDepositor.sol",
  contract: "WindowedOrderDepositor",
  sources: [...DEPOSITOR_TARGET.sources, "test/conformance/WindowedOrderDepositor.sol"],
};

/** The patched sources; throws when the mutant's text is not found exactly once (the reference changed). */
export function mutantSources(
  mutant?: EvmMutant,
  target: MutationTarget = RECEIVER_TARGET,
): Record<string, string> {
  const sources: Record<string, string> = {};
  for (const file of target.sources) sources[file] = readFileSync(file, "utf8");
  if (mutant) {
    const text = sources[mutant.file] as string;
    const count = text.split(mutant.find).length - 1;
    if (count !== 1)
      throw new Error(`mutant "${mutant.name}": patch text found ${count} times in ${mutant.file}`);
    sources[mutant.file] = text.replace(mutant.find, mutant.replace);
  }
  return sources;
}

/** Creation code of the target contract (AttestedReceiver by default) built from `sources`. */
export function compileReceiver(
  sources: Record<string, string>,
  target: MutationTarget = RECEIVER_TARGET,
): Hex {
  const key = createHash("sha256").update(solcVersion(".")).update(JSON.stringify(sources)).digest("hex");
  const cached = join(CACHE, `${key}.hex`);
  if (existsSync(cached)) return readFileSync(cached, "utf8") as Hex;
  const result = compileSolidity({
    root: ".",
    sources,
    file: target.file,
    contract: target.contract,
    optimize: false,
  });
  if (!result.ok) throw new Error(result.errors);
  mkdirSync(CACHE, { recursive: true });
  writeFileSync(cached, result.bytecode);
  return result.bytecode;
}
