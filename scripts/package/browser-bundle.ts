// An esbuild `platform: "browser"` bundle of one module in a consumer project, as a consumer's frontend
// build makes it. Used by the package suite (what goes in) and the package benchmark (how big it is).
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { build } from "esbuild";

/** Bundles the module `source`, written as `entry-<name>.js` in the consumer project `dir`. */
export function bundleSourceForBrowser(dir: string, name: string, source: string, { minify = false } = {}) {
  const entry = join(dir, `entry-${name}.js`);
  writeFileSync(entry, source);
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

/** Bundles `export * from "<specifier>"` from the consumer project `dir`; rejects on failure. */
export function bundleForBrowser(dir: string, specifier: string, options: { minify?: boolean } = {}) {
  return bundleSourceForBrowser(
    dir,
    specifier.replaceAll("/", "-"),
    `export * from "${specifier}";\n`,
    options,
  );
}
