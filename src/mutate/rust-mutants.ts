/** One-change mutants of a Rust crate, listed by cargo-mutants (its type-aware replacements). */
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { MutationRunError } from "./errors.ts";
import { describeChange, type SourceMutant } from "./mutant.ts";
import { cargoMutants } from "./tools.ts";

interface CargoMutant {
  file: string;
  name: string;
  genre: string;
  replacement: string;
  span: { start: { line: number; column: number }; end: { line: number; column: number } };
}

function offset(text: string, line: number, column: number): number {
  const lines = text.split("\n");
  let at = 0;
  for (let i = 0; i < line - 1; i++) at += (lines[i] as string).length + 1;
  return at + column - 1;
}

/** Every mutant cargo-mutants lists for `pkg` in the Cargo workspace or crate at `root`. */
export function rustMutants(root: string, pkg: string): SourceMutant[] {
  let listed: CargoMutant[];
  try {
    listed = JSON.parse(
      execFileSync(cargoMutants(), ["mutants", "--list", "--json", "--package", pkg], {
        cwd: root,
        encoding: "utf8",
        maxBuffer: 256 * 1024 * 1024,
        stdio: ["ignore", "pipe", "pipe"],
      }),
    );
  } catch (error) {
    const stderr = String((error as { stderr?: string }).stderr ?? "").trim();
    throw new MutationRunError(`cargo-mutants could not list the mutants of ${pkg} in ${root}: ${stderr}`, {
      cause: error,
    });
  }
  const texts = new Map<string, string>();
  return listed.map((m, index) => {
    const text = texts.get(m.file) ?? readFileSync(join(root, m.file), "utf8");
    texts.set(m.file, text);
    const start = offset(text, m.span.start.line, m.span.start.column);
    const end = offset(text, m.span.end.line, m.span.end.column);
    const mutatedText = text.slice(0, start) + m.replacement + text.slice(end);
    return {
      id: String(index + 1),
      file: m.file,
      mutatorName: `${m.genre}: ${m.name.replace(/^[^ ]+: /, "")}`,
      mutatedText,
      ...describeChange(m.file, text, mutatedText),
    };
  });
}
