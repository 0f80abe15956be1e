/**
 * The Solidity test command's fast path: instead of compiling each mutant into the project (which
 * recompiles every test that imports the contract), the contract's file is replaced once, in each
 * worker's copy, by a shim whose constructor runs the creation code named by an environment variable
 * (`vm.envBytes`) in its own place: the code is placed at a scratch address (`vm.etch`) with the
 * constructor's arguments appended, and delegate-called, so the mutant's constructor writes the
 * contract's own storage and returns its runtime code (immutables included), which the shim returns as
 * its own. The project then compiles once; each mutant is one test run with its creation code, as
 * attestkit already compiled it to tell equivalent mutants apart.
 *
 * Code that runs in the shim's creation before its constructor body (state-variable initialisers, base
 * contracts' constructors and arguments, the constructor's modifiers) would run twice, the original's
 * then the mutant's: a mutant changing it is compiled into the project instead.
 */
import { solidityAst } from "./solc.ts";

/** The environment variable holding the creation code (0x hex) the shim runs. */
export const MUTANT_CREATION_CODE_ENV = "ATTESTKIT_MUTANT_CREATION_CODE";

export interface ConstructorShim {
  /** The contract's file with the shim's constructor. */
  text: string;
  /** UTF-8 byte ranges `[start, end)` of the original file that run before the constructor's body. */
  preamble: [number, number][];
}

interface AstNode {
  nodeType: string;
  id?: number;
  src: string;
  name?: string;
  kind?: string;
  contractKind?: string;
  abstract?: boolean;
  stateVariable?: boolean;
  mutability?: string;
  value?: unknown;
  nodes?: AstNode[];
  body?: AstNode | null;
  parameters?: { parameters: AstNode[] };
  modifiers?: { modifierName: { referencedDeclaration?: number } }[];
  baseContracts?: AstNode[];
  linearizedBaseContracts?: number[];
}

function span(node: { src: string }): [number, number] {
  const [start, length] = node.src.split(":").map(Number) as [number, number];
  return [start, start + length];
}

const CHEATS = "AttestkitMutantCheats_";

/** The statement the shim's constructor starts with: run the given creation code in place, return its code. */
function trampoline(parameters: string[]): string {
  const cheats = `${CHEATS}(address(uint160(uint256(keccak256("hevm cheat code")))))`;
  // Both exits are conditional: after an unconditional one the compiler drops the original body, and
  // with it the assignments of immutables it must still see.
  return (
    ` { bytes memory attestkitMutant_ = bytes.concat(${cheats}.envBytes("${MUTANT_CREATION_CODE_ENV}"), abi.encode(${parameters.join(", ")}));` +
    ` address attestkitRunner_ = address(uint160(uint256(keccak256("attestkit.mutate.constructor"))));` +
    ` ${cheats}.etch(attestkitRunner_, attestkitMutant_);` +
    " assembly { let ok := delegatecall(gas(), attestkitRunner_, 0, 0, 0, 0) returndatacopy(0, 0, returndatasize())" +
    " if iszero(ok) { revert(0, returndatasize()) } if ok { return(0, returndatasize()) } } }"
  );
}

const CHEATS_INTERFACE = `

/// attestkit mutate: the cheatcodes the shim's constructor uses.
interface ${CHEATS} {
    function envBytes(string calldata name) external view returns (bytes memory);
    function etch(address account, bytes calldata code) external;
}
`;

/**
 * The shim of `contract` in `file` (text `original`), or why the contract cannot have one (it is then
 * compiled into the project for every mutant).
 */
export function constructorShim(
  root: string,
  file: string,
  contract: string,
  original: string,
): ConstructorShim | { reason: string } {
  const analysed = solidityAst(root, { [file]: original }, file);
  if (!analysed.ok) return { reason: analysed.errors };
  const units = ((analysed.ast as AstNode).nodes ?? []).filter((n) => n.nodeType === "ContractDefinition");
  const target = units.find((n) => n.name === contract);
  if (target?.contractKind !== "contract" || target.abstract)
    return { reason: `no deployable contract ${contract} in ${file}` };
  const byId = new Map(units.map((n) => [n.id, n]));
  const chain = (target.linearizedBaseContracts ?? [])
    .map((id) => byId.get(id))
    .filter((n) => n !== undefined);
  const preamble: [number, number][] = [];
  const modifiers = new Map<number | undefined, AstNode>();
  let ownConstructor: AstNode | undefined;
  for (const unit of chain) {
    for (const base of unit.baseContracts ?? []) preamble.push(span(base));
    for (const node of unit.nodes ?? []) {
      if (node.nodeType === "ModifierDefinition") modifiers.set(node.id, node);
      if (node.nodeType === "VariableDeclaration" && node.mutability === "mutable" && node.value)
        preamble.push(span(node));
      if (node.nodeType === "FunctionDefinition" && node.kind === "constructor") {
        if (unit === target) ownConstructor = node;
        else preamble.push(span(node));
      }
    }
  }
  const bytes = Buffer.from(original, "utf8");
  const insert = (at: number, text: string, end = at) =>
    Buffer.concat([bytes.subarray(0, at), Buffer.from(text, "utf8"), bytes.subarray(end)]).toString("utf8");
  let text: string;
  if (ownConstructor) {
    const names = (ownConstructor.parameters?.parameters ?? []).map((p) => p.name ?? "");
    if (names.some((name) => name === ""))
      return { reason: `a parameter of ${contract}'s constructor has no name` };
    if (!ownConstructor.body) return { reason: `${contract}'s constructor has no body` };
    const [start] = span(ownConstructor);
    const [bodyStart] = span(ownConstructor.body);
    preamble.push([start, bodyStart]);
    for (const invocation of ownConstructor.modifiers ?? []) {
      const modifier = modifiers.get(invocation.modifierName.referencedDeclaration);
      if (modifier) preamble.push(span(modifier));
    }
    text = insert(bodyStart + 1, trampoline(names));
  } else {
    const [, end] = span(target);
    text = insert(end - 1, `    constructor()${trampoline([])}\n`);
  }
  return { text: `${text}${CHEATS_INTERFACE}`, preamble };
}

/**
 * Whether the shim runs `mutated` (a one-change mutant of `original`) exactly: its change lies outside
 * the code the shim's own creation runs first.
 */
export function shimRuns(shim: ConstructorShim, original: string, mutated: string): boolean {
  let start = 0;
  while (start < original.length && original[start] === mutated[start]) start++;
  let tail = 0;
  while (
    tail < original.length - start &&
    tail < mutated.length - start &&
    original[original.length - 1 - tail] === mutated[mutated.length - 1 - tail]
  )
    tail++;
  const from = Buffer.byteLength(original.slice(0, start), "utf8");
  const to = Buffer.byteLength(original.slice(0, original.length - tail), "utf8");
  return shim.preamble.every(([s, e]) => to < s || from > e);
}
