// The package build's cache (scripts/package/build-cache.ts) on a small repository of its own, with a build
// that stands in for tsup and tsc: each source's text into dist/<name>.js. A build of unchanged inputs gets
// the last build's dist/ byte for byte and runs no build; any input that steers the build runs it again; a
// build that fails, or a file a build no longer writes, leaves nothing of it behind.
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, join } from "node:path";
import { expect } from "chai";
import { buildWithCache } from "../../scripts/package/build-cache.ts";

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

describe("package: build cache", () => {
  let repo: string;
  let dist: string;
  let builds: number;
  /** Stands in for tsup and tsc: each src/*.ts into dist/<name>.js, and a types/ folder. */
  const build = async () => {
    builds++;
    mkdirSync(join(dist, "types"), { recursive: true });
    for (const name of readdirSync(join(repo, "src")))
      writeFileSync(join(dist, `${basename(name, ".ts")}.js`), readFileSync(join(repo, "src", name)));
    writeFileSync(join(dist, "types", "index.d.ts"), "export {};\n");
  };
  const pack = async (withBuild = build) => {
    const how = await buildWithCache(repo, dist, withBuild);
    return { how, files: contents(dist) };
  };

  beforeEach(() => {
    repo = mkdtempSync(join(tmpdir(), "attestkit-build-cache-"));
    dist = join(repo, "dist");
    mkdirSync(join(repo, "src"));
    writeFileSync(join(repo, "src", "a.ts"), "export const a = 1;");
    writeFileSync(join(repo, "src", "b.ts"), "export const b = 2;");
    for (const file of ["tsconfig.json", "package.json", "package-lock.json", "tsup.config.ts"])
      writeFileSync(join(repo, file), "{}");
    builds = 0;
  });
  afterEach(() => rmSync(repo, { recursive: true, force: true }));

  it("a build of unchanged inputs copies the last build's dist/ byte for byte and builds nothing", async () => {
    const first = await pack();
    writeFileSync(join(dist, "stale.js"), "left by hand");
    const second = await pack();
    expect([first.how, second.how]).to.deep.equal(["built", "cached"]);
    expect(builds).to.equal(1);
    expect(Object.keys(second.files)).to.deep.equal(["a.js", "b.js", "types/index.d.ts"]);
    expect(second.files).to.deep.equal(first.files);
  });

  for (const input of ["src/b.ts", "tsconfig.json", "package.json", "package-lock.json", "tsup.config.ts"]) {
    it(`a changed ${input} builds again`, async () => {
      await pack();
      writeFileSync(join(repo, input), `${readFileSync(join(repo, input), "utf8")} `);
      const after = await pack();
      expect(after.how).to.equal("built");
      expect(builds).to.equal(2);
    });
  }

  it("a build that throws part-way leaves no cache: the next build builds", async () => {
    const failing = async () => {
      await build();
      throw new Error("declarations failed: TS2322");
    };
    let failure: unknown;
    await pack(failing).catch((error: unknown) => {
      failure = error;
    });
    expect((failure as Error).message).to.equal("declarations failed: TS2322");
    const next = await pack();
    expect(next.how).to.equal("built");
    expect(builds).to.equal(2);
  });

  it("a file the last build no longer wrote is not copied from the cache", async () => {
    await pack();
    rmSync(join(repo, "src", "b.ts"));
    await pack();
    const cached = await pack();
    expect(cached.how).to.equal("cached");
    expect(Object.keys(cached.files)).to.deep.equal(["a.js", "types/index.d.ts"]);
  });
});
