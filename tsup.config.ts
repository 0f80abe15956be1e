// The JavaScript of the npm package build (scripts/package/build.ts, which empties dist/ first and writes
// the declarations itself): ESM + CommonJS + source maps in dist/. The repository's own tests, demo and
// scripts run the .ts sources directly.
import { defineConfig } from "tsup";
import { CLI_ENTRY, LIBRARY_ENTRIES } from "./scripts/package/entries.ts";

const common = {
  outDir: "dist",
  target: "node20",
  platform: "node",
  sourcemap: true,
  splitting: true,
  treeshake: false,
  // import.meta.url in the CommonJS build (packageFile finds the package root from it).
  shims: true,
  // Keep the node: prefix (node:sqlite has no other name).
  removeNodeProtocol: false,
  // Left for the consumer's resolver, not inlined (esbuild would pick the build's own platform, node).
  external: ["#keccak"],
  // `npm pack` (prepack) prints only errors: not every entry, chunk size and bundler note.
  silent: true,
} as const;

export default defineConfig([
  { ...common, entry: LIBRARY_ENTRIES, format: ["esm", "cjs"] },
  // The command line is ESM only (top-level await) and has no types.
  { ...common, entry: CLI_ENTRY, format: ["esm"] },
]);
