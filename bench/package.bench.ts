// The npm package as an integrator meets it: tarball size (packed, unpacked, files), install time of
// the tarball into a fresh project, `tsc --strict` time of a consumer file (root + attestkit/client,
// skipLibCheck off) under nodenext and bundler, and the min+gzip size of esbuild browser bundles of the
// imports in bench/bundle-budgets.ts, each held to its budget (bytes, a ratio to the bare library calls it
// wraps, inputs it must not bundle). Writes bench/results/package.json and bench/results/bundle-size.json;
// exits 1 when a bundle is over its budget (a size regression), listing that bundle's largest inputs; tsc
// is reported against its 3 s target.
//   --check: the bundle budgets alone (pack, install, bundle; no tsc, no results written), for CI.
// Run: PATH=$PWD/node_modules/.bin:$PATH node bench/package.bench.ts [--check]
import { gzipSync } from "node:zlib";
import { bundleSourceForBrowser } from "../scripts/package/browser-bundle.ts";
import { createConsumer, packTarball, repoVersion } from "../scripts/package/consumer.ts";
import { typecheckConsumer } from "../scripts/package/typecheck.ts";
import { BUNDLE_BUDGETS, type BundleBudget } from "./bundle-budgets.ts";
import { printTable, writeResults } from "./harness.ts";

const TSC_TARGET_MS = 3000;
/** How many of a bundle's largest inputs are recorded, and listed when it is over budget. */
const LARGEST_INPUTS = 8;
const checkOnly = process.argv.includes("--check");

type Measured = { minified: number; gzipped: number; inputs: { path: string; bytes: number }[] };

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

function budgetText(budget: BundleBudget): string {
  return [
    budget.maxBytes !== undefined ? `<= ${budget.maxBytes} B` : "",
    budget.bare ? `<= ${budget.bare.maxRatio}x bare` : "",
    budget.forbiddenInputs ? "no ABI parser" : "",
  ]
    .filter(Boolean)
    .join(", ");
}

const tarball = await packTarball();
const consumer = await createConsumer("bench", checkOnly ? [] : [repoVersion("@types/node")]);
const bundles = [];
for (const [index, budget] of BUNDLE_BUDGETS.entries()) {
  const ours = await measure(consumer.dir, `budget-${index}`, budget.source);
  const bare = budget.bare
    ? await measure(consumer.dir, `budget-${index}-bare`, budget.bare.source)
    : undefined;
  bundles.push({ budget, ours, bare, over: overBudget(budget, ours, bare) });
}

printTable("browser bundles (esbuild, minified, gzip -9)", [
  ...bundles.flatMap(({ budget, ours, bare, over }) => [
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
  ]),
]);

if (!checkOnly) {
  const tsc = {
    nodenext: (await typecheckConsumer(consumer.dir, "nodenext")).ms,
    bundler: (await typecheckConsumer(consumer.dir, "bundler")).ms,
  };
  printTable("attestkit npm package", [
    { measure: "tarball packed", value: `${tarball.size} B` },
    { measure: "tarball unpacked", value: `${tarball.unpackedSize} B` },
    { measure: "tarball files", value: tarball.files.length },
    { measure: "consumer install (npm --prefer-offline)", value: `${consumer.installMs.toFixed(0)} ms` },
    { measure: "consumer tsc, nodenext", value: `${tsc.nodenext.toFixed(0)} ms (target < ${TSC_TARGET_MS})` },
    { measure: "consumer tsc, bundler", value: `${tsc.bundler.toFixed(0)} ms (target < ${TSC_TARGET_MS})` },
  ]);
  writeResults("package.json", {
    benchmark: "npm package: tarball, consumer install, consumer tsc",
    tarball: { packedBytes: tarball.size, unpackedBytes: tarball.unpackedSize, files: tarball.files.length },
    consumerInstallMs: Math.round(consumer.installMs),
    consumerTscMs: {
      nodenext: Math.round(tsc.nodenext),
      bundler: Math.round(tsc.bundler),
      targetMs: TSC_TARGET_MS,
    },
  });
  writeResults("bundle-size.json", {
    benchmark: "esbuild platform=browser bundles from the packed tarball, minified, gzip level 9",
    bundles: bundles.map(({ budget, ours, bare, over }) => ({
      import: budget.source.trim(),
      name: budget.name,
      minifiedBytes: ours.minified,
      minGzipBytes: ours.gzipped,
      ...(budget.maxBytes !== undefined ? { budgetBytes: budget.maxBytes } : {}),
      ...(bare && budget.bare
        ? {
            bareMinGzipBytes: bare.gzipped,
            ratio: Number((ours.gzipped / bare.gzipped).toFixed(3)),
            budgetRatio: budget.bare.maxRatio,
          }
        : {}),
      ...(budget.forbiddenInputs ? { forbiddenInputs: budget.forbiddenInputs.map((f) => f.fragment) } : {}),
      withinBudget: over.length === 0,
      largestInputs: ours.inputs.slice(0, LARGEST_INPUTS),
    })),
  });
  for (const [resolution, ms] of Object.entries(tsc)) {
    if (ms >= TSC_TARGET_MS)
      console.warn(`tsc (${resolution}) took ${ms.toFixed(0)} ms: over the ${TSC_TARGET_MS} ms target`);
  }
}

// The bundle budgets are the regression gate: each failure with what fills that bundle most.
const failed = bundles.filter((bundle) => bundle.over.length > 0);
for (const { budget, ours, over } of failed) {
  console.error(`\n${budget.name} (${budget.source.trim()}) is over budget:`);
  for (const line of over) console.error(`  ${line}`);
  console.error("  largest inputs (minified bytes in the bundle):");
  for (const input of ours.inputs.slice(0, LARGEST_INPUTS))
    console.error(`    ${String(input.bytes).padStart(8)}  ${input.path}`);
}
if (failed.length > 0) process.exit(1);
