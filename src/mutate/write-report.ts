import { mkdirSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import { type MutationRun, strykerReport } from "./report.ts";

/** Writes `run` as a mutation-testing-report-schema JSON file at `path`. */
export function writeMutationReport(path: string, run: MutationRun): void {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, `${JSON.stringify(strykerReport(run), null, 2)}\n`);
}
