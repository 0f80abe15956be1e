// The browser bundle budgets of bench/bundle-budgets.ts measured in a consumer project: the min+gzip of an
// esbuild browser bundle of each import (and of the bare library calls it wraps), and why each is over its
// budget, with its largest inputs. Used by bench/package.bench.ts.
import { gzipSync } from "node:zlib";
import { bundleSourceForBrowser } from "../scripts/package/browser-bundle.ts";
import type { BundleBudget } from "./bundle-budgets.ts";

/** How many of a bundle's largest inputs are recorded, and listed when it is over budget. */
export const LARGEST_INPUTS = 8;

export type Measured = { minified: number; gzipped: number; inputs: { path: string; bytes: number }[] };

export type BudgetResult = {
  budget: BundleBudget;
  ours: Measured;
  bare: Measured | undefined;
  over: string[];
};

async function measure(dir: string, name: string, source: string): Promise<Measured> {
  const bundle = await bundleSourceForBrowser(dir, name, source, { minify: true });
  const [output] = bundle.outputFiles;
  const meta = Object.values(bundle.metafile.outputs)[0];
  if (!output || !meta) throw new Error(`esbuild wrote no bundle for ${name}`);
  return {
    minified: output.contents.byteLength,
    gzipped: gzipSync(output.contents, { level: 9 }).byteLength,
    inputs: Object.entries(meta.inputs)
      .map(([path, input]) => ({ path, bytes: input.bytesInOutput }))
      .filter((input) => input.bytes > 0)
      .sort((a, b) => b.bytes - a.bytes),
  };
}

/** Why `budget` fails for what was measured (empty when it holds). */
function overBudget(budget: BundleBudget, ours: Measured, bare: Measured | undefined): string[] {
  const over: string[] = [];
  if (budget.maxBytes !== undefined && ours.gzipped > budget.maxBytes)
    over.push(`${ours.gzipped} B min+gzip, over its ${budget.maxBytes} B budget`);
  if (budget.bare && bare) {
    const ratio = ours.gzipped / bare.gzipped;
    if (ratio > budget.bare.maxRatio)
      over.push(`${ratio.toFixed(3)}x its bare calls (${bare.gzipped} B), over ${budget.bare.maxRatio}x`);
  }
  for (const forbidden of budget.forbiddenInputs ?? []) {
    const found = ours.inputs.filter((input) => input.path.includes(forbidden.fragment));
    if (found.length > 0)
      over.push(`bundles ${found.map((input) => input.path).join(", ")}: ${forbidden.why}`);
  }
  return over;
}

/** Each budget's bundles, measured in the consumer project `dir` (attestkit installed there). */
export async function measureBudgets(dir: string, budgets: readonly BundleBudget[]): Promise<BudgetResult[]> {
  const results: BudgetResult[] = [];
  for (const [index, budget] of budgets.entries()) {
    const ours = await measure(dir, `budget-${index}`, budget.source);
    const bare = budget.bare ? await measure(dir, `budget-${index}-bare`, budget.bare.source) : undefined;
    results.push({ budget, ours, bare, over: overBudget(budget, ours, bare) });
  }
  return results;
}

export function budgetText(budget: BundleBudget): string {
  return [
    budget.maxBytes !== undefined ? `<= ${budget.maxBytes} B` : "",
    budget.bare ? `<= ${budget.bare.maxRatio}x bare` : "",
    budget.forbiddenInputs ? `none of ${budget.forbiddenInputs.length} forbidden inputs` : "",
  ]
    .filter(Boolean)
    .join(", ");
}

/** The table rows of the results: each import, then the bare calls it wraps. */
export function budgetRows(results: readonly BudgetResult[]) {
  return results.flatMap(({ budget, ours, bare, over }) => [
    {
      bundle: budget.name,
      minified: ours.minified,
      gzipped: ours.gzipped,
      budget: budgetText(budget),
      verdict: over.length > 0 ? "OVER" : "ok",
    },
    ...(bare
      ? [
          {
            bundle: "  bare calls it wraps",
            minified: bare.minified,
            gzipped: bare.gzipped,
            budget: `ratio ${(ours.gzipped / bare.gzipped).toFixed(3)}`,
            verdict: "",
          },
        ]
      : []),
  ]);
}

/** Each failed budget with why, and what fills that bundle most (empty when every budget holds). */
export function failureReport(results: readonly BudgetResult[]): string {
  return results
    .filter((result) => result.over.length > 0)
    .map(({ budget, ours, over }) =>
      [
        `${budget.name} (${budget.source.trim()}) is over budget:`,
        ...over.map((line) => `  ${line}`),
        "  largest inputs (minified bytes in the bundle):",
        ...ours.inputs
          .slice(0, LARGEST_INPUTS)
          .map((input) => `    ${String(input.bytes).padStart(8)}  ${input.path}`),
      ].join("\n"),
    )
    .join("\n\n");
}
