/**
 * The shipped docs never send a package user to a file the tarball lacks: relative links reach shipped
 * files, repository-only files are linked by a repository URL that exists, the package-user guides name
 * no repository-only path bare, and no install command is the registry's without saying it works only
 * after publication.
 */
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, relative, resolve } from "node:path";
import { expect } from "chai";
import { markdownFiles } from "../../scripts/docs/docs-check.ts";
import { checkShippedPage, packageFiles, shippedBy } from "../../scripts/docs/package-links.ts";

const ROOT = resolve(import.meta.dirname, "..", "..");

describe("docs: what a package user reads", () => {
  it("every shipped page (README, SECURITY, docs/) links only to shipped files or to existing repository paths", () => {
    const shipped = shippedBy(packageFiles(ROOT));
    const pages = [join(ROOT, "README.md"), join(ROOT, "SECURITY.md"), ...markdownFiles(join(ROOT, "docs"))];
    expect(pages.every((page) => shipped(relative(ROOT, page)))).to.equal(true);
    expect(pages.flatMap((page) => checkShippedPage(page, ROOT, shipped))).to.deep.equal([]);
  });

  it("reports a link to a repository-only file, a missing repository path, a bare path and a registry install", async () => {
    const root = await mkdtemp(join(tmpdir(), "attestkit-links-"));
    try {
      await mkdir(join(root, "docs", "guides"), { recursive: true });
      await mkdir(join(root, "test"), { recursive: true });
      await writeFile(join(root, "test", "only-here.ts"), "");
      await writeFile(join(root, "docs", "shipped.md"), "");
      const page = join(root, "docs", "guides", "page.md");
      await writeFile(
        page,
        [
          "[ok](../shipped.md) [repo](https://github.com/attestkit/attestkit/tree/main/test/only-here.ts)",
          "[gone](https://github.com/attestkit/attestkit/blob/main/test/none.ts) [local](../../test/only-here.ts)",
          "see `test/only-here.ts`, or [`test/only-here.ts`](https://github.com/attestkit/attestkit/tree/main/test/only-here.ts)",
          "npm install attestkit",
          "npm install attestkit   # after publication",
          "",
        ].join("\n"),
      );
      const problems = checkShippedPage(page, root, shippedBy(["docs"])).map((p) => p.problem);
      expect(problems).to.deep.equal([
        "repository link to a missing path: test/none.ts",
        "links to test/only-here.ts, which the package does not ship (link https://github.com/attestkit/attestkit/tree/main/test/only-here.ts)",
        "names test/only-here.ts, which the package does not ship (link it by its repository URL)",
        '"npm install attestkit" without "after publication": npm install attestkit',
      ]);
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  });
});
