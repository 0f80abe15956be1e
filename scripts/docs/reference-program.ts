/**
 * SVM program reference: docs/reference/svm-program.md rendered from the program's IDL
 * (programs/idl/attested_receiver.json): instructions with their accounts and arguments, accounts,
 * events, types and errors. `--check` fails when the committed page differs from a fresh render.
 */
import { readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { writeOrCheckPage } from "./generated-page.ts";

const ROOT = resolve(import.meta.dirname, "..", "..");
const IDL = join(ROOT, "programs", "idl", "attested_receiver.json");
const PAGE = join(ROOT, "docs", "reference", "svm-program.md");

type IdlType =
  | string
  | { array: [IdlType, number] }
  | { option: IdlType }
  | { vec: IdlType }
  | { defined: { name: string } };
interface IdlField {
  name: string;
  type: IdlType;
  docs?: string[];
}
interface IdlAccountMeta {
  name: string;
  writable?: boolean;
  signer?: boolean;
  optional?: boolean;
  address?: string;
  pda?: unknown;
  docs?: string[];
}
interface Idl {
  address: string;
  metadata: { name: string; version: string };
  instructions: {
    name: string;
    docs?: string[];
    discriminator: number[];
    accounts: IdlAccountMeta[];
    args: IdlField[];
  }[];
  accounts?: { name: string; discriminator: number[] }[];
  events?: { name: string; discriminator: number[] }[];
  errors?: { code: number; name: string; msg?: string }[];
  types?: {
    name: string;
    docs?: string[];
    type: { kind: string; fields?: IdlField[]; variants?: { name: string }[] };
  }[];
}

const cell = (text: string) => text.replaceAll("|", "\\|").replaceAll("\n", " ");

/** Rust-like spelling of an IDL type. */
export function idlTypeName(type: IdlType): string {
  if (typeof type === "string") return type;
  if ("array" in type) return `[${idlTypeName(type.array[0])}; ${type.array[1]}]`;
  if ("option" in type) return `Option<${idlTypeName(type.option)}>`;
  if ("vec" in type) return `Vec<${idlTypeName(type.vec)}>`;
  return type.defined.name;
}

function flags(account: IdlAccountMeta): string {
  return [
    account.signer ? "signer" : "",
    account.writable ? "writable" : "",
    account.optional ? "optional" : "",
    account.pda ? "PDA" : "",
    account.address ? `fixed: \`${account.address}\`` : "",
  ]
    .filter(Boolean)
    .join(", ");
}

export function renderProgramReference(idl: Idl): string {
  const lines = [
    `# SVM program reference: ${idl.metadata.name} ${idl.metadata.version}`,
    "",
    `Generated from \`programs/idl/attested_receiver.json\` (\`npm run docs:reference\`). Program id: \`${idl.address}\`.`,
    "",
    "## Instructions",
    "",
  ];
  for (const ix of idl.instructions) {
    lines.push(
      `### ${ix.name}`,
      "",
      ...(ix.docs ?? []),
      "",
      `Discriminator: \`[${ix.discriminator.join(", ")}]\``,
      "",
    );
    lines.push("| # | Account | Flags | Notes |", "|---|---|---|---|");
    ix.accounts.forEach((account, index) => {
      lines.push(
        `| ${index} | \`${account.name}\` | ${flags(account)} | ${cell((account.docs ?? []).join(" "))} |`,
      );
    });
    if (ix.args.length > 0) {
      lines.push("", "| Argument | Type |", "|---|---|");
      for (const arg of ix.args) lines.push(`| \`${arg.name}\` | \`${idlTypeName(arg.type)}\` |`);
    }
    lines.push("");
  }
  const named = (title: string, items: { name: string; discriminator: number[] }[] | undefined) => {
    if (!items?.length) return;
    lines.push(`## ${title}`, "", "| Name | Discriminator |", "|---|---|");
    for (const item of items) lines.push(`| \`${item.name}\` | \`[${item.discriminator.join(", ")}]\` |`);
    lines.push("");
  };
  named("Accounts", idl.accounts);
  named("Events", idl.events);
  if (idl.types?.length) {
    lines.push("## Types", "");
    for (const type of idl.types) {
      lines.push(`### ${type.name}`, "", ...(type.docs ?? []), "");
      if (type.type.fields) {
        lines.push("| Field | Type |", "|---|---|");
        for (const field of type.type.fields)
          lines.push(`| \`${field.name}\` | \`${idlTypeName(field.type)}\` |`);
      }
      if (type.type.variants)
        lines.push(`Variants: ${type.type.variants.map((v) => `\`${v.name}\``).join(", ")}`);
      lines.push("");
    }
  }
  if (idl.errors?.length) {
    lines.push("## Errors", "", "| Code | Name | Message |", "|---|---|---|");
    for (const error of idl.errors)
      lines.push(`| ${error.code} | \`${error.name}\` | ${cell(error.msg ?? "")} |`);
    lines.push("");
  }
  return lines.join("\n");
}

if (import.meta.main)
  writeOrCheckPage(PAGE, renderProgramReference(JSON.parse(readFileSync(IDL, "utf8")) as Idl));
