/**
 * Keeps the docs honest. Every code sample in a page is a file under docs/examples/, pulled into the
 * page between include markers:
 *
 *   <!-- include: examples/verify-attestation.ts -->
 *   ```ts
 *   ...the file's exact content...
 *   ```
 *   <!-- /include -->
 *
 * `node scripts/docs/docs-check.ts` rewrites every block from its file; `--check` only reports blocks
 * that differ from their file, relative links whose target does not exist, and what a package user
 * would meet in the shipped pages (package-links.ts), and exits 1 if any.
 */
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { dirname, extname, join, relative, resolve } from "node:path";
import { checkShippedPage, packageFiles, shippedBy } from "./package-links.ts";

// The fenced block is optional so that an empty include (markers only) is filled, and reported as drifted.
const INCLUDE = /<!-- include: (\S+) -->\n(?:```(\w*)\n([\s\S]*?)```\n)?<!-- \/include -->/g;
const LINK = /\]\(([^)\s]+)\)/g;
const FENCE_LANGUAGE: Record<string, string> = {
  ".ts": "ts",
  ".sol": "solidity",
  ".rs": "rust",
  ".sh": "sh",
  ".json": "json",
  ".yml": "yaml",
};

export interface DocProblem {
  file: string;
  problem: string;
}

/** Markdown files under `dir`, recursively. */
export function markdownFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return markdownFiles(path);
    return name.endsWith(".md") ? [path] : [];
  });
}

/** The page with every include block replaced by its file's current content. */
export function renderIncludes(page: string, pageFile: string): string {
  return page.replace(INCLUDE, (_block, target: string) => {
    const source = readFileSync(resolve(dirname(pageFile), target), "utf8");
    const language = FENCE_LANGUAGE[extname(target)] ?? "";
    const body = source.endsWith("\n") ? source : `${source}\n`;
    return `<!-- include: ${target} -->\n\`\`\`${language}\n${body}\`\`\`\n<!-- /include -->`;
  });
}

/** Problems of one page: missing include sources, drifted blocks, broken relative links. */
export function checkPage(pageFile: string, root: string): DocProblem[] {
  const page = readFileSync(pageFile, "utf8");
  const file = relative(root, pageFile);
  const problems: DocProblem[] = [];
  for (const [, target] of page.matchAll(INCLUDE)) {
    if (!existsSync(resolve(dirname(pageFile), target as string)))
      problems.push({ file, problem: `include source missing: ${target}` });
  }
  if (problems.length === 0 && renderIncludes(page, pageFile) !== page)
    problems.push({ file, problem: "an included sample differs from its file (run npm run docs)" });
  const withoutCode = page.replace(/```[\s\S]*?```/g, "");
  for (const [, target] of withoutCode.matchAll(LINK)) {
    const link = target as string;
    if (/^[a-z][a-z0-9+.-]*:/i.test(link) || link.startsWith("#")) continue;
    const path = link.split("#")[0] as string;
    if (!existsSync(resolve(dirname(pageFile), path)))
      problems.push({ file, problem: `broken link: ${link}` });
  }
  return problems;
}

function main(): void {
  const root = resolve(import.meta.dirname, "..", "..");
  const pages = [join(root, "README.md"), ...markdownFiles(join(root, "docs"))];
  if (process.argv.includes("--check")) {
    const shipped = shippedBy(packageFiles(root));
    const problems = pages.flatMap((page) => [
      ...checkPage(page, root),
      ...(shipped(relative(root, page)) ? checkShippedPage(page, root, shipped) : []),
    ]);
    for (const { file, problem } of problems) console.error(`${file}: ${problem}`);
    if (problems.length > 0) process.exit(1);
    console.log(`docs: ${pages.length} pages, includes and relative links OK`);
    return;
  }
  for (const page of pages) {
    const text = readFileSync(page, "utf8");
    const rendered = renderIncludes(text, page);
    if (rendered !== text) writeFileSync(page, rendered);
  }
}

if (import.meta.main) main();
