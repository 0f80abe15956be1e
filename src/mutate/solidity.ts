/** Mutation testing of a Solidity contract: universalmutator's mutants, compiled with solc-js, judged by the EVM catalogues. */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { runMutationPlan } from "./engine.ts";
import { MutationRunError } from "./errors.ts";
import type { MutantOutcome, MutationRun } from "./report.ts";
import type { CatalogueRunner } from "./runner.ts";
import { compileSolidity } from "./solc.ts";
import { solidityMutants } from "./solidity-mutants.ts";

export interface SolidityMutationOptions {
  /** Project folder: imports resolve from it, and the command runner copies it. */
  root: string;
  /** The contract's file, relative to `root`. */
  file: string;
  /** The contract's name in `file`. */
  contract: string;
  runners: readonly CatalogueRunner[];
  sample?: number;
  seed?: number;
  maxMutants?: number;
  jobs: number;
  onOutcome?(outcome: MutantOutcome): void;
}

export async function mutateSolidity(options: SolidityMutationOptions): Promise<MutationRun> {
  const { root, file, contract } = options;
  if (!/^[A-Za-z_$][\w$]*$/.test(contract))
    throw new MutationRunError(`invalid contract name ${JSON.stringify(contract)}`);
  let original: string;
  try {
    original = readFileSync(join(root, file), "utf8");
  } catch (error) {
    throw new MutationRunError(`cannot read ${file} under ${root}`, { cause: error });
  }
  return runMutationPlan({
    ...options,
    language: "solidity",
    sources: { [file]: original },
    generate: () => solidityMutants(root, file),
    build: (change) => {
      const result = compileSolidity({ root, sources: { [file]: change?.text ?? original }, file, contract });
      return result.ok ? { ok: true, artifact: result.bytecode } : result;
    },
  });
}
