/**
 * A mutation run's outcome: the score, the report in the mutation-testing-report schema (Stryker's
 * mutation-testing-elements; its HTML viewer and dashboard read it), and the terminal table.
 */
import type { SourceMutant } from "./mutant.ts";

/** The schema's statuses attestkit uses. */
export type MutantStatus = "Killed" | "Survived" | "Timeout" | "CompileError" | "RuntimeError" | "Ignored";

export interface MutantOutcome {
  mutant: SourceMutant;
  status: MutantStatus;
  /** Why: the properties that failed, the compiler error, or the mutant's equivalence. */
  statusReason?: string;
  /** Property ids that failed on the mutant (`runner:id`). */
  killedBy: string[];
  /** Property ids that ran and passed on the mutant: for a survivor, the properties that did not notice. */
  notNoticedBy: string[];
  /** Set when the mutant cannot change behaviour as far as the tool can tell. */
  equivalent?: string;
  durationMs: number;
}

export interface MutationRun {
  /** `solidity` or `rust`. */
  language: string;
  /** Project root the files are relative to. */
  projectRoot: string;
  /** Original text of each mutated file. */
  sources: Record<string, string>;
  outcomes: MutantOutcome[];
  /** How many mutants the tool generated before sampling. */
  generated: number;
  /** The catalogue's property ids per runner, as tests (`runner:id`). */
  properties: string[];
  /** Wall-clock milliseconds: generation and builds, the control run, the mutants. */
  timings: { setupMs: number; controlMs: number; mutantsMs: number };
}

export interface MutationScore {
  killed: number;
  survived: number;
  timeout: number;
  compileErrors: number;
  runtimeErrors: number;
  /** Equivalent and duplicate mutants: not in the score. */
  ignored: number;
  /** Percent of (killed + timeout) over (killed + timeout + survived); 100 with nothing to judge. */
  score: number;
}

export function mutationScore(outcomes: readonly MutantOutcome[]): MutationScore {
  const count = (status: MutantStatus) => outcomes.filter((o) => o.status === status).length;
  const killed = count("Killed");
  const timeout = count("Timeout");
  const survived = count("Survived");
  const judged = killed + timeout + survived;
  return {
    killed,
    survived,
    timeout,
    compileErrors: count("CompileError"),
    runtimeErrors: count("RuntimeError"),
    ignored: count("Ignored"),
    score: judged === 0 ? 100 : Math.round(((killed + timeout) * 10000) / judged) / 100,
  };
}

/** The run as a mutation-testing-report-schema (version 2) document. */
export function strykerReport(run: MutationRun, thresholds = { high: 80, low: 60 }) {
  const files: Record<string, { language: string; source: string; mutants: unknown[] }> = {};
  for (const [file, source] of Object.entries(run.sources))
    files[file] = { language: run.language, source, mutants: [] };
  for (const outcome of run.outcomes) {
    const { mutant } = outcome;
    files[mutant.file]?.mutants.push({
      id: mutant.id,
      mutatorName: mutant.mutatorName,
      replacement: mutant.replacement,
      location: mutant.location,
      status: outcome.status,
      ...(outcome.statusReason === undefined ? {} : { statusReason: outcome.statusReason }),
      ...(outcome.status === "Killed" ? { killedBy: outcome.killedBy } : {}),
      testsCompleted: outcome.killedBy.length + outcome.notNoticedBy.length,
      duration: Math.round(outcome.durationMs),
      description: mutant.diff,
    });
  }
  return {
    $schema: "https://git.io/mutation-testing-schema",
    schemaVersion: "2",
    thresholds,
    projectRoot: run.projectRoot,
    files,
    testFiles: {
      "attestkit conformance catalogue": {
        tests: run.properties.map((id) => ({ id, name: id })),
      },
    },
    performance: {
      setup: Math.round(run.timings.setupMs),
      initialRun: Math.round(run.timings.controlMs),
      mutation: Math.round(run.timings.mutantsMs),
    },
    framework: { name: "attestkit mutate" },
  };
}

/** Property classes of ids like `evm:order.replay.later` (`order.replay`), each once. */
export function propertyClasses(ids: readonly string[]): string[] {
  return [...new Set(ids.map((id) => id.replace(/^[^:]*:/, "").replace(/\.[^.]*$/, "")))];
}

/** The score line and a table of every surviving mutant: file:line, the change, the classes that did not notice. */
export function formatTable(run: MutationRun): string {
  const score = mutationScore(run.outcomes);
  const lines = [
    `mutation score ${score.score}% — killed ${score.killed}, timed out ${score.timeout}, survived ${score.survived}, ` +
      `equivalent or duplicate ${score.ignored}, not compiling ${score.compileErrors}, errors ${score.runtimeErrors} ` +
      `(${run.outcomes.length} of ${run.generated} generated mutants run)`,
  ];
  const survivors = run.outcomes.filter((o) => o.status === "Survived");
  if (survivors.length) {
    lines.push("", "surviving mutants:");
    const rows = survivors.map((o) => [
      `${o.mutant.file}:${o.mutant.location.start.line}`,
      `#${o.mutant.id}`,
      JSON.stringify(o.mutant.replacement.trim()).slice(0, 48),
      propertyClasses(o.notNoticedBy).join(", "),
    ]);
    const widths = [0, 1, 2].map((i) => Math.max(...rows.map((r) => (r[i] as string).length)));
    for (const row of rows)
      lines.push(`  ${row.map((cell, i) => (i < 3 ? cell.padEnd(widths[i] as number) : cell)).join("  ")}`);
  }
  return lines.join("\n");
}
