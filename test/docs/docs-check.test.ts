/** The docs checker: the real docs pass; a drifted sample and a broken link are each caught. */
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { expect } from "chai";
import { checkPage, markdownFiles, renderIncludes } from "../../scripts/docs/docs-check.ts";

const ROOT = resolve(import.meta.dirname, "..", "..");

describe("docs checker", () => {
  let dir = "";
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), "attestkit-docs-"));
    await mkdir(join(dir, "examples"));
    await writeFile(join(dir, "examples", "a.ts"), "export const a = 1;\n");
    await writeFile(join(dir, "other.md"), "# other\n");
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  it("every page of docs/ and the README has its samples in sync and its relative links resolving", () => {
    const pages = [join(ROOT, "README.md"), ...markdownFiles(join(ROOT, "docs"))];
    expect(pages.length).to.be.greaterThan(4);
    expect(pages.flatMap((page) => checkPage(page, ROOT))).to.deep.equal([]);
  });

  it("a page whose included sample differs from its file is reported, and rendering fixes it", async () => {
    const page = join(dir, "page.md");
    const drifted = "<!-- include: examples/a.ts -->\n```ts\nexport const a = 2;\n```\n<!-- /include -->\n";
    await writeFile(page, drifted);
    expect(checkPage(page, dir)).to.deep.equal([
      { file: "page.md", problem: "an included sample differs from its file (run npm run docs)" },
    ]);
    const fixed = renderIncludes(drifted, page);
    expect(fixed).to.include("export const a = 1;");
    await writeFile(page, fixed);
    expect(checkPage(page, dir)).to.deep.equal([]);
  });

  it("an include with its markers only (no block) is reported as drifted, and rendering fills it", async () => {
    const page = join(dir, "page.md");
    const empty = "<!-- include: examples/a.ts -->\n<!-- /include -->\n";
    await writeFile(page, empty);
    expect(checkPage(page, dir)).to.deep.equal([
      { file: "page.md", problem: "an included sample differs from its file (run npm run docs)" },
    ]);
    expect(renderIncludes(empty, page)).to.equal(
      "<!-- include: examples/a.ts -->\n```ts\nexport const a = 1;\n```\n<!-- /include -->\n",
    );
  });

  it("reports broken relative links and missing include sources, ignores URLs, anchors and code", async () => {
    const page = join(dir, "page.md");
    await writeFile(
      page,
      [
        "[ok](other.md#x) [web](https://example.com/x) [anchor](#top) [gone](missing.md)",
        "```md\n[in code](nowhere.md)\n```",
        "<!-- include: examples/none.ts -->\n```ts\n```\n<!-- /include -->",
        "",
      ].join("\n"),
    );
    expect(checkPage(page, dir).map((p) => p.problem)).to.have.members([
      "include source missing: examples/none.ts",
      "broken link: missing.md",
    ]);
  });
});
