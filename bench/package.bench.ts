// The npm package as an integrator meets it: tarball size (packed, unpacked, files), install time of
// the tarball into a fresh project, `tsc --strict` time of a consumer file (root + attestkit/client,
// skipLibCheck off) under nodenext and bundler, and the min+gzip size of an esbuild browser bundle of
// the root entry. Writes bench/results/package.json and bench/results/bundle-size.json; exits 1 when
// the bundle is over its budget (a size regression); tsc is reported against its 3 s target.
// Run: PATH=$PWD/node_modules/.bin:$PATH node bench/package.bench.ts
import { gzipSync } from "node:zlib";
import { bundleForBrowser } from "../scripts/package/browser-bundle.ts";
import { createConsumer, packTarball, repoVersion } from "../scripts/package/consumer.ts";
import { typecheckConsumer } from "../scripts/package/typecheck.ts";
import { printTable, writeResults } from "./harness.ts";

/**
 * min+gzip budget of the root entry's browser bundle, bytes: measured 180,507 B with the protocol-order
 * library at the root (order hashing, the eight VMs' address encodings and js-sha3, which alone is
 * 5.8 KB and carries getOrderId past 10,000 orders/s), plus 5%. zod is 63% of the minified bundle.
 */
const BUNDLE_BUDGET = 189_500;
const TSC_TARGET_MS = 3000;

const tarball = await packTarball();
const consumer = await createConsumer("bench", [repoVersion("@types/node")]);
const tsc = {
  nodenext: (await typecheckConsumer(consumer.dir, "nodenext")).ms,
  bundler: (await typecheckConsumer(consumer.dir, "bundler")).ms,
};
const bundle = await bundleForBrowser(consumer.dir, "attestkit", { minify: true });
const [output] = bundle.outputFiles;
if (!output) throw new Error("esbuild wrote no bundle");
const minified = output.contents.byteLength;
const gzipped = gzipSync(output.contents, { level: 9 }).byteLength;

printTable("attestkit npm package", [
  { measure: "tarball packed", value: `${tarball.size} B` },
  { measure: "tarball unpacked", value: `${tarball.unpackedSize} B` },
  { measure: "tarball files", value: tarball.files.length },
  { measure: "consumer install (npm --prefer-offline)", value: `${consumer.installMs.toFixed(0)} ms` },
  { measure: "consumer tsc, nodenext", value: `${tsc.nodenext.toFixed(0)} ms (target < ${TSC_TARGET_MS})` },
  { measure: "consumer tsc, bundler", value: `${tsc.bundler.toFixed(0)} ms (target < ${TSC_TARGET_MS})` },
  { measure: "browser bundle of the root, minified", value: `${minified} B` },
  { measure: "browser bundle of the root, min+gzip", value: `${gzipped} B (budget ${BUNDLE_BUDGET})` },
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
  benchmark: 'esbuild platform=browser bundle of `export * from "attestkit"`, minified, gzip level 9',
  minifiedBytes: minified,
  minGzipBytes: gzipped,
  budgetBytes: BUNDLE_BUDGET,
});

for (const [resolution, ms] of Object.entries(tsc)) {
  if (ms >= TSC_TARGET_MS)
    console.warn(`tsc (${resolution}) took ${ms.toFixed(0)} ms: over the ${TSC_TARGET_MS} ms target`);
}
// The bundle budget is the regression gate.
if (gzipped > BUNDLE_BUDGET) {
  console.error(`bundle ${gzipped} B is over its budget ${BUNDLE_BUDGET} B`);
  process.exit(1);
}
