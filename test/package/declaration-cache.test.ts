// The package build's declaration cache (scripts/package/declaration-cache.ts) on a small repository of
// its own, with an emit that stands in for tsc's: each source's text into types/<name>.d.ts. A pack of
// unchanged sources gets the last emit's files byte for byte and runs no emit; any input that steers the
// emit runs it again; an emit that fails or no longer writes a file leaves nothing of it in the cache.
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, join } from "node:path";
import { expect } from "chai";
import { type DeclarationEmit, writeDeclarations } from "../../scripts/package/declaration-cache.ts";

/** Every file under `dir` with its text, by path relative to `dir`. */
function contents(dir: string): Record<string, string> {
  return Object.fromEntries(
    readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry): [string, string] => {
        const path = join(entry.parentPath, entry.name);
        return [path.slice(dir.length + 1), readFileSync(path, "utf8")];
      })
      .sort(([a], [b]) => (a < b ? -1 : 1)),
  );
}

describe("package: declaration cache", () => {
  let root: string;
  let repo: string;
  let emits: number;
  let builds: number;
  /** Stands in for tsc: each src/*.ts into types/<name>.d.ts, and an entry file re-exporting them. */
  const emit: DeclarationEmit = (sourceRepo, dist) => {
    emits++;
    const written: string[] = [];
    for (const name of readdirSync(join(sourceRepo, "src")).sort()) {
      const file = join("types", `${basename(name, ".ts")}.d.ts`);
      mkdirSync(join(dist, "types"), { recursive: true });
      writeFileSync(join(dist, file), `// ${readFileSync(join(sourceRepo, "src", name), "utf8")}\n`);
      written.push(file);
    }
    writeFileSync(join(dist, "index.d.ts"), 'export * from "./types/a.js";\n');
    return [...written, "index.d.ts"];
  };
  const build = async (withEmit: DeclarationEmit = emit) => {
    const dist = join(root, `dist-${++builds}`);
    mkdirSync(dist);
    const how = await writeDeclarations(repo, dist, withEmit);
    return { how, files: contents(dist) };
  };

  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), "attestkit-declaration-cache-"));
    repo = join(root, "repo");
    mkdirSync(join(repo, "src"), { recursive: true });
    writeFileSync(join(repo, "src", "a.ts"), "export const a = 1;");
    writeFileSync(join(repo, "src", "b.ts"), "export const b = 2;");
    writeFileSync(join(repo, "tsconfig.json"), "{}");
    writeFileSync(join(repo, "package.json"), '{ "type": "module" }');
    writeFileSync(join(repo, "package-lock.json"), "{}");
    emits = 0;
    builds = 0;
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it("a build of unchanged inputs copies the last emit's files byte for byte and emits nothing", async () => {
    const first = await build();
    const second = await build();
    expect(first.how).to.equal("emitted");
    expect(second.how).to.equal("cached");
    expect(emits).to.equal(1);
    expect(Object.keys(second.files)).to.deep.equal(["index.d.ts", "types/a.d.ts", "types/b.d.ts"]);
    expect(second.files).to.deep.equal(first.files);
  });

  for (const input of ["src/b.ts", "tsconfig.json", "package.json", "package-lock.json"]) {
    it(`a changed ${input} emits again`, async () => {
      await build();
      writeFileSync(join(repo, input), `${readFileSync(join(repo, input), "utf8")} `);
      const after = await build();
      expect(after.how).to.equal("emitted");
      expect(emits).to.equal(2);
    });
  }

  it("an emit that throws part-way leaves no cache: the next build emits", async () => {
    const failing: DeclarationEmit = (sourceRepo, dist) => {
      emit(sourceRepo, dist);
      throw new Error("declarations failed: TS2322");
    };
    let failure: unknown;
    await build(failing).catch((error: unknown) => {
      failure = error;
    });
    expect((failure as Error).message).to.equal("declarations failed: TS2322");
    const next = await build();
    expect(next.how).to.equal("emitted");
    expect(emits).to.equal(2);
  });

  it("a file the last emit no longer wrote is not copied from the cache", async () => {
    await build();
    rmSync(join(repo, "src", "b.ts"));
    await build();
    const cached = await build();
    expect(cached.how).to.equal("cached");
    expect(Object.keys(cached.files)).to.deep.equal(["index.d.ts", "types/a.d.ts"]);
  });
});
