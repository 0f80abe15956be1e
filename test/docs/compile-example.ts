import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { expect } from "chai";
import type { Abi, Hex } from "viem";

const ROOT = new URL("../../", import.meta.url);
const require = createRequire(import.meta.url);
const solc = require("solc") as { compile(input: string, options: { import(path: string): object }): string };

/**
 * Compiles docs/examples/`folder`/`file` with solc, `attestkit/contracts/` resolved to this package's
 * contracts/ (as an installed package resolves them), and returns `contract`'s ABI and bytecode.
 */
export function compileSolidityExample(
  file: string,
  contract: string,
  folder = "solidity",
): { abi: Abi; bytecode: Hex } {
  return compileSoliditySource(
    file,
    readFileSync(new URL(`docs/examples/${folder}/${file}`, ROOT), "utf8"),
    contract,
  );
}

/** Compiles `content` (named `file`) as {@link compileSolidityExample} does: for a sample and its mutants. */
export function compileSoliditySource(
  file: string,
  content: string,
  contract: string,
): { abi: Abi; bytecode: Hex } {
  return compileSoliditySources({ [file]: content }, file, contract);
}

/**
 * Compiles a project's `sources` (by source unit name, so `../src/X.sol` imports resolve among them),
 * `attestkit/contracts/` resolved to this package's contracts/ and `@openzeppelin/` to node_modules, and
 * returns `contract` of `file`.
 */
export function compileSoliditySources(
  sources: Readonly<Record<string, string>>,
  file: string,
  contract: string,
): { abi: Abi; bytecode: Hex } {
  const input = {
    language: "Solidity",
    sources: Object.fromEntries(Object.entries(sources).map(([name, content]) => [name, { content }])),
    settings: { outputSelection: { "*": { "*": ["abi", "evm.bytecode.object"] } } },
  };
  const resolveImport = (path: string) => {
    if (path.startsWith("attestkit/contracts/"))
      return { contents: readFileSync(new URL(path.slice("attestkit/".length), ROOT), "utf8") };
    if (path.startsWith("@openzeppelin/contracts/"))
      return { contents: readFileSync(new URL(`node_modules/${path}`, ROOT), "utf8") };
    return { error: `unexpected import ${path}` };
  };
  const output = JSON.parse(solc.compile(JSON.stringify(input), { import: resolveImport })) as {
    errors?: { severity: string; formattedMessage: string }[];
    contracts: Record<string, Record<string, { abi: Abi; evm: { bytecode: { object: string } } }>>;
  };
  const errors = (output.errors ?? []).filter((e) => e.severity === "error");
  expect(errors.map((e) => e.formattedMessage)).to.deep.equal([]);
  const compiled = output.contracts[file]?.[contract];
  if (compiled === undefined) throw new Error(`${contract} missing from the solc output`);
  return { abi: compiled.abi, bytecode: `0x${compiled.evm.bytecode.object}` };
}
