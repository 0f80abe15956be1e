// The package's TypeScript declarations: one .d.ts per source module under dist/types/ (declaration emit
// without a type check: `npm run typecheck` checks, this only prints the types of the exports), a .d.cts
// twin of each for CommonJS consumers, and dist/<entry>.d.ts / .d.cts re-exporting each entry's module.
// Unbundled and free of generated names, so two builds of one commit are byte-identical. Emitted by the
// native TypeScript compiler (@typescript/native-preview, `tsgo`): the same declarations as tsc's JavaScript
// compiler prints (members of a union in the order of their names) in a fifth of its time and memory.
import { execFile } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, relative } from "node:path";
import { promisify } from "node:util";
import { LIBRARY_ENTRIES } from "./entries.ts";

/** Where the per-module declarations go, under the package's dist/. */
const TYPES_DIR = "types";

/** `./x.ts` and `../y.js` import specifiers of a declaration file, up to the extension. */
const RELATIVE_SPECIFIER = /((?:from|import)\s*\(?\s*["'])(\.\.?\/[^"']*?)\.(?:ts|js)(["'])/g;

/** A declaration file's default export, as the compiler prints one. */
const DEFAULT_EXPORT = /^export default |^export \{[^}]*\bas default\b/m;

/** Points the relative imports of emitted declarations at the built files of one module format. */
export function withExtension(declaration: string, extension: "js" | "cjs"): string {
  return declaration.replace(RELATIVE_SPECIFIER, `$1$2.${extension}$3`);
}

/** The compiler's project: the repository's options, declarations only, the library entries as roots. */
function declarationsProject(repo: string, typesDir: string): object {
  return {
    extends: join(repo, "tsconfig.json"),
    compilerOptions: {
      noEmit: false,
      declaration: true,
      emitDeclarationOnly: true,
      declarationMap: false,
      noCheck: true,
      rootDir: join(repo, "src"),
      outDir: typesDir,
      typeRoots: [join(repo, "node_modules", "@types")],
      // The repository's self-import aliases would point the declarations back at src/.
      paths: {},
    },
    files: Object.values(LIBRARY_ENTRIES).map((source) => join(repo, source)),
    include: [],
  };
}

async function runCompiler(repo: string, typesDir: string): Promise<void> {
  const scratch = mkdtempSync(join(tmpdir(), "attestkit-declarations-"));
  try {
    const project = join(scratch, "tsconfig.json");
    writeFileSync(project, JSON.stringify(declarationsProject(repo, typesDir)));
    const tsgo = join(repo, "node_modules", "@typescript", "native-preview", "bin", "tsgo");
    await promisify(execFile)(process.execPath, [tsgo, "--pretty", "false", "-p", project], {
      cwd: repo,
    }).catch((error: Error & { stdout?: string; stderr?: string }) => {
      throw new Error(`declarations failed:\n${error.stdout ?? ""}${error.stderr ?? ""}`);
    });
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

function declarationFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: "utf8" })
    .filter((name) => name.endsWith(".d.ts"))
    .map((name) => join(dir, name));
}

/** Writes dist/types/**, dist/<entry>.d.ts and dist/<entry>.d.cts; throws on any declaration error. */
export async function emitDeclarations(repo: string, dist: string): Promise<void> {
  const typesDir = join(dist, TYPES_DIR);
  await runCompiler(repo, typesDir);
  for (const path of declarationFiles(typesDir)) {
    const text = readFileSync(path, "utf8");
    writeFileSync(path, withExtension(text, "js"));
    writeFileSync(path.replace(/\.d\.ts$/, ".d.cts"), withExtension(text, "cjs"));
  }

  for (const [name, source] of Object.entries(LIBRARY_ENTRIES)) {
    const module = `${TYPES_DIR}/${relative("src", source).replace(/\.ts$/, "")}`;
    const hasDefault = DEFAULT_EXPORT.test(readFileSync(join(dist, `${module}.d.ts`), "utf8"));
    for (const extension of ["js", "cjs"] as const) {
      const from = JSON.stringify(`./${module}.${extension}`);
      const reexports = [
        `export * from ${from};`,
        ...(hasDefault ? [`export { default } from ${from};`] : []),
      ];
      const entryPath = join(dist, `${name}.d.${extension === "js" ? "ts" : "cts"}`);
      mkdirSync(dirname(entryPath), { recursive: true });
      writeFileSync(entryPath, `${reexports.join("\n")}\n`);
    }
  }
}
