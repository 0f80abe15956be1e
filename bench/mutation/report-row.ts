// One row of a mutation benchmark from a report `attestkit mutate` wrote: the counts by status, the
// score, the phases, the mutants set aside as equivalent and every survivor with its judgement.
import { readFileSync } from "node:fs";
import { judgementOf } from "./judgements.ts";

interface ReportMutant {
  id: string;
  mutatorName: string;
  replacement: string;
  location: { start: { line: number } };
  status: string;
  statusReason?: string;
  description: string;
}

export function reportRow(path: string): Record<string, unknown> {
  const parsed = JSON.parse(readFileSync(path, "utf8")) as {
    files: Record<string, { mutants: ReportMutant[] }>;
    performance: { setup: number; initialRun: number; mutation: number };
  };
  const mutants = Object.entries(parsed.files).flatMap(([file, f]) => f.mutants.map((m) => ({ file, ...m })));
  const count = (status: string) => mutants.filter((m) => m.status === status).length;
  const killed = count("Killed") + count("Timeout");
  const survived = count("Survived");
  return {
    sampled: mutants.length,
    killed,
    survived,
    equivalentOrDuplicate: count("Ignored"),
    notCompiling: count("CompileError"),
    errors: count("RuntimeError"),
    scorePercent: killed + survived === 0 ? 100 : Math.round((killed * 10000) / (killed + survived)) / 100,
    phasesMs: parsed.performance,
    equivalent: mutants
      .filter((m) => m.status === "Ignored")
      .map((m) => ({ at: `${m.file}:${m.location.start.line}`, id: m.id, why: m.statusReason })),
    survivors: mutants
      .filter((m) => m.status === "Survived")
      .map((m) => ({
        at: `${m.file}:${m.location.start.line}`,
        id: m.id,
        mutator: m.mutatorName,
        diff: m.description,
        ...judgementOf(m.file, m.description),
      })),
  };
}
