/** One-change mutants of a source file, as both mutation tools' output is read into them. */
import { createRng } from "../rng.ts";

export interface Position {
  /** 1-based. */
  line: number;
  /** 1-based. */
  column: number;
}

export interface SourceMutant {
  /** Unique within a run, e.g. `12` (universalmutator's number) or `3` (cargo-mutants' order). */
  id: string;
  /** Path of the mutated file, relative to the project root. */
  file: string;
  /** The rule that made the change, e.g. `c_like.rules:148` or `replace == with !=`. */
  mutatorName: string;
  /** The changed span of the original file (start = end for an inserted statement). */
  location: { start: Position; end: Position };
  /** The text that replaced the span. */
  replacement: string;
  /** A unified diff of the change. */
  diff: string;
  /** The whole mutated file. */
  mutatedText: string;
}

function commonPrefix(a: string, b: string): number {
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  return i;
}

/**
 * The smallest span of `original` that `mutated` changes, with its replacement and a unified diff:
 * the mutation tools write whole files, the report names the change.
 */
export function describeChange(
  file: string,
  original: string,
  mutated: string,
): Pick<SourceMutant, "location" | "replacement" | "diff"> {
  const start = commonPrefix(original, mutated);
  const tail = commonPrefix(
    [...original.slice(start)].reverse().join(""),
    [...mutated.slice(start)].reverse().join(""),
  );
  const endOriginal = original.length - tail;
  const endMutated = mutated.length - tail;
  const position = (offset: number): Position => {
    const before = original.slice(0, offset).split("\n");
    return { line: before.length, column: (before.at(-1) as string).length + 1 };
  };
  const from = position(start);
  const to = position(endOriginal);
  const originalLines = original.split("\n");
  const mutatedLines = mutated.split("\n");
  const lastMutatedLine = mutated.slice(0, endMutated).split("\n").length;
  const removed = originalLines.slice(from.line - 1, to.line);
  const added = mutatedLines.slice(from.line - 1, Math.max(lastMutatedLine, from.line));
  const diff = [
    `--- a/${file}`,
    `+++ b/${file}`,
    `@@ -${from.line},${removed.length} +${from.line},${added.length} @@`,
    ...removed.map((line) => `-${line}`),
    ...added.map((line) => `+${line}`),
  ].join("\n");
  return { location: { start: from, end: to }, replacement: mutated.slice(start, endMutated), diff };
}

/** `count` of `mutants` picked at random with `seed` (the same seed picks the same ones), in their order. */
export function sampleMutants<T>(mutants: readonly T[], count: number, seed: number): T[] {
  if (count >= mutants.length) return [...mutants];
  const random = createRng(seed);
  const indices = mutants.map((_, index) => index);
  for (let i = indices.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [indices[i], indices[j]] = [indices[j] as number, indices[i] as number];
  }
  return indices
    .slice(0, count)
    .sort((a, b) => a - b)
    .map((index) => mutants[index] as T);
}
