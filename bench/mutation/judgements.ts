// The maintainers' judgement of each mutant that survived `npm run bench:mutation` (seed 1): equivalent
// (no behaviour any caller or property can observe changes) or a gap the catalogue leaves, and why.
// Keyed by file and the changed lines of the mutant's diff, so a judgement follows its mutant when the
// sample is rerun.

interface Judgement {
  equivalent: boolean;
  why: string;
}

const JUDGEMENTS: Record<string, Judgement> = {};

/** The changed lines of a unified diff, without its headers. */
function changedLines(diff: string): string {
  return diff
    .split("\n")
    .filter((line) => /^[-+](?![-+]{2} )/.test(line))
    .map((line) => line.trim())
    .join("\n");
}

export function judgementOf(file: string, diff: string): Judgement | { equivalent: null; why: string } {
  return JUDGEMENTS[`${file}\n${changedLines(diff)}`] ?? { equivalent: null, why: "not judged yet" };
}
