/**
 * Solidity reference: docs/reference/contracts.md rendered from the NatSpec of contracts/ (the
 * mocks excepted). The sources come from Hardhat's build info; solc (the same solc-js build that
 * compiles them) is asked for userdoc and devdoc only, which needs analysis, not code generation.
 * Run after `hardhat build`. `--check` fails when the committed page differs from a fresh render.
 */
import { existsSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join, resolve } from "node:path";
import { writeOrCheckPage } from "./generated-page.ts";

const ROOT = resolve(import.meta.dirname, "..", "..");
const BUILD_INFO = join(ROOT, "artifacts", "build-info");
const PAGE = join(ROOT, "docs", "reference", "contracts.md");
const DOCUMENTED = /^project\/contracts\/[^/]+\.sol$/;

interface Doc {
  notice?: string;
  details?: string;
  title?: string;
  params?: Record<string, string>;
  returns?: Record<string, string>;
}
interface NatSpec {
  userdoc: Doc & {
    methods?: Record<string, Doc>;
    events?: Record<string, Doc[]>;
    errors?: Record<string, Doc[]>;
  };
  devdoc: Doc & {
    methods?: Record<string, Doc>;
    events?: Record<string, Doc>;
    errors?: Record<string, Doc[]>;
  };
}
interface SolcInput {
  language: string;
  sources: Record<string, { content: string }>;
  settings: Record<string, unknown>;
}

/** The build info of the current build: the one the AttestedReceiver artifact names (older ones may linger). */
function projectInput(): SolcInput {
  const artifact = join(ROOT, "artifacts", "contracts", "AttestedReceiver.sol", "AttestedReceiver.json");
  if (!existsSync(artifact)) throw new Error("no build info for contracts/: run `npx hardhat build` first");
  const { buildInfoId } = JSON.parse(readFileSync(artifact, "utf8")) as { buildInfoId: string };
  const info = JSON.parse(readFileSync(join(BUILD_INFO, `${buildInfoId}.json`), "utf8")) as {
    input: SolcInput;
  };
  if (!Object.keys(info.input.sources).some((source) => DOCUMENTED.test(source)))
    throw new Error(`build info ${buildInfoId} holds no source of contracts/`);
  return info.input;
}

/** NatSpec of every documented contract, by `source:Contract`. */
export function natspec(): Map<string, NatSpec> {
  const solc = createRequire(import.meta.url)("solc") as { compile(input: string): string };
  const input = projectInput();
  const request = {
    language: input.language,
    sources: input.sources,
    settings: {
      remappings: input.settings.remappings ?? [],
      outputSelection: { "*": { "*": ["userdoc", "devdoc"] } },
    },
  };
  const output = JSON.parse(solc.compile(JSON.stringify(request))) as {
    errors?: { severity: string; formattedMessage: string }[];
    contracts: Record<string, Record<string, NatSpec>>;
  };
  const errors = (output.errors ?? []).filter((e) => e.severity === "error");
  if (errors.length > 0) throw new Error(errors.map((e) => e.formattedMessage).join("\n"));
  const docs = new Map<string, NatSpec>();
  for (const [source, contracts] of Object.entries(output.contracts)) {
    if (!DOCUMENTED.test(source)) continue;
    for (const [name, doc] of Object.entries(contracts))
      docs.set(`${source.replace("project/", "")}:${name}`, doc);
  }
  return docs;
}

const text = (...parts: (string | undefined)[]) =>
  parts.filter(Boolean).join(" ").replaceAll("\n", " ").trim();

function members(
  lines: string[],
  title: string,
  user: Record<string, Doc | Doc[]> | undefined,
  dev: Record<string, Doc | Doc[]> | undefined,
) {
  const first = (doc: Doc | Doc[] | undefined): Doc | undefined => (Array.isArray(doc) ? doc[0] : doc);
  const names = [...new Set([...Object.keys(user ?? {}), ...Object.keys(dev ?? {})])].sort();
  if (names.length === 0) return;
  lines.push(`### ${title}`, "");
  for (const name of names) {
    const u = first(user?.[name]);
    const d = first(dev?.[name]);
    lines.push(`- \`${name}\`: ${text(u?.notice, d?.details)}`);
    for (const [param, description] of Object.entries(d?.params ?? {}))
      lines.push(`  - \`${param}\`: ${text(description)}`);
    for (const [ret, description] of Object.entries(d?.returns ?? {}))
      lines.push(`  - returns \`${ret}\`: ${text(description)}`);
  }
  lines.push("");
}

export function renderContractsReference(docs: Map<string, NatSpec>): string {
  const lines = [
    "# Solidity reference",
    "",
    "Generated from the NatSpec comments of `contracts/` (`npm run docs:reference`).",
    "",
  ];
  for (const [id, { userdoc, devdoc }] of [...docs].sort(([a], [b]) => a.localeCompare(b))) {
    const [source, name] = id.split(":");
    lines.push(`## ${name}`, "", `Source: \`${source}\``, "");
    const summary = text(devdoc.title, userdoc.notice, devdoc.details);
    if (summary) lines.push(summary, "");
    members(lines, "Functions", userdoc.methods, devdoc.methods);
    members(lines, "Events", userdoc.events, devdoc.events);
    members(lines, "Errors", userdoc.errors, devdoc.errors);
  }
  return lines.join("\n");
}

if (import.meta.main) writeOrCheckPage(PAGE, renderContractsReference(natspec()));
