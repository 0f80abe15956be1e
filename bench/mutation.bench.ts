// Mutation scores of the reference receivers and depositors, measured with `attestkit mutate` as an
// integrator runs it: EVM AttestedReceiver (attestation catalogue) and OrderGatedDepositor (order
// catalogue) through the TypeScript catalogues, the SVM attested-receiver and order-depositor programs
// through the SVM catalogues in LiteSVM. Each target runs a fixed sample of the generated mutants
// (seed 1). The Solidity catalogue (`--test "npx hardhat test solidity …"`) is left out here: in this
// repository every mutant of a reference recompiles the many test contracts that import it, minutes
// per mutant; an integrator's project recompiles one contract and its test. Every survivor carries the maintainers'
// judgement from bench/mutation/judgements.ts (equivalent or a gap in the catalogue, and why).
//   npm run bench:mutation
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { cacheDir } from "../src/mutate/tools.ts";
import { writeResults } from "./harness.ts";
import { reportRow } from "./mutation/report-row.ts";

interface Target {
  name: string;
  args: string[];
}

const SVM_TARGET_DIR = join(cacheDir(), "svm-mutation-target");
const svmBuild = (program: string) =>
  `bash ${process.cwd()}/scripts/svm/build-program.sh ${program} --programs-dir . --out-dir out --target-dir ${SVM_TARGET_DIR}`;

const TARGETS: Target[] = [
  {
    name: "EVM AttestedReceiver (attestation catalogue, TypeScript)",
    args: [
      "--contract",
      "contracts/AttestedReceiver.sol:AttestedReceiver",
      "--adapter",
      "test/mutate/adapters/attested-receiver.ts",
      "--sample",
      "200",
    ],
  },
  {
    name: "EVM OrderGatedDepositor (order catalogue, TypeScript)",
    args: [
      "--contract",
      "contracts/OrderGatedDepositor.sol:OrderGatedDepositor",
      "--adapter",
      "test/mutate/adapters/order-gated-depositor.ts",
      "--catalogue",
      "orders",
      "--sample",
      "200",
    ],
  },
  {
    name: "SVM attested-receiver (SVM catalogue, LiteSVM)",
    args: [
      "--program",
      "programs:attested-receiver",
      "--build",
      svmBuild("attested-receiver"),
      "--so",
      "out/attested-receiver.so",
      "--adapter",
      "test/mutate/adapters/attested-receiver-svm.ts",
      "--sample",
      "8",
    ],
  },
  {
    name: "SVM order-depositor (SVM order catalogue, LiteSVM)",
    args: [
      "--program",
      "programs:order-depositor",
      "--build",
      svmBuild("order-depositor"),
      "--so",
      "out/order-depositor.so",
      "--adapter",
      "test/mutate/adapters/order-depositor-svm.ts",
      "--catalogue",
      "orders",
      "--sample",
      "8",
    ],
  },
];

const only = process.argv.slice(2);
const rows: Array<Record<string, unknown> & { target: string }> = [];
const dir = join(tmpdir(), "attestkit-mutation-bench");
mkdirSync(dir, { recursive: true });
for (const [index, target] of TARGETS.entries()) {
  if (only.length && !only.includes(String(index))) continue;
  const report = join(dir, `report-${index}.json`);
  const started = performance.now();
  const stdout = execFileSync(
    process.execPath,
    ["src/cli.ts", "mutate", ...target.args, "--seed", "1", "--report", report],
    { encoding: "utf8", stdio: ["ignore", "pipe", "inherit"], maxBuffer: 64 * 1024 * 1024 },
  );
  const seconds = Math.round((performance.now() - started) / 100) / 10;
  console.log(`\n${target.name} (${seconds} s)\n${stdout}`);
  rows.push({
    target: target.name,
    command: `attestkit mutate ${target.args.join(" ")} --seed 1`,
    seconds,
    ...reportRow(report),
  });
}
// A run of some targets (`node bench/mutation.bench.ts 2 3`) keeps the other targets' rows.
const previous = new URL("./results/mutation.json", import.meta.url);
const kept = (
  existsSync(previous) ? (JSON.parse(readFileSync(previous, "utf8")).rows as { target: string }[]) : []
).filter((row) => !rows.some((r) => r.target === row.target));
const order = (row: { target: string }) => TARGETS.findIndex((t) => t.name === row.target);
writeResults("mutation.json", { seed: 1, rows: [...kept, ...rows].sort((a, b) => order(a) - order(b)) });
