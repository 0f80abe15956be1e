// The package's TypeScript declarations: one .d.ts per source module under dist/types/ (tsc's declaration
// emit without a type check: `npm run typecheck` checks, this only prints the types of the exports), a
// .d.cts twin of each for CommonJS consumers, and dist/<entry>.d.ts / .d.cts re-exporting each entry's
// module. Unbundled and free of generated names, so two builds of one commit are byte-identical, and a
// fraction of the time and memory of bundling the declarations.
import { mkdirSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join, relative } from "node:path";
import type { CompilerOptions } from "typescript";
import { LIBRARY_ENTRIES } from "./entries.ts";

// Required, not imported: Node's ESM loader would first scan all 9 MB of typescript.js for its module
// format and its CommonJS export names (about 0.5 s of CPU).
const ts: typeof import("typescript") = createRequire(import.meta.url)("typescript");

/** Where the per-module declarations go, under the package's dist/. */
const TYPES_DIR = "types";

/** `./x.ts` and `../y.js` import specifiers of a declaration file, up to the extension. */
const RELATIVE_SPECIFIER = /((?:from|import)\s*\(?\s*["'])(\.\.?\/[^"']*?)\.(?:ts|js)(["'])/g;

/** Points the relative imports of emitted declarations at the built files of one module format. */
export function withExtension(declaration: string, extension: "js" | "cjs"): string {
  return declaration.replace(RELATIVE_SPECIFIER, `$1$2.${extension}$3`);
}

function compilerOptions(repo: string, typesDir: string): CompilerOptions {
  const configPath = join(repo, "tsconfig.json");
  const { config, error } = ts.readConfigFile(configPath, ts.sys.readFile);
  if (error) throw new Error(ts.flattenDiagnosticMessageText(error.messageText, "\n"));
  const { options } = ts.parseJsonConfigFileContent(config, ts.sys, repo, undefined, configPath);
  return {
    ...options,
    noEmit: false,
    declaration: true,
    emitDeclarationOnly: true,
    declarationMap: false,
    noCheck: true,
    rootDir: join(repo, "src"),
    outDir: typesDir,
    // The repository's self-import aliases would point the declarations back at src/.
    paths: undefined,
  };
}

/** Writes dist/types/**, dist/<entry>.d.ts and dist/<entry>.d.cts; throws on any declaration error. */
export function emitDeclarations(repo: string, dist: string): void {
  const typesDir = join(dist, TYPES_DIR);
  const rootNames = Object.values(LIBRARY_ENTRIES).map((source) => join(repo, source));
  const program = ts.createProgram({ rootNames, options: compilerOptions(repo, typesDir) });
  const write = (path: string, text: string) => {
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, text);
  };
  const { diagnostics } = program.emit(undefined, (path, text) => {
    if (!path.endsWith(".d.ts")) throw new Error(`declaration emit wrote ${path}`);
    write(path, withExtension(text, "js"));
    write(path.replace(/\.d\.ts$/, ".d.cts"), withExtension(text, "cjs"));
  });
  if (diagnostics.length > 0) {
    const host = {
      getCanonicalFileName: (name: string) => name,
      getCurrentDirectory: () => repo,
      getNewLine: () => "\n",
    };
    throw new Error(`declarations failed:\n${ts.formatDiagnostics(diagnostics, host)}`);
  }

  const checker = program.getTypeChecker();
  for (const [name, source] of Object.entries(LIBRARY_ENTRIES)) {
    const file = program.getSourceFile(join(repo, source));
    const module = file && checker.getSymbolAtLocation(file);
    if (!module) throw new Error(`no module for the entry ${source}`);
    const hasDefault = checker.getExportsOfModule(module).some((symbol) => symbol.escapedName === "default");
    const target = `./${TYPES_DIR}/${relative("src", source).replace(/\.ts$/, "")}`;
    for (const extension of ["js", "cjs"] as const) {
      const from = JSON.stringify(`${target}.${extension}`);
      const reexports = [
        `export * from ${from};`,
        ...(hasDefault ? [`export { default } from ${from};`] : []),
      ];
      write(join(dist, `${name}.d.${extension === "js" ? "ts" : "cts"}`), `${reexports.join("\n")}\n`);
    }
  }
}
