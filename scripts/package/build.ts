// The npm package build (`npm run build:package`, and `npm pack` through prepack): dist/ from scratch,
// the JavaScript by tsup (tsup.config.ts) beside the declarations (scripts/package/declarations.ts, kept
// by scripts/package/declaration-cache.ts while their inputs do not change). Prints only errors.
//   node scripts/package/build.ts
import { execFile } from "node:child_process";
import { rmSync } from "node:fs";
import { join } from "node:path";
import { promisify } from "node:util";
import { writeDeclarations } from "./declaration-cache.ts";
import { REPO } from "./shipped-contracts.ts";

const DIST = join(REPO, "dist");
const TSUP = join(REPO, "node_modules", "tsup", "dist", "cli-default.js");

rmSync(DIST, { recursive: true, force: true });
// tsup runs in its own process (esbuild's work is off this thread) while this one emits the declarations. Its
// young generation kept small, it collects its short-lived chunk strings early: the two builds together stay
// well under 1 GiB (bench/pack.bench.ts).
const tsupArgs = ["--max-semi-space-size=1", TSUP];
const javascript = promisify(execFile)(process.execPath, tsupArgs, { cwd: REPO }).catch(
  (error: Error & { stdout?: string; stderr?: string }) => {
    throw new Error(`tsup failed: ${error.message}\n${error.stdout ?? ""}${error.stderr ?? ""}`);
  },
);
try {
  await writeDeclarations(REPO, DIST);
} finally {
  await javascript;
}
