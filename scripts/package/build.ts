// The npm package build (`npm run build:package`, and `npm pack` through prepack): dist/ from scratch,
// the JavaScript by tsup (tsup.config.ts) beside the declarations (scripts/package/declarations.ts), or
// dist/ as the last build with the same inputs left it (scripts/package/build-cache.ts). Prints only errors.
//   node scripts/package/build.ts
import { execFile } from "node:child_process";
import { join } from "node:path";
import { promisify } from "node:util";
import { buildWithCache } from "./build-cache.ts";
import { emitDeclarations } from "./declarations.ts";
import { REPO } from "./shipped-contracts.ts";

const DIST = join(REPO, "dist");
const TSUP = join(REPO, "node_modules", "tsup", "dist", "cli-default.js");

await buildWithCache(REPO, DIST, async () => {
  // Both compilers run in processes of their own, side by side. tsup's young generation kept small, it
  // collects its short-lived chunk strings early: the two builds together stay under 1 GiB
  // (bench/pack.bench.ts).
  const tsupArgs = ["--max-semi-space-size=1", TSUP];
  const javascript = promisify(execFile)(process.execPath, tsupArgs, { cwd: REPO }).catch(
    (error: Error & { stdout?: string; stderr?: string }) => {
      throw new Error(`tsup failed: ${error.message}\n${error.stdout ?? ""}${error.stderr ?? ""}`);
    },
  );
  // Settled both before either failure is reported: dist/ is not cleared under a compiler still writing.
  const outcomes = await Promise.allSettled([javascript, emitDeclarations(REPO, DIST)]);
  const failure = outcomes.find((outcome) => outcome.status === "rejected");
  if (failure) throw failure.reason;
});
