// The package.json shipped in the tarball: the repository's own without what only the repository
// uses (its scripts, among them `prepare`, whose file is not shipped; devDependencies; overrides), and its
// subpath imports (`#keccak`) pointed from the sources at the built files of the same name in dist/.
// `prepack` writes it and keeps the original aside; `postpack` puts the original back (a pack that
// failed in between is repaired by the next `--pack`).
//   node scripts/package/manifest.ts --pack | --restore
import { existsSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

const MANIFEST = fileURLToPath(new URL("../../package.json", import.meta.url));
const ASIDE = `${MANIFEST}.repository`;
const REPOSITORY_ONLY = ["scripts", "devDependencies", "overrides"];

type ImportTarget = string | { [condition: string]: ImportTarget };

/**
 * `./src/orders/keccak-node.ts` → the ESM and CommonJS builds of that entry (scripts/package/entries.ts
 * names it alike).
 */
function shippedTarget(target: ImportTarget): ImportTarget {
  if (typeof target !== "string") {
    return Object.fromEntries(Object.entries(target).map(([key, value]) => [key, shippedTarget(value)]));
  }
  const name = /^\.\/src\/.*\/([^/]+)\.ts$/.exec(target)?.[1];
  if (!name) throw new Error(`package.json "imports" target ${target} is not a source file`);
  return { import: `./dist/${name}.js`, require: `./dist/${name}.cjs` };
}

function restore(): void {
  if (existsSync(ASIDE)) renameSync(ASIDE, MANIFEST);
}

const mode = process.argv[2];
if (mode === "--restore") restore();
else if (mode === "--pack") {
  restore();
  const source = readFileSync(MANIFEST, "utf8");
  const shipped = JSON.parse(source) as Record<string, unknown>;
  for (const key of REPOSITORY_ONLY) delete shipped[key];
  if (shipped.imports) shipped.imports = shippedTarget(shipped.imports as ImportTarget);
  writeFileSync(ASIDE, source);
  writeFileSync(MANIFEST, `${JSON.stringify(shipped, null, 2)}\n`);
} else {
  console.error("usage: node scripts/package/manifest.ts --pack | --restore");
  process.exit(2);
}
