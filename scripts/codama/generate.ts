// Derives the codama IDL of each program (programs/idl/<name>.codama.json) from its Anchor IDL
// (programs/idl/<name>.json) with @codama/nodes-from-anchor, and renders its @solana/kit client
// with @codama/renderers-js: the attested receiver into src/receiver/generated/, the order
// depositor into src/order-depositor/generated/, the deposit-address program into
// src/orders/deposit-address/generated/. The IDLs are checked against the Rust crates by
// programs/receiver-interface/tests/idl.rs and programs/order-depositor/tests/idl.rs.
// The rendered client is made loadable by Node's type stripping under this repo's NodeNext +
// erasableSyntaxOnly settings: relative imports get their `.ts` file, scalar TypeScript enums
// become `as const` objects with a type of the same name. The program page's client plugin is left
// out: renderers-js 2.2.0 types it for @solana/kit 6 (`extendClient` returns `ExtendedClient` in
// the @solana/kit 8 this repo uses) and writes an angle-bracket assertion erasableSyntaxOnly refuses.
// With --check, fails when the committed IDL or client differs from a fresh generation.
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { type AnchorIdl, rootNodeFromAnchor } from "@codama/nodes-from-anchor";
import { renderVisitor } from "@codama/renderers-js";
import { visit } from "@codama/visitors-core";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));

/** A program whose client is generated: its IDLs, output folder and rendered program page. */
interface Target {
  anchorIdl: string;
  codamaIdl: string;
  generated: string;
  /** The rendered program page and the first line of its client plugin section. */
  programPage: string;
  pluginStart: string;
}

const TARGETS: Target[] = [
  {
    anchorIdl: "programs/idl/attested_receiver.json",
    codamaIdl: "programs/idl/attested_receiver.codama.json",
    generated: "src/receiver/generated",
    programPage: join("programs", "attestedReceiver.ts"),
    pluginStart: "export type AttestedReceiverPlugin = {",
  },
  {
    anchorIdl: "programs/idl/order_depositor.json",
    codamaIdl: "programs/idl/order_depositor.codama.json",
    generated: "src/order-depositor/generated",
    programPage: join("programs", "orderDepositor.ts"),
    pluginStart: "export type OrderDepositorPlugin = {",
  },
  {
    anchorIdl: "programs/idl/deposit_address.json",
    codamaIdl: "programs/idl/deposit_address.codama.json",
    generated: "src/orders/deposit-address/generated",
    programPage: join("programs", "depositAddress.ts"),
    pluginStart: "export type DepositAddressPlugin = {",
  },
];

/** Every file under `dir`, by path relative to it. */
function readTree(dir: string): Map<string, string> {
  const out = new Map<string, string>();
  if (!existsSync(dir)) return out;
  const walk = (d: string) => {
    for (const name of readdirSync(d).sort()) {
      const path = join(d, name);
      if (statSync(path).isDirectory()) walk(path);
      else out.set(relative(dir, path), readFileSync(path, "utf8"));
    }
  };
  walk(dir);
  return out;
}

/** `from "../pdas"` → `from "../pdas/index.ts"`, `from "./config"` → `from "./config.ts"`,
 * `from "."` → `from "./index.ts"`. */
function withImportExtensions(file: string, content: string, files: Map<string, string>): string {
  return content.replace(/from "(\.{1,2}(?:\/[^"]*)?)"/g, (_, specifier: string) => {
    const target = relative(".", join(dirname(file), specifier));
    if (files.has(`${target}.ts`)) return `from "${specifier}.ts"`;
    if (files.has(join(target, "index.ts"))) return `from "${specifier}/index.ts"`;
    throw new Error(`${file}: cannot resolve the import "${specifier}"`);
  });
}

/** `export enum E { A, B }` → `export const E = { A: 0, B: 1 } as const;` plus `type E`; the
 * enum's members used as types (`E.A`) become `typeof E.A`. */
function withoutEnums(file: string, content: string): string {
  let out = content;
  for (const match of content.matchAll(/export enum (\w+) \{([^}]*)\}/g)) {
    const [block, name, body] = match as unknown as [string, string, string];
    const members = body
      .split(",")
      .map((m) => m.trim())
      .filter((m) => m !== "");
    if (members.some((m) => !/^\w+$/.test(m)))
      throw new Error(`${file}: enum ${name} has initialised members`);
    const object = members.map((m, i) => `  ${m}: ${i},`).join("\n");
    out = out.replace(
      block,
      `export const ${name} = {\n${object}\n} as const;\nexport type ${name} = (typeof ${name})[keyof typeof ${name}];`,
    );
    out = out.replace(new RegExp(`(\\w+: )(${name}\\.\\w+;)`, "g"), "$1typeof $2");
  }
  return out;
}

/** The program page without its client plugin (its last section: types, plugin function, helper). */
function withoutPlugin(target: Target, file: string, content: string): string {
  if (file !== target.programPage) return content;
  const start = content.indexOf(target.pluginStart);
  if (start < 0) throw new Error(`${file}: the client plugin was not found`);
  return content.slice(0, start).trimEnd() + "\n";
}

/** The client as committed: rendered into a temporary folder, then post-processed. */
async function renderClient(
  target: Target,
  root: ReturnType<typeof rootNodeFromAnchor>,
): Promise<Map<string, string>> {
  const tmp = mkdtempSync(join(tmpdir(), "attestkit-codama-"));
  try {
    await visit(
      root,
      renderVisitor(tmp, {
        generatedFolder: "generated",
        syncPackageJson: false,
        formatCode: true,
        // Only @solana/kit (a dependency of this package), with its program-client-core subpath.
        kitImportStrategy: "rootOnly",
      }),
    );
    const rendered = readTree(join(tmp, "generated"));
    const out = new Map<string, string>();
    for (const [file, content] of rendered) {
      out.set(
        file,
        withoutPlugin(target, file, withoutEnums(file, withImportExtensions(file, content, rendered))),
      );
    }
    return out;
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}

const check = process.argv.includes("--check");
const stale: string[] = [];
for (const target of TARGETS) {
  const root = rootNodeFromAnchor(
    JSON.parse(readFileSync(join(ROOT, target.anchorIdl), "utf8")) as AnchorIdl,
  );
  const idl = `${JSON.stringify(root, null, 2)}\n`;
  const client = await renderClient(target, root);
  if (check) {
    const codamaPath = join(ROOT, target.codamaIdl);
    if (!existsSync(codamaPath) || readFileSync(codamaPath, "utf8") !== idl) stale.push(target.codamaIdl);
    const committed = readTree(join(ROOT, target.generated));
    for (const file of new Set([...client.keys(), ...committed.keys()])) {
      if (client.get(file) !== committed.get(file)) stale.push(join(target.generated, file));
    }
  } else {
    writeFileSync(join(ROOT, target.codamaIdl), idl);
    rmSync(join(ROOT, target.generated), { recursive: true, force: true });
    for (const [file, content] of client) {
      const path = resolve(ROOT, target.generated, file);
      mkdirSync(dirname(path), { recursive: true });
      writeFileSync(path, content);
    }
    console.log(`wrote ${target.codamaIdl} and ${client.size} files under ${target.generated}`);
  }
}
if (check) {
  if (stale.length > 0) {
    console.error(`stale (run npm run codama):\n  ${stale.join("\n  ")}`);
    process.exit(1);
  }
  console.log("codama IDLs and clients are up to date");
}
