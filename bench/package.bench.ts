// The npm package as an integrator meets it: tarball size (packed, unpacked, files), install time of
// the tarball into a fresh project, `tsc --strict` time of a consumer file (root + attestkit/client,
// skipLibCheck off) under nodenext and bundler, and the min+gzip size of esbuild browser bundles of the
// imports in bench/bundle-budgets.ts, each held to its budget (bytes, a ratio to the bare library calls it
// wraps, inputs it must not bundle). Writes bench/results/package.json and bench/results/bundle-size.json;
// exits 1 when a bundle is over its budget (a size regression), listing that bundle's largest inputs; tsc
// is reported against its 3 s target.
//   --check: the bundle budgets alone (pack, install, bundle; no tsc, no results written), for CI;
//     with --consumer <dir>, in a project that already has the tarball installed (no pack, no install);
//     with --budgets <file.json>, held to the budgets of that file instead of bench/bundle-budgets.ts.
// Run: PATH=$PWD/node_modules/.bin:$PATH node bench/package.bench.ts [--check [--consumer D] [--budgets F]]
import { readFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { createConsumer, packTarball, repoVersion } from "../scripts/package/consumer.ts";
import { typecheckConsumer } from "../scripts/package/typecheck.ts";
import { BUNDLE_BUDGETS, type BundleBudget } from "./bundle-budgets.ts";
import { budgetRows, failureReport, LARGEST_INPUTS, measureBudgets } from "./bundle-size.ts";
import { printTable, writeResults } from "./harness.ts";

const TSC_TARGET_MS = 3000;
const { values: options } = parseArgs({
  options: { check: { type: "boolean" }, consumer: { type: "string" }, budgets: { type: "string" } },
});
const checkOnly = options.check === true;
if (!checkOnly && (options.consumer !== undefined || options.budgets !== undefined)) {
  throw new Error("--consumer and --budgets go with --check (the full benchmark packs and installs itself)");
}
const budgets: readonly BundleBudget[] =
  options.budgets === undefined ? BUNDLE_BUDGETS : JSON.parse(readFileSync(options.budgets, "utf8"));

const consumer =
  options.consumer === undefined
    ? await createConsumer("bench", checkOnly ? [] : [repoVersion("@types/node")])
    : { dir: options.consumer, installMs: Number.NaN };
const bundles = await measureBudgets(consumer.dir, budgets);
printTable("browser bundles (esbuild, minified, gzip -9)", budgetRows(bundles));

if (!checkOnly) {
  const tarball = await packTarball();
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
const failures = failureReport(bundles);
if (failures !== "") {
  console.error(`\n${failures}`);
  process.exit(1);
}
