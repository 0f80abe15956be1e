/**
 * Compiles one contract with the solc-js build of the npm `solc` package: the project's own when it has
 * one, else attestkit's. Imports resolve against the project folder first, then through Node's package
 * resolution from it (`attestkit/contracts/...`).
 */
import { existsSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join, resolve as resolvePath } from "node:path";
import type { Hex } from "viem";
import { MutationRunError } from "./errors.ts";

interface Solc {
  compile(input: string, callbacks: object): string;
  version(): string;
}

const loaded = new Map<string, Solc>();

function loadSolc(root: string): Solc {
  let solc = loaded.get(root);
  if (solc) return solc;
  const fromProject = createRequire(resolvePath(root, "package.json"));
  try {
    solc = fromProject("solc") as Solc;
  } catch {
    try {
      solc = createRequire(import.meta.url)("solc") as Solc;
    } catch (error) {
      throw new MutationRunError(
        "the npm package solc is not installed: npm install --save-dev solc (the version your contract's pragma takes)",
        { cause: error },
      );
    }
  }
  loaded.set(root, solc);
  return solc;
}

export type CompileResult = { ok: true; bytecode: Hex } | { ok: false; errors: string };

interface SolcOutput {
  errors?: { severity: string; formattedMessage: string }[];
  contracts?: Record<string, Record<string, { evm?: { bytecode?: { object?: string } } }>>;
  sources?: Record<string, { ast?: unknown }>;
}

/** Runs solc's standard JSON on `sources` (imports resolved as above); errors joined, or the output. */
function runSolc(
  root: string,
  sources: Record<string, string>,
  settings: object,
): { ok: true; output: SolcOutput } | { ok: false; errors: string } {
  const solc = loadSolc(root);
  const resolve = createRequire(resolvePath(root, "package.json")).resolve;
  const input = {
    language: "Solidity",
    sources: Object.fromEntries(Object.entries(sources).map(([name, content]) => [name, { content }])),
    settings,
  };
  const findImports = (path: string) => {
    try {
      const local = join(root, path);
      return { contents: readFileSync(existsSync(local) ? local : resolve(path), "utf8") };
    } catch (error) {
      return { error: String(error) };
    }
  };
  const output = JSON.parse(solc.compile(JSON.stringify(input), { import: findImports })) as SolcOutput;
  const errors = (output.errors ?? []).filter((e) => e.severity === "error");
  if (errors.length) return { ok: false, errors: errors.map((e) => e.formattedMessage).join("\n") };
  return { ok: true, output };
}

/** Creation code of `contract` in `file` (a source unit name under `root`), compiled from `sources`. */
export function compileSolidity(options: {
  root: string;
  sources: Record<string, string>;
  file: string;
  contract: string;
  /** Optimizer on (default): constant-folded and dead changes then build to the original's bytes. */
  optimize?: boolean;
}): CompileResult {
  const { root, sources, file, contract, optimize = true } = options;
  const result = runSolc(root, sources, {
    optimizer: { enabled: optimize, runs: 200 },
    evmVersion: "cancun",
    // No metadata hash: two sources that compile to the same code get the same bytes (equivalent mutants).
    metadata: { appendCBOR: false },
    outputSelection: { [file]: { [contract]: ["evm.bytecode.object"] } },
  });
  if (!result.ok) return result;
  const object = result.output.contracts?.[file]?.[contract]?.evm?.bytecode?.object;
  if (typeof object !== "string" || object === "")
    return { ok: false, errors: `no contract ${contract} in ${file}` };
  return { ok: true, bytecode: `0x${object}` };
}

/** The analysed AST of `file` (solc's compact JSON; `src` offsets count UTF-8 bytes), compiled from `sources`. */
export function solidityAst(
  root: string,
  sources: Record<string, string>,
  file: string,
): { ok: true; ast: unknown } | { ok: false; errors: string } {
  const result = runSolc(root, sources, { outputSelection: { [file]: { "": ["ast"] } } });
  if (!result.ok) return result;
  return { ok: true, ast: result.output.sources?.[file]?.ast };
}

/** The solc-js version `root` compiles with, e.g. `0.8.37+commit.…`. */
export function solcVersion(root: string): string {
  return loadSolc(root).version();
}
