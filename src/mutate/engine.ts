/**
 * The mutation loop shared by EVM and SVM: build every mutant once, set aside those that do not build
 * and those whose build is identical to the original's (equivalent) or to an earlier mutant's
 * (duplicate), check that the catalogues pass on the original (the control), then run the catalogues on
 * each remaining mutant, `jobs` at a time.
 */
import { createHash } from "node:crypto";
import { MutationRunError } from "./errors.ts";
import { type SourceMutant, sampleMutants } from "./mutant.ts";
import { mapPool } from "./pool.ts";
import type { MutantOutcome, MutationRun } from "./report.ts";
import type { CatalogueRunner, CatalogueVerdict, MutantBuild, MutantChange } from "./runner.ts";

export type BuildResult = { ok: true; artifact: MutantBuild["artifact"] } | { ok: false; errors: string };

export interface MutationPlan {
  language: string;
  root: string;
  /** Path (relative to `root`) and text of each file the mutants may change. */
  sources: Record<string, string>;
  /** Generates the mutants (timed as part of the setup). */
  generate(): SourceMutant[] | Promise<SourceMutant[]>;
  /** Builds the project with `change` applied (none: the original). */
  build(change: MutantChange | undefined, name: string): BuildResult | Promise<BuildResult>;
  runners: readonly CatalogueRunner[];
  /** Keep this many of the generated mutants, picked at random with `seed`. */
  sample?: number;
  seed?: number;
  /** Run the catalogues on at most this many distinct mutants (the rest are left out of the report). */
  maxMutants?: number;
  jobs: number;
  /** Called after each mutant is judged. */
  onOutcome?(outcome: MutantOutcome): void;
}

function fingerprint(artifact: MutantBuild["artifact"]): string {
  return createHash("sha256")
    .update(typeof artifact === "string" ? artifact.toLowerCase() : artifact)
    .digest("hex");
}

async function runAll(
  runners: readonly CatalogueRunner[],
  build: MutantBuild,
  worker: number,
): Promise<CatalogueVerdict> {
  const verdict: CatalogueVerdict = { failed: [], passed: [] };
  for (const runner of runners) {
    const one = await runner.run(build, worker);
    verdict.failed.push(...one.failed);
    verdict.passed.push(...one.passed);
    verdict.timedOut ||= one.timedOut;
  }
  return verdict;
}

export async function runMutationPlan(plan: MutationPlan): Promise<MutationRun> {
  const started = performance.now();
  const mutants = await plan.generate();
  const original = await plan.build(undefined, "original");
  if (!original.ok) throw new MutationRunError(`the project does not build unmutated:\n${original.errors}`);
  const originalPrint = fingerprint(original.artifact);
  const chosen = plan.sample === undefined ? mutants : sampleMutants(mutants, plan.sample, plan.seed ?? 1);

  const outcomes = new Map<SourceMutant, MutantOutcome>();
  const distinct: { mutant: SourceMutant; build: MutantBuild }[] = [];
  const duplicates: { mutant: SourceMutant; of: SourceMutant }[] = [];
  const seen = new Map<string, SourceMutant>();
  const ignored = (
    mutant: SourceMutant,
    status: MutantOutcome["status"],
    reason: string,
    equivalent?: string,
  ) =>
    outcomes.set(mutant, {
      mutant,
      status,
      statusReason: reason,
      killedBy: [],
      notNoticedBy: [],
      equivalent,
      durationMs: 0,
    });
  for (const mutant of chosen) {
    if (plan.maxMutants !== undefined && distinct.length >= plan.maxMutants) break;
    const name = `mutant ${mutant.id}`;
    const change = { file: mutant.file, text: mutant.mutatedText };
    const built = await plan.build(change, name);
    if (!built.ok) {
      ignored(mutant, "CompileError", built.errors.split("\n")[0] ?? "does not build");
      continue;
    }
    const print = fingerprint(built.artifact);
    if (print === originalPrint) {
      const why = "equivalent: builds to the original's exact bytes";
      ignored(mutant, "Ignored", why, why);
      continue;
    }
    const earlier = seen.get(print);
    if (earlier) {
      duplicates.push({ mutant, of: earlier });
      continue;
    }
    seen.set(print, mutant);
    distinct.push({ mutant, build: { name, change, artifact: built.artifact } });
  }
  const setupMs = performance.now() - started;

  const jobs = Math.max(1, Math.min(plan.jobs, distinct.length || 1));
  for (const runner of plan.runners) await runner.start?.(jobs);
  try {
    const controlStarted = performance.now();
    const controlBuild: MutantBuild = { name: "original", artifact: original.artifact };
    const controls = await mapPool(
      Array.from({ length: jobs }, (_, i) => i),
      jobs,
      (_, worker) => runAll(plan.runners, controlBuild, worker),
    );
    const control = controls[0] as CatalogueVerdict;
    const failing = controls.flatMap((c) => c.failed);
    if (failing.length || controls.some((c) => c.timedOut))
      throw new MutationRunError(
        `the catalogue does not pass on the unmutated project (fix these first): ${[...new Set(failing)].join(", ") || "timed out"}`,
      );
    const controlMs = performance.now() - controlStarted;

    const mutantsStarted = performance.now();
    await mapPool(distinct, jobs, async ({ mutant, build }, worker) => {
      const t0 = performance.now();
      let outcome: MutantOutcome;
      try {
        const verdict = await runAll(plan.runners, build, worker);
        const status = verdict.failed.length ? "Killed" : verdict.timedOut ? "Timeout" : "Survived";
        outcome = {
          mutant,
          status,
          statusReason: verdict.failed.length ? `failed: ${verdict.failed.join(", ")}` : undefined,
          killedBy: verdict.failed,
          notNoticedBy: verdict.passed,
          durationMs: performance.now() - t0,
        };
      } catch (error) {
        outcome = {
          mutant,
          status: "RuntimeError",
          statusReason: (error as Error).message.split("\n")[0],
          killedBy: [],
          notNoticedBy: [],
          durationMs: performance.now() - t0,
        };
      }
      outcomes.set(mutant, outcome);
      plan.onOutcome?.(outcome);
    });
    for (const { mutant, of } of duplicates) {
      const first = outcomes.get(of) as MutantOutcome;
      ignored(mutant, "Ignored", `duplicate of mutant ${of.id} (identical build), which was ${first.status}`);
    }
    const properties = [...new Set([...control.failed, ...control.passed])];
    return {
      language: plan.language,
      projectRoot: plan.root,
      sources: plan.sources,
      outcomes: chosen.filter((m) => outcomes.has(m)).map((m) => outcomes.get(m) as MutantOutcome),
      generated: mutants.length,
      properties,
      timings: { setupMs, controlMs, mutantsMs: performance.now() - mutantsStarted },
    };
  } finally {
    for (const runner of plan.runners) await runner.stop?.();
  }
}
