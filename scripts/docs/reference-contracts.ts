/**
 * Solidity reference: docs/reference/contracts.md rendered from the NatSpec of contracts/ (the
 * mocks and devnet helpers excepted) and docs/reference/testing-contracts.md from contracts/testing/
 * (the conformance bases, their hooks and adapter structs, the signing and refusal helpers). The
 * sources come from Hardhat's build info; solc (the same solc-js build that compiles them) is asked
 * for userdoc, devdoc and the AST only, which needs analysis, not code generation. solc's userdoc and
 * devdoc leave out internal functions, so a library's functions and a conformance base's hooks (what an
 * integrator calls or overrides from its own contract) are read from the AST with their NatSpec.
 * Every public function and every hook must carry NatSpec: both modes fail, naming the ones without.
 * Run after `hardhat build`. `--check` fails when a committed page differs from a fresh render.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join, resolve } from "node:path";
import { writeOrCheckPage } from "./generated-page.ts";

const ROOT = resolve(import.meta.dirname, "..", "..");
const BUILD_INFO = join(ROOT, "artifacts", "build-info");
const PAGE = join(ROOT, "docs", "reference", "contracts.md");
const TESTING_PAGE = join(ROOT, "docs", "reference", "testing-contracts.md");
const DOCUMENTED = /^project\/contracts\/(testing\/)?[^/]+\.sol$/;
/** Conformance properties: public `test*` functions, listed by name (the catalogue guide describes each). */
const PROPERTY = /^test(Fuzz)?_/;

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
  /** `start:length:file` byte offsets in the source. */
  src?: string;
  virtual?: boolean;
  /** Set on a function that overrides a base's (its NatSpec is the base's unless it has its own). */
  overrides?: unknown;
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
/** A function read from the AST (a library's, or a hook of a testing contract): signature and NatSpec. */
interface LibraryFunction {
  signature: string;
  doc: Doc;
  /** It overrides a base's function: without its own NatSpec, the base's describes it. */
  overrides?: boolean;
}
/** A struct an integrator fills or reads (a conformance hook's argument), with its source text. */
interface StructDoc {
  name: string;
  source: string;
  doc: Doc;
}
/** NatSpec of one contract, with what the AST adds: library functions and hooks, structs, properties. */
export type ContractDoc = NatSpec & {
  libraryFunctions?: LibraryFunction[];
  structs?: StructDoc[];
  properties?: string[];
  /** Public functions (by signature, as in the ABI) whose NatSpec is empty. */
  undocumented?: string[];
};
interface SolcInput {
  language: string;
  sources: Record<string, { content: string }>;
  settings: Record<string, unknown>;
}

/**
 * The inputs of the current build, each with the documented sources it owns. Hardhat may compile
 * contracts/ in several jobs (a first run builds only the shipped contracts, a later one the rest, an
 * edit only what it touches), each with its own build info; an older build info may still hold an
 * older copy of a source, so each source is read from the build info its own artifact names.
 */
function projectInputs(): { input: SolcInput; owns: Set<string> }[] {
  const artifacts = join(ROOT, "artifacts", "contracts");
  if (!existsSync(artifacts)) throw new Error("no build info for contracts/: run `npx hardhat build` first");
  const owned = new Map<string, Set<string>>();
  for (const folder of [artifacts, join(artifacts, "testing")].filter(existsSync))
    for (const source of readdirSync(folder).filter((name) => name.endsWith(".sol")))
      for (const file of readdirSync(join(folder, source)).filter((name) => /^[^.]+\.json$/.test(name))) {
        const { buildInfoId, inputSourceName } = JSON.parse(
          readFileSync(join(folder, source, file), "utf8"),
        ) as { buildInfoId: string; inputSourceName: string };
        owned.set(buildInfoId, (owned.get(buildInfoId) ?? new Set()).add(inputSourceName));
      }
  const inputs = [...owned].map(([id, owns]) => ({
    input: (JSON.parse(readFileSync(join(BUILD_INFO, `${id}.json`), "utf8")) as { input: SolcInput }).input,
    owns,
  }));
  if (![...owned.values()].some((owns) => [...owns].some((source) => DOCUMENTED.test(source))))
    throw new Error("the build infos hold no source of contracts/: run `npx hardhat build` first");
  return inputs;
}

/** NatSpec of every documented contract, by `source:Contract`, with the AST's additions. */
export function natspec(): Map<string, ContractDoc> {
  const docs = new Map<string, ContractDoc>();
  for (const { input, owns } of projectInputs())
    for (const [key, doc] of natspecOf(input))
      if (owns.has(`project/${key.slice(0, key.lastIndexOf(":"))}`)) docs.set(key, doc);
  return docs;
}

