/**
 * Solidity reference: docs/reference/contracts.md rendered from the NatSpec of contracts/ (the
 * mocks excepted). The sources come from Hardhat's build info; solc (the same solc-js build that
 * compiles them) is asked for userdoc, devdoc and the AST only, which needs analysis, not code
 * generation. solc's userdoc and devdoc leave out internal functions, so a library's functions
 * (what an integrator calls from its own contract) are read from the AST with their NatSpec.
 * Run after `hardhat build`. `--check` fails when the committed page differs from a fresh render.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
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
/** The parts of a solc AST node this page reads. */
interface AstNode {
  nodeType: string;
  name?: string;
  kind?: string;
  contractKind?: string;
  visibility?: string;
  stateMutability?: string;
  typeDescriptions?: { typeString?: string };
  storageLocation?: string;
  documentation?: { text?: string } | null;
  parameters?: { parameters: AstNode[] };
  returnParameters?: { parameters: AstNode[] };
  nodes?: AstNode[];
}
/** A library function: its Solidity signature and its NatSpec. */
interface LibraryFunction {
  signature: string;
  doc: Doc;
}
interface SolcInput {
  language: string;
  sources: Record<string, { content: string }>;
  settings: Record<string, unknown>;
}

/**
 * The inputs of the current build: Hardhat may compile contracts/ in several jobs (a first run builds
 * only the shipped contracts, a later one the rest), each with its own build info and its own source
 * names, so every build info that an artifact of contracts/ names is read (older ones may linger and
 * are not read).
 */
function projectInputs(): SolcInput[] {
  const artifacts = join(ROOT, "artifacts", "contracts");
  if (!existsSync(artifacts)) throw new Error("no build info for contracts/: run `npx hardhat build` first");
  const buildInfoIds = new Set<string>();
  for (const folder of readdirSync(artifacts).filter((name) => name.endsWith(".sol")))
    for (const file of readdirSync(join(artifacts, folder)).filter((name) => /^[^.]+\.json$/.test(name)))
      buildInfoIds.add(
        (JSON.parse(readFileSync(join(artifacts, folder, file), "utf8")) as { buildInfoId: string })
          .buildInfoId,
      );
  const inputs = [...buildInfoIds]
    .sort()
    .map(
      (id) =>
        (JSON.parse(readFileSync(join(BUILD_INFO, `${id}.json`), "utf8")) as { input: SolcInput }).input,
    );
  if (!inputs.some((input) => Object.keys(input.sources).some((source) => DOCUMENTED.test(source))))
    throw new Error("the build infos hold no source of contracts/: run `npx hardhat build` first");
  return inputs;
}

/** NatSpec of every documented contract, by `source:Contract`, with the functions of libraries. */
export function natspec(): Map<string, NatSpec & { libraryFunctions?: LibraryFunction[] }> {
  const docs = new Map<string, NatSpec & { libraryFunctions?: LibraryFunction[] }>();
  for (const input of projectInputs()) for (const [key, doc] of natspecOf(input)) docs.set(key, doc);
  return docs;
}

function natspecOf(input: SolcInput): Map<string, NatSpec & { libraryFunctions?: LibraryFunction[] }> {
  const solc = createRequire(import.meta.url)("solc") as { compile(input: string): string };
  const request = {
    language: input.language,
    sources: input.sources,
    settings: {
      remappings: input.settings.remappings ?? [],
      outputSelection: { "*": { "*": ["userdoc", "devdoc"], "": ["ast"] } },
    },
  };
  const output = JSON.parse(solc.compile(JSON.stringify(request))) as {
    errors?: { severity: string; formattedMessage: string }[];
    contracts: Record<string, Record<string, NatSpec>>;
    sources: Record<string, { ast: AstNode }>;
  };
  const errors = (output.errors ?? []).filter((e) => e.severity === "error");
  if (errors.length > 0) throw new Error(errors.map((e) => e.formattedMessage).join("\n"));
  const docs = new Map<string, NatSpec & { libraryFunctions?: LibraryFunction[] }>();
  for (const [source, contracts] of Object.entries(output.contracts)) {
    if (!DOCUMENTED.test(source)) continue;
    const libraries = new Map(
      (output.sources[source]?.ast.nodes ?? [])
        .filter((node) => node.nodeType === "ContractDefinition" && node.contractKind === "library")
        .map((node) => [node.name, libraryFunctions(node)]),
    );
    for (const [name, doc] of Object.entries(contracts)) {
      const functions = libraries.get(name);
      docs.set(
        `${source.replace("project/", "")}:${name}`,
        functions ? { ...doc, libraryFunctions: functions } : doc,
      );
    }
  }
  return docs;
}

