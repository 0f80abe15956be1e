// An esbuild `platform: "browser"` bundle of one attestkit entry, as a consumer's frontend build
// makes it. Used by the package suite (what goes in) and the package benchmark (how big it is).
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { build } from "esbuild";

/** Bundles `export * from "<specifier>"` from the consumer project `dir`; rejects on failure. */
export function bundleForBrowser(dir: string, specifier: string, { minify = false } = {}) {
  const entry = join(dir, `entry-${specifier.replaceAll("/", "-")}.js`);
  writeFileSync(entry, `export * from "${specifier}";\n`);
  return build({
    entryPoints: [entry],
    absWorkingDir: dir,
    bundle: true,
    platform: "browser",
    format: "esm",
    minify,
    write: false,
    metafile: true,
    logLevel: "silent",
  });
}
