/**
 * A scenario file for `attestkit devnet --scenarios FILE` and `attestkit service --scenarios FILE`:
 * JSON, an array of scenarios or `{ "scenarios": [...] }`, each checked as the control endpoint checks it.
 */
import { readFileSync } from "node:fs";
import { AttestkitError } from "../../errors.ts";
import { formatZodIssues } from "../errors.ts";
import { ScenarioFileSchema, type ScenarioInput } from "./schema.ts";

/** The file cannot be read, is not JSON, or holds a scenario its schema refuses (`INVALID_SCENARIO_FILE`). */
export class ScenarioFileError extends AttestkitError {
  constructor(problem: string) {
    super("INVALID_SCENARIO_FILE", problem);
  }
}

/** Reads and checks the scenarios of `path`; throws `ScenarioFileError` saying what is wrong, in one line. */
export function loadScenarioFile(path: string): ScenarioInput[] {
  let text: string;
  try {
    text = readFileSync(path, "utf8");
  } catch (error) {
    throw new ScenarioFileError(`cannot read it (${(error as { code?: string }).code ?? "error"})`);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new ScenarioFileError(`not JSON: ${(error as Error).message.split("\n")[0]}`);
  }
  const parsed = ScenarioFileSchema.safeParse(json);
  if (!parsed.success) throw new ScenarioFileError(formatZodIssues(parsed.error, "scenarios"));
  return parsed.data;
}

/** The scenarios of a `--scenarios FILE` flag (undefined when absent); a bad file fails the flag in one line. */
export function scenariosOfFlag(
  path: string | undefined,
  fail: (problem: string) => never,
): ScenarioInput[] | undefined {
  if (path === undefined) return undefined;
  try {
    return loadScenarioFile(path);
  } catch (error) {
    if (error instanceof ScenarioFileError)
      fail(`invalid --scenarios ${JSON.stringify(path)}: ${error.message}`);
    throw error;
  }
}
