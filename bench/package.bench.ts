// The npm package as an integrator meets it: tarball size (packed, unpacked, files), install time of
// the tarball into a fresh project, `tsc --strict` time of a consumer file (root + attestkit/client,
// skipLibCheck off) under nodenext and bundler, and the min+gzip size of esbuild browser bundles: the
// whole root entry, and two everyday imports side by side with the bare viem calls they wrap. Writes
// bench/results/package.json and bench/results/bundle-size.json; exits 1 when a bundle is over its
// budget (a size regression); tsc is reported against its 3 s target.
// Run: PATH=$PWD/node_modules/.bin:$PATH node bench/package.bench.ts
import { gzipSync } from "node:zlib";
import { bundleSourceForBrowser } from "../scripts/package/browser-bundle.ts";
import { createConsumer, packTarball, repoVersion } from "../scripts/package/consumer.ts";
import { typecheckConsumer } from "../scripts/package/typecheck.ts";
import { printTable, writeResults } from "./harness.ts";

/** min+gzip budget of `export * from "attestkit"`, bytes (zod, imported as a namespace, is most of it). */
const ROOT_BUDGET = 120_000;
/** An import may cost at most this much more than the bare library calls it wraps. */
const WRAPPER_RATIO_BUDGET = 1.2;
const TSC_TARGET_MS = 3000;

/** Each import beside the bare calls it wraps: what an app pays for the wrapper's checks. */
const PAIRS = [
  {
    name: "verifyAttestation",
    ours: 'export { verifyAttestation } from "attestkit";\n',
    bare: 'export { encodeAbiParameters, keccak256, recoverMessageAddress, isAddressEqual } from "viem";\n',
  },
  {
    name: "getOrderId + verifyOrderSignature",
    ours: 'export { getOrderId, verifyOrderSignature } from "attestkit";\n',
    bare: 'export { hashStruct, recoverMessageAddress } from "viem";\nexport { base58 } from "@scure/base";\n',
  },
];

async function minGzip(
  dir: string,
  name: string,
  source: string,
): Promise<{ minified: number; gzipped: number }> {
  const bundle = await bundleSourceForBrowser(dir, name, source, { minify: true });
  const [output] = bundle.outputFiles;
  if (!output) throw new Error(`esbuild wrote no bundle for ${name}`);
  return {
    minified: output.contents.byteLength,
    gzipped: gzipSync(output.contents, { level: 9 }).byteLength,
  };
}

const tarball = await packTarball();
const consumer = await createConsumer("bench", [repoVersion("@types/node")]);
const tsc = {
  nodenext: (await typecheckConsumer(consumer.dir, "nodenext")).ms,
  bundler: (await typecheckConsumer(consumer.dir, "bundler")).ms,
};
const root = await minGzip(consumer.dir, "root", 'export * from "attestkit";\n');
const pairs = [];
for (const [index, pair] of PAIRS.entries()) {
  const ours = await minGzip(consumer.dir, `pair-${index}-ours`, pair.ours);
  const bare = await minGzip(consumer.dir, `pair-${index}-bare`, pair.bare);
  pairs.push({ name: pair.name, ours, bare, ratio: ours.gzipped / bare.gzipped });
}

printTable("attestkit npm package", [
  { measure: "tarball packed", value: `${tarball.size} B` },
  { measure: "tarball unpacked", value: `${tarball.unpackedSize} B` },
  { measure: "tarball files", value: tarball.files.length },
  { measure: "consumer install (npm --prefer-offline)", value: `${consumer.installMs.toFixed(0)} ms` },
  { measure: "consumer tsc, nodenext", value: `${tsc.nodenext.toFixed(0)} ms (target < ${TSC_TARGET_MS})` },
  { measure: "consumer tsc, bundler", value: `${tsc.bundler.toFixed(0)} ms (target < ${TSC_TARGET_MS})` },
]);
printTable("browser bundles (esbuild, minified, gzip -9)", [
  { bundle: "root entry", minified: root.minified, gzipped: root.gzipped, budget: `${ROOT_BUDGET} B` },
  ...pairs.flatMap((pair) => [
    { bundle: pair.name, minified: pair.ours.minified, gzipped: pair.ours.gzipped, budget: "" },
    {
      bundle: "  bare calls it wraps",
      minified: pair.bare.minified,
      gzipped: pair.bare.gzipped,
      budget: `ratio ${pair.ratio.toFixed(2)} (budget ${WRAPPER_RATIO_BUDGET})`,
    },
  ]),
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
  root: {
    entry: 'export * from "attestkit"',
    minifiedBytes: root.minified,
    minGzipBytes: root.gzipped,
    budgetBytes: ROOT_BUDGET,
  },
  wrappers: pairs.map((pair) => ({
    import: pair.name,
    minGzipBytes: pair.ours.gzipped,
    bareMinGzipBytes: pair.bare.gzipped,
    ratio: Number(pair.ratio.toFixed(3)),
    budgetRatio: WRAPPER_RATIO_BUDGET,
  })),
});

for (const [resolution, ms] of Object.entries(tsc)) {
  if (ms >= TSC_TARGET_MS)
    console.warn(`tsc (${resolution}) took ${ms.toFixed(0)} ms: over the ${TSC_TARGET_MS} ms target`);
}
// The bundle budgets are the regression gate.
const over = [
  ...(root.gzipped > ROOT_BUDGET ? [`root entry ${root.gzipped} B is over its budget ${ROOT_BUDGET} B`] : []),
  ...pairs
    .filter((pair) => pair.ratio > WRAPPER_RATIO_BUDGET)
    .map((pair) => `${pair.name} is ${pair.ratio.toFixed(2)}x its bare calls, over ${WRAPPER_RATIO_BUDGET}x`),
];
for (const line of over) console.error(line);
if (over.length > 0) process.exit(1);
