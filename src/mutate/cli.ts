/**
 * `attestkit mutate`: mutation testing of an integrator's receiver against attestkit's catalogues.
 * Parses the flags, runs `mutateSolidity` or `mutateSvmProgram`, prints the table, writes the report.
 */
import { readFileSync } from "node:fs";
import { availableParallelism } from "node:os";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { commandOptions, parseCommandArgs } from "../cli-options.ts";
import { commandRunner } from "./command-runner.ts";
import { constructorShim } from "./constructor-shim.ts";
import { MUTATE_HELP } from "./help.ts";
import { formatTable, type MutationRun, mutationScore } from "./report.ts";
import type { CatalogueRunner } from "./runner.ts";
import { mutateSolidity } from "./solidity.ts";
import { typescriptRunner } from "./typescript-runner.ts";
import { writeMutationReport } from "./write-report.ts";

const { values } = parseCommandArgs("mutate", {
  options: {
    contract: { type: "string" },
    test: { type: "string" },
    adapter: { type: "string" },
    program: { type: "string" },
    build: { type: "string" },
    so: { type: "string" },
    catalogue: { type: "string" },
    sample: { type: "string" },
    seed: { type: "string" },
    "max-mutants": { type: "string" },
    jobs: { type: "string" },
    threshold: { type: "string" },
    report: { type: "string" },
    root: { type: "string" },
    help: { type: "boolean", short: "h" },
  },
});

if (values.help) {
  console.log(MUTATE_HELP);
  process.exit(0);
}

const flags = commandOptions("mutate");
const root = resolve(values.root ?? ".");
const catalogue = values.catalogue ?? "attestations";
if (catalogue !== "attestations" && catalogue !== "orders")
  flags.fail(`invalid --catalogue ${JSON.stringify(catalogue)}: expected attestations or orders`);
const catalogueName = catalogue as "attestations" | "orders";
const limit = 1_000_000;
const sample = values.sample === undefined ? undefined : flags.integer("sample", values.sample, 0, 1, limit);
const maxMutants =
  values["max-mutants"] === undefined
    ? undefined
    : flags.integer("max-mutants", values["max-mutants"], 0, 1, limit);
const common = {
  sample,
  seed: flags.integer("seed", values.seed, 1, 0, 2 ** 32 - 1),
  maxMutants,
  jobs: flags.integer("jobs", values.jobs, availableParallelism(), 1, 256),
  onOutcome: (o: {
    mutant: { id: string; file: string; location: { start: { line: number } } };
    status: string;
  }) =>
    console.error(`  mutant ${o.mutant.id} (${o.mutant.file}:${o.mutant.location.start.line}) ${o.status}`),
};
const threshold =
  values.threshold === undefined ? undefined : flags.integer("threshold", values.threshold, 0, 0, 100);

/** `<left>:<right>` with both parts non-empty. */
function pair(flag: string, value: string): [string, string] {
  const at = value.lastIndexOf(":");
  if (at <= 0 || at === value.length - 1)
    flags.fail(`invalid --${flag} ${JSON.stringify(value)}: expected <path>:<name>`);
  return [value.slice(0, at), value.slice(at + 1)];
}

async function loadFactory<T>(module: string): Promise<T> {
  const loaded = (await import(pathToFileURL(resolve(root, module)).href)) as { default?: unknown };
  if (typeof loaded.default !== "function")
    flags.fail(`--adapter ${module}: its default export must be a function that returns your adapter`);
  return loaded.default as T;
}

let run: MutationRun | undefined;
if (values.contract !== undefined) {
  if (values.program !== undefined) flags.fail("give --contract (Solidity) or --program (SVM), not both");
  const [file, contract] = pair("contract", values.contract);
  const runners: CatalogueRunner[] = [];
  let testRunner: ReturnType<typeof commandRunner> | undefined;
  if (values.test !== undefined) {
    const original = readFileSync(resolve(root, file), "utf8");
    const shim = constructorShim(root, file, contract, original);
    if ("reason" in shim)
      console.error(`  every mutant is compiled into the project (no constructor shim: ${shim.reason})`);
    testRunner = commandRunner({
      root,
      file,
      original,
      command: values.test,
      shim: "reason" in shim ? undefined : shim,
    });
    runners.push(testRunner);
  }
  if (values.adapter !== undefined)
    runners.push(typescriptRunner(catalogueName, await loadFactory(values.adapter)));
  if (runners.length === 0)
    flags.fail("--contract needs --test (the Solidity catalogue) and/or --adapter (TypeScript)");
  run = await mutateSolidity({ ...common, root, file, contract, runners });
  if (testRunner)
    console.error(
      testRunner.shimmed()
        ? "  --test ran each mutant's creation code through the constructor shim (the project compiled once)"
        : "  --test compiled every mutant into the project (its tests do not deploy the contract through the shim)",
    );
} else if (values.program !== undefined) {
  const [dir, pkg] = pair("program", values.program);
  // LiteSVM (an optional peer) loads only for SVM runs.
  const { mutateSvmProgram, svmRunner } = await import("./svm.ts");
  if (values.build === undefined || values.so === undefined || values.adapter === undefined)
    flags.fail("--program needs --build, --so and --adapter");
  run = await mutateSvmProgram({
    ...common,
    root: resolve(root, dir),
    package: pkg,
    build: values.build as string,
    program: values.so as string,
    runners: [svmRunner(catalogueName, await loadFactory(values.adapter as string))],
  });
} else flags.fail("give --contract <file>:<Name> (Solidity) or --program <dir>:<package> (SVM)");

if (run === undefined) throw new Error("unreachable: every branch runs or fails");
const reportPath = resolve(values.report ?? "mutation-report.json");
writeMutationReport(reportPath, run);
console.log(formatTable(run));
console.log(`\nreport: ${reportPath}`);
const { score } = mutationScore(run.outcomes);
if (threshold !== undefined && score < threshold) {
  console.error(`attestkit mutate: mutation score ${score}% is under the threshold ${threshold}%`);
  // Not process.exit: the table above may still be in the stdout pipe.
  process.exitCode = 1;
}
