import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { expect } from "chai";
import type { Abi, Hex } from "viem";

const ROOT = new URL("../../", import.meta.url);
const require = createRequire(import.meta.url);
const solc = require("solc") as { compile(input: string, options: { import(path: string): object }): string };

/**
 * Compiles docs/examples/solidity/`file` with solc, `attestkit/contracts/` resolved to this package's
 * contracts/ (as an installed package resolves them), and returns `contract`'s ABI and bytecode.
 */
export function compileSolidityExample(file: string, contract: string): { abi: Abi; bytecode: Hex } {
  const input = {
    language: "Solidity",
    sources: { [file]: { content: readFileSync(new URL(`docs/examples/solidity/${file}`, ROOT), "utf8") } },
    settings: { outputSelection: { "*": { "*": ["abi", "evm.bytecode.object"] } } },
  };
  const resolveImport = (path: string) =>
    path.startsWith("attestkit/contracts/")
      ? { contents: readFileSync(new URL(path.slice("attestkit/".length), ROOT), "utf8") }
      : { error: `unexpected import ${path}` };
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