export function natspecOf(input: SolcInput): Map<string, ContractDoc> {
  const solc = createRequire(import.meta.url)("solc") as { compile(input: string): string };
  const request = {
    language: input.language,
    sources: input.sources,
    settings: {
      remappings: input.settings.remappings ?? [],
      outputSelection: { "*": { "*": ["abi", "userdoc", "devdoc"], "": ["ast"] } },
    },
  };
  const output = JSON.parse(solc.compile(JSON.stringify(request))) as {
    errors?: { severity: string; formattedMessage: string }[];
    contracts: Record<string, Record<string, NatSpec & { abi: { type: string; name?: string }[] }>>;
    sources: Record<string, { ast: AstNode }>;
  };
  const errors = (output.errors ?? []).filter((e) => e.severity === "error");
  if (errors.length > 0) throw new Error(errors.map((e) => e.formattedMessage).join("\n"));
  const docs = new Map<string, ContractDoc>();
  for (const [source, contracts] of Object.entries(output.contracts)) {
    if (!DOCUMENTED.test(source)) continue;
    const testing = source.includes("/testing/");
    const text = input.sources[source]?.content ?? "";
    const definitions = new Map(
      (output.sources[source]?.ast.nodes ?? [])
        .filter((node) => node.nodeType === "ContractDefinition")
        .map((node) => [node.name, node]),
    );
    for (const [name, { abi, ...doc }] of Object.entries(contracts)) {
      const definition = definitions.get(name);
      const entry: ContractDoc = { ...doc };
      if (definition?.contractKind === "library") entry.libraryFunctions = libraryFunctions(definition);
      else if (testing && definition) {
        entry.libraryFunctions = hooks(definition);
        entry.structs = structs(definition, text);
        const properties = publicFunctions(definition)
          .map((node) => node.name as string)
          .filter((fn) => PROPERTY.test(fn));
        if (properties.length > 0) entry.properties = properties;
      }
      entry.undocumented = undocumented(abi, doc, definition);
      docs.set(`${source.replace("project/", "")}:${name}`, entry);
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

const functionsOf = (definition: AstNode) =>
  (definition.nodes ?? []).filter(
    (node) => node.nodeType === "FunctionDefinition" && node.kind === "function",
  );

const publicFunctions = (definition: AstNode) =>
  functionsOf(definition).filter((node) => node.visibility === "public" || node.visibility === "external");

function astFunction(node: AstNode): LibraryFunction {
  const returns = parameterList(node.returnParameters?.parameters);
  const virtual = node.virtual ? " virtual" : "";
  const mutability = node.stateMutability === "nonpayable" ? "" : ` ${node.stateMutability}`;
  const signature = `function ${node.name}(${parameterList(node.parameters?.parameters)}) ${node.visibility}${mutability}${virtual}${returns ? ` returns (${returns})` : ""}`;
  const doc = parseNatspec(node.documentation?.text);
  return node.overrides ? { signature, doc, overrides: true } : { signature, doc };
}

/** Every function of a library with its signature, in source order. */
function libraryFunctions(library: AstNode): LibraryFunction[] {
  return functionsOf(library).map(astFunction);
}

/**
 * What an integrator's test calls or overrides in a testing contract: its public functions other than
 * the properties, and its internal virtual functions (the hooks), in source order.
 */
function hooks(definition: AstNode): LibraryFunction[] {
  return functionsOf(definition)
    .filter((node) =>
      node.visibility === "internal"
        ? node.virtual === true
        : node.visibility !== "private" && !PROPERTY.test(node.name ?? ""),
    )
    .map(astFunction);
}

/** The structs a contract declares, with their source text (their fields' comments included). */
function structs(definition: AstNode, source: string): StructDoc[] {
  const bytes = Buffer.from(source, "utf8");
  return (definition.nodes ?? [])
    .filter((node) => node.nodeType === "StructDefinition")
    .map((node) => {
      const [start, length] = (node.src ?? "0:0").split(":").map(Number) as [number, number];
      const column = start - (bytes.lastIndexOf(10, start) + 1);
      const indent = new RegExp(`^ {0,${column}}`);
      const text = bytes.subarray(start, start + length).toString("utf8");
      return {
        name: node.name as string,
        source: text
          .split("\n")
          .map((line) => line.replace(indent, ""))
          .join("\n"),
        doc: parseNatspec(node.documentation?.text),
      };
    });
}

const documented = (doc: Doc | undefined) => Boolean(doc?.notice || doc?.details);

/**
 * Public functions and hooks without NatSpec: an ABI function that neither userdoc nor devdoc describes
 * (solc carries a base's or an interface's NatSpec over to an override), and, in a testing contract or a
 * library, an AST function without its own comment (the properties excepted).
 */
function undocumented(
  abi: { type: string; name?: string }[],
  doc: NatSpec,
  definition: AstNode | undefined,
): string[] {
  const described = new Set([
    ...Object.entries(doc.userdoc.methods ?? {})
      .filter(([, d]) => documented(d))
      .map(([s]) => s),
    ...Object.entries(doc.devdoc.methods ?? {})
      .filter(([, d]) => documented(d))
      .map(([s]) => s),
  ]);
  const missing = abi
    .filter((item) => item.type === "function" && !PROPERTY.test(item.name ?? ""))
    .map((item) => item.name as string)
    .filter((name) => ![...described].some((signature) => signature.startsWith(`${name}(`)));
  const astMissing = definition
    ? functionsOf(definition)
        .filter(
          (node) => node.visibility === "internal" && (node.virtual || definition.contractKind === "library"),
        )
        .filter((node) => !node.overrides && !documented(parseNatspec(node.documentation?.text)))
        .map((node) => node.name as string)
    : [];
  return [...new Set([...missing, ...astMissing])].sort();
}

function libraryFunctionLines(lines: string[], functions: LibraryFunction[]) {
  lines.push("### Functions", "");
  for (const { signature, doc, overrides } of functions) {
    const own = text(doc.notice, doc.details);
    lines.push(
      `- \`${signature}\`: ${own || (overrides ? "overrides the base's hook of this name (described there)." : "")}`,
    );
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

/** The two pages: the contracts an integrator deploys or imports, and the testing contracts. */
export const CONTRACT_PAGES = [
  {
    path: PAGE,
    title: "Solidity reference",
    intro:
      "Generated from the NatSpec comments of `contracts/` (`npm run docs:reference`). The testing contracts (conformance bases, signing and refusal helpers) are on [their own page](testing-contracts.md).",
    includes: (id: string) => !id.startsWith("contracts/testing/"),
  },
  {
    path: TESTING_PAGE,
    title: "Solidity testing contracts reference",
    intro:
      "Generated from the NatSpec comments of `contracts/testing/` (`npm run docs:reference`), imported as `attestkit/contracts/testing/<File>.sol`. A conformance base is used by inheriting it in a Foundry or Hardhat 3 Solidity test and overriding its hooks (the `internal virtual` functions below); each `test_*` property then runs against your contract. The attack each property stands for is described in the [conformance guide](../guides/test-your-receiver.md).",
    includes: (id: string) => id.startsWith("contracts/testing/"),
  },
] as const;

/** Every public function or hook without NatSpec, as `source:Contract.function`. */
export function undocumentedFunctions(docs: Map<string, ContractDoc>): string[] {
  return [...docs].flatMap(([id, doc]) => (doc.undocumented ?? []).map((fn) => `${id}.${fn}`)).sort();
}

function structLines(lines: string[], structsOfContract: StructDoc[]) {
  lines.push("### Structs", "");
  for (const { name, source, doc } of structsOfContract) {
    lines.push(`- \`${name}\`: ${text(doc.notice, doc.details)}`, "", "```solidity", source, "```", "");
  }
}

export function renderContractsReference(
  docs: Map<string, ContractDoc>,
  page: (typeof CONTRACT_PAGES)[number] = CONTRACT_PAGES[0],
): string {
  const lines = [`# ${page.title}`, "", page.intro, ""];
  for (const [id, { userdoc, devdoc, libraryFunctions: functions, structs: structList, properties }] of [
    ...docs,
  ]
    .filter(([id]) => page.includes(id))
    .sort(([a], [b]) => a.localeCompare(b))) {
    const [source, name] = id.split(":");
    lines.push(`## ${name}`, "", `Source: \`${source}\``, "");
    const summary = text(devdoc.title, userdoc.notice, devdoc.details);
    if (summary) lines.push(summary, "");
    if (structList && structList.length > 0) structLines(lines, structList);
    if (functions) libraryFunctionLines(lines, functions);
    else members(lines, "Functions", userdoc.methods, devdoc.methods);
    if (properties) lines.push("### Properties", "", properties.map((p) => `\`${p}\``).join(", "), "");
    members(lines, "Events", userdoc.events, devdoc.events);
    members(lines, "Errors", userdoc.errors, devdoc.errors);
  }
  return lines.join("\n");
}

function main(): void {
  const docs = natspec();
  const missing = undocumentedFunctions(docs);
  if (missing.length > 0) {
    for (const fn of missing) console.error(`no NatSpec: ${fn}`);
    console.error("every public function and hook of contracts/ needs a NatSpec comment");
    process.exit(1);
  }
  for (const page of CONTRACT_PAGES) writeOrCheckPage(page.path, renderContractsReference(docs, page));
}

if (import.meta.main) main();
