/**
 * The docs ship in the package (package.json "files" holds docs/, and npm adds the README): a package
 * user reads them in node_modules/attestkit, where the repository's tests, scripts and examples do not
 * exist. So in every shipped page a relative link must reach a shipped file; a repository-only file is
 * linked by its repository URL, and such a URL must name a file or folder of this repository. The
 * package-user guides do not name a repository-only path bare either, and no page gives
 * `npm install attestkit` (a 404 until publication) as the install command without saying so.
 */
import { existsSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import type { DocProblem } from "./docs-check.ts";

/** Where the repository's own files are linked from the docs. */
export const REPOSITORY_TREE = "https://github.com/attestkit/attestkit/tree/main/";
const REPOSITORY_LINK = /^https:\/\/github\.com\/attestkit\/attestkit\/(?:tree|blob)\/main\/([^#)]*)/;
const LINK = /\]\(([^)\s]+)\)/g;
/** A path of the repository's layout written as a bare code span (not the text of a link). */
const BARE_PATH =
  /(?<!\[)`((?:src|test|scripts|bench|programs|examples|contracts|docs|ignition|abi|artifacts)\/[\w./*-]+)`(?!\]\()/g;
const REGISTRY_INSTALL = /npm (?:install|i)(?: -[-\w]+)* attestkit(?![\w@/.-])/;

/** Pages written for package users, where a bare repository-only path is reported too. */
export const PACKAGE_USER_PAGES =
  /^docs\/(guides\/[^/]+|use-from-your-project|getting-started|troubleshooting|sdk)\.md$/;

/** Whether `path` (relative to the repository root) is in the packed tarball. */
export function shippedBy(files: readonly string[]): (path: string) => boolean {
  return (path) =>
    ["package.json", "README.md", "LICENSE"].includes(path) ||
    files.some((entry) => path === entry || path.startsWith(`${entry}/`));
}

/** The "files" of this repository's package.json. */
export function packageFiles(root: string): string[] {
  return (JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as { files: string[] }).files;
}

/** Problems of one shipped page, as a package user would meet them. */
export function checkShippedPage(
  pageFile: string,
  root: string,
  shipped: (path: string) => boolean,
): DocProblem[] {
  const file = relative(root, pageFile);
  const page = readFileSync(pageFile, "utf8");
  const prose = page.replace(/```[\s\S]*?```/g, "");
  const problems: DocProblem[] = [];
  for (const [, link] of prose.matchAll(LINK)) {
    const target = link as string;
    const repository = REPOSITORY_LINK.exec(target);
    if (repository) {
      const path = decodeURIComponent(repository[1] as string).replace(/\/$/, "");
      if (!existsSync(join(root, path)))
        problems.push({ file, problem: `repository link to a missing path: ${path}` });
      continue;
    }
    if (/^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith("#")) continue;
    const path = relative(root, resolve(dirname(pageFile), target.split("#")[0] as string));
    if (existsSync(join(root, path)) && !shipped(path))
      problems.push({
        file,
        problem: `links to ${path}, which the package does not ship (link ${REPOSITORY_TREE}${path})`,
      });
  }
  if (PACKAGE_USER_PAGES.test(file)) {
    for (const [, span] of prose.matchAll(BARE_PATH)) {
      const path = (span as string).replace(/\/$/, "");
      const existing = path.includes("*") ? dirname(path) : path;
      if (existsSync(join(root, existing)) && !shipped(existing))
        problems.push({
          file,
          problem: `names ${path}, which the package does not ship (link it by its repository URL)`,
        });
    }
  }
  for (const line of page.split("\n"))
    if (REGISTRY_INSTALL.test(line) && !/publication/.test(line))
      problems.push({ file, problem: `"npm install attestkit" without "after publication": ${line.trim()}` });
  return problems;
}