const parameterList = (parameters: AstNode[] | undefined) =>
  (parameters ?? [])
    .map((p) => {
      const type = (p.typeDescriptions?.typeString ?? "").replace(/^struct /, "");
      const location = p.storageLocation && p.storageLocation !== "default" ? ` ${p.storageLocation}` : "";
      return `${type}${location}${p.name ? ` ${p.name}` : ""}`;
    })
    .join(", ");

/** NatSpec tags of one doc comment: untagged text is the notice, as solc reads it. */
function parseNatspec(comment: string | undefined): Doc {
  const doc: Doc = {};
  let tag = "notice";
  let param = "";
  for (const line of (comment ?? "").split("\n")) {
    const tagged = /^@(\w+)\s*(.*)$/.exec(line.trim());
    let body = line.trim();
    if (tagged) {
      tag = tagged[1] as string;
      body = tagged[2] as string;
      if (tag === "param" || tag === "return") {
        const [first, ...rest] = body.split(/\s+/);
        param = tag === "param" ? (first ?? "") : String(Object.keys(doc.returns ?? {}).length);
        body = tag === "param" ? rest.join(" ") : body;
      }
    }
    const append = (previous: string | undefined) => (previous ? `${previous} ${body}` : body);
    if (tag === "notice") doc.notice = append(doc.notice);
    else if (tag === "dev") doc.details = append(doc.details);
    else if (tag === "param") doc.params = { ...doc.params, [param]: append(doc.params?.[param]) };
    else if (tag === "return") doc.returns = { ...doc.returns, [param]: append(doc.returns?.[param]) };
  }
  return doc;
}

/** Every function of a library with its signature, in source order. */
function libraryFunctions(library: AstNode): LibraryFunction[] {
  return (library.nodes ?? [])
    .filter((node) => node.nodeType === "FunctionDefinition" && node.kind === "function")
    .map((node) => {
      const returns = parameterList(node.returnParameters?.parameters);
      const signature = `function ${node.name}(${parameterList(node.parameters?.parameters)}) ${node.visibility} ${node.stateMutability}${returns ? ` returns (${returns})` : ""}`;
      return { signature, doc: parseNatspec(node.documentation?.text) };
    });
}

function libraryFunctionLines(lines: string[], functions: LibraryFunction[]) {
  lines.push("### Functions", "");
  for (const { signature, doc } of functions) {
    lines.push(`- \`${signature}\`: ${text(doc.notice, doc.details)}`);
    for (const [param, description] of Object.entries(doc.params ?? {}))
      lines.push(`  - \`${param}\`: ${text(description)}`);
    for (const description of Object.values(doc.returns ?? {}))
      lines.push(`  - returns: ${text(description)}`);
  }
  lines.push("");
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

export function renderContractsReference(
  docs: Map<string, NatSpec & { libraryFunctions?: LibraryFunction[] }>,
): string {
  const lines = [
    "# Solidity reference",
    "",
    "Generated from the NatSpec comments of `contracts/` (`npm run docs:reference`).",
    "",
  ];
  for (const [id, { userdoc, devdoc, libraryFunctions: functions }] of [...docs].sort(([a], [b]) =>
    a.localeCompare(b),
  )) {
    const [source, name] = id.split(":");
    lines.push(`## ${name}`, "", `Source: \`${source}\``, "");
    const summary = text(devdoc.title, userdoc.notice, devdoc.details);
    if (summary) lines.push(summary, "");
    if (functions) libraryFunctionLines(lines, functions);
    else members(lines, "Functions", userdoc.methods, devdoc.methods);
    members(lines, "Events", userdoc.events, devdoc.events);
    members(lines, "Errors", userdoc.errors, devdoc.errors);
  }
  return lines.join("\n");
}

if (import.meta.main) writeOrCheckPage(PAGE, renderContractsReference(natspec()));
