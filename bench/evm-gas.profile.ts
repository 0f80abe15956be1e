// Where the gas of one AttestedReceiver deposit goes (development aid, not a benchmark):
//   npx hardhat run bench/evm-gas.profile.ts
// For each path: the opcodes that carry a fixed cost of their own (storage, calls, logs, transient storage),
// then every other step of the receiver's frame summed per source line through the compiler's source map.
// Steps mapped to the whole contract (or to no source) are the compiler's selector dispatch, ABI decoding
// and glue.
import { readFileSync } from "node:fs";
import { artifacts, config } from "hardhat";
import { benchChain } from "./evm-gas.chain.ts";
import { stepGas } from "./evm-gas.trace.ts";

const FIXED = new Set(["SLOAD", "SSTORE", "CALL", "STATICCALL", "LOG4", "TLOAD", "TSTORE"]);
const CONTRACT = "AttestedReceiver";

type BuildInfo = { input: { sources: Record<string, { content: string }> } };
type BuildOutput = {
  output: {
    sources: Record<string, { id: number }>;
    contracts: Record<
      string,
      Record<string, { evm: { deployedBytecode: { object: string; sourceMap: string } } }>
    >;
  };
};

/** pc -> "file:line  source text" of the deployed code of `name`. */
async function sourceLines(name: string): Promise<(pc: number) => string> {
  const artifact = await artifacts.readArtifact(name);
  const dir = `${config.paths.artifacts}/build-info/${artifact.buildInfoId}`;
  const input = JSON.parse(readFileSync(`${dir}.json`, "utf8")) as BuildInfo;
  const { output } = JSON.parse(readFileSync(`${dir}.output.json`, "utf8")) as BuildOutput;
  const names = new Map(Object.entries(output.sources).map(([path, s]) => [s.id, path]));
  const evm = output.contracts[artifact.inputSourceName ?? ""]?.[name]?.evm.deployedBytecode;
  if (!evm) throw new Error(`${name} not in its build info`);
  // instruction index of each pc
  const code = Buffer.from(evm.object, "hex");
  const index = new Map<number, number>();
  for (let pc = 0, i = 0; pc < code.length; i++) {
    index.set(pc, i);
    const op = code[pc] ?? 0;
    pc += 1 + (op >= 0x60 && op <= 0x7f ? op - 0x5f : 0);
  }
  // decompressed source map: [start, length, file] per instruction
  const entries: [number, number, number][] = [];
  let prev: [number, number, number] = [0, 0, -1];
  for (const entry of evm.sourceMap.split(";")) {
    const [s, l, f] = entry.split(":");
    prev = [s ? Number(s) : prev[0], l ? Number(l) : prev[1], f ? Number(f) : prev[2]];
    entries.push(prev);
  }
  return (pc) => {
    const [start, length, file] = entries[index.get(pc) ?? -1] ?? [0, 0, -1];
    const path = names.get(file);
    const text = path ? input.input.sources[path]?.content : undefined;
    if (!path || text === undefined) return "(no source: compiler glue)";
    const snippet = text.slice(start, start + length);
    const label = snippet.startsWith(`contract ${CONTRACT}`)
      ? "(whole contract: selector dispatch, ABI decoding, glue)"
      : (snippet.split("\n")[0] ?? "").slice(0, 72);
    return `${path.split("/").pop()}:${text.slice(0, start).split("\n").length}  ${label}`;
  };
}

const { deposit } = await benchChain();
const lineOf = await sourceLines(CONTRACT);
for (const path of ["native", "erc20"] as const) {
  await deposit("c", path); // warm-up: the reported deposit is a steady-state one
  const { receipt, steps } = await deposit("c", path);
  const fixed = new Map<string, number>();
  const lines = new Map<string, number>();
  let execution = 0;
  for (let i = 0; i < steps.length; i++) {
    const step = steps[i];
    if (step?.depth !== 1) continue;
    const gas = stepGas(steps, i);
    execution += gas;
    const bucket = FIXED.has(step.op) ? fixed : lines;
    const key = FIXED.has(step.op) ? step.op : lineOf(step.pc);
    bucket.set(key, (bucket.get(key) ?? 0) + gas);
  }
  const rest = [...lines.values()].reduce((s, g) => s + g, 0);
  console.log(
    `\n${path}: gasUsed ${receipt.gasUsed}; execution ${execution} (intrinsic + calldata the rest)`,
  );
  console.log(
    `  fixed-cost opcodes (calls include the callee): ${[...fixed].map(([k, v]) => `${k} ${v}`).join(", ")}`,
  );
  console.log(`  every other step, ${rest} gas, per source line:`);
  for (const [line, gas] of [...lines].sort((x, y) => y[1] - x[1]).slice(0, 30)) {
    console.log(`    ${String(gas).padStart(5)}  ${line}`);
  }
}
