/**
 * Mutation testing of an SVM program: cargo-mutants lists the mutants of one package, each is built in a
 * private copy of the Cargo workspace with the project's own build command (one build at a time: cargo
 * uses every core), and the SVM catalogue runs on the program binary in LiteSVM.
 */
import { execFileSync } from "node:child_process";
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { LiteSVM } from "litesvm";
import type { ConformanceReport } from "../testing/report.ts";
import { runSvmOrderConformance } from "../testing/svm/order-run.ts";
import type { SvmOrderAdapter } from "../testing/svm/order-types.ts";
import { runSvmConformance } from "../testing/svm/run.ts";
import type { SvmReceiverAdapter } from "../testing/svm/types.ts";
import { type BuildResult, runMutationPlan } from "./engine.ts";
import type { MutantOutcome, MutationRun } from "./report.ts";
import type { CatalogueRunner, MutantChange } from "./runner.ts";
import { rustMutants } from "./rust-mutants.ts";

const SKIPPED = new Set(["target", ".git", "node_modules"]);

/** An adapter for one build of the program, loaded into `svm`. */
export type SvmMutantAdapterFactory = (
  elf: Uint8Array,
  svm: LiteSVM,
  name: string,
) => SvmReceiverAdapter | SvmOrderAdapter | Promise<SvmReceiverAdapter | SvmOrderAdapter>;

/** The SVM catalogue (attestations or orders) in a fresh LiteSVM per build. */
export function svmRunner(
  catalogue: "attestations" | "orders",
  adapter: SvmMutantAdapterFactory,
): CatalogueRunner {
  return {
    label: "svm",
    async run(build) {
      const svm = new LiteSVM();
      const made = await adapter(build.artifact as Uint8Array, svm, build.name);
      const report: ConformanceReport =
        catalogue === "orders"
          ? await runSvmOrderConformance({ svm, adapter: made as SvmOrderAdapter, print: false })
          : await runSvmConformance({ svm, adapter: made as SvmReceiverAdapter, print: false });
      const ids = (status: string) =>
        report.results.filter((r) => r.status === status).map((r) => `svm:${r.id}`);
      return { failed: ids("fail"), passed: ids("pass") };
    },
  };
}

export interface SvmMutationOptions {
  /** The Cargo workspace (or crate) folder. */
  root: string;
  /** The package whose sources are mutated. */
  package: string;
  /** Shell command that builds the program in (a copy of) `root`. */
  build: string;
  /** The `.so` the build writes, relative to `root`. */
  program: string;
  runners: readonly CatalogueRunner[];
  sample?: number;
  seed?: number;
  maxMutants?: number;
  jobs: number;
  onOutcome?(outcome: MutantOutcome): void;
}

export async function mutateSvmProgram(options: SvmMutationOptions): Promise<MutationRun> {
  const copy = mkdtempSync(join(tmpdir(), "attestkit-mutate-svm-"));
  cpSync(options.root, copy, {
    recursive: true,
    filter: (path) => !SKIPPED.has(relative(options.root, path)),
  });
  const sources: Record<string, string> = {};
  const build = (change: MutantChange | undefined): BuildResult => {
    const path = change ? join(copy, change.file) : undefined;
    if (path && change) writeFileSync(path, change.text);
    try {
      rmSync(join(copy, options.program), { force: true });
      execFileSync("sh", ["-c", options.build], { cwd: copy, stdio: ["ignore", "ignore", "pipe"] });
      if (!existsSync(join(copy, options.program)))
        return { ok: false, errors: `the build wrote no ${options.program}` };
      return { ok: true, artifact: new Uint8Array(readFileSync(join(copy, options.program))) };
    } catch (error) {
      const stderr = String((error as { stderr?: Buffer }).stderr ?? "");
      return { ok: false, errors: stderr.split("\n").find((l) => /^error/.test(l)) ?? stderr.slice(-400) };
    } finally {
      if (path && change) writeFileSync(path, sources[change.file] as string);
    }
  };
  try {
    return await runMutationPlan({
      ...options,
      language: "rust",
      sources,
      generate: () => {
        const mutants = rustMutants(options.root, options.package);
        for (const m of mutants) sources[m.file] ??= readFileSync(join(options.root, m.file), "utf8");
        return mutants;
      },
      build,
    });
  } finally {
    rmSync(copy, { recursive: true, force: true });
  }
}
