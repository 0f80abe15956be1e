/**
 * HTTP API reference: docs/reference/http.md rendered from the service's OpenAPI document (the one
 * `GET /openapi.json` serves). `--check` fails when the committed page differs from a fresh render.
 */
import { join, resolve } from "node:path";
import { buildOpenApiDocument } from "../../src/service/openapi.ts";
import { writeOrCheckPage } from "./generated-page.ts";

const PAGE = join(resolve(import.meta.dirname, "..", ".."), "docs", "reference", "http.md");

interface Schema {
  type?: string | string[];
  enum?: unknown[];
  $ref?: string;
  pattern?: string;
  description?: string;
  anyOf?: Schema[];
}
interface Parameter {
  name: string;
  in: string;
  required?: boolean;
  description?: string;
  schema?: Schema;
}
interface Operation {
  operationId: string;
  summary?: string;
  description?: string;
  tags?: string[];
  security?: Record<string, string[]>[];
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { schema: Schema }> };
  responses: Record<string, { description?: string; content?: Record<string, { schema: Schema }> }>;
}

const cell = (text: string) => text.replaceAll("|", "\\|").replaceAll("\n", " ");

/** A one-line description of a schema: its component name, enum, or type. */
export function typeOf(schema: Schema | undefined): string {
  if (schema === undefined) return "";
  if (schema.$ref) return `\`${schema.$ref.split("/").pop()}\``;
  if (schema.enum)
    return schema.enum.length > 8 ? `enum (${schema.enum.length} values)` : schema.enum.join(", ");
  if (schema.anyOf) return schema.anyOf.map(typeOf).join(" or ");
  return Array.isArray(schema.type) ? schema.type.join(" or ") : (schema.type ?? "any");
}

function security(operation: Operation): string {
  const options = (operation.security ?? []).map((requirement) => Object.keys(requirement).join(" + "));
  if (options.length === 0) return "none";
  if (options.includes("")) return `optional (${options.filter((o) => o !== "").join(" or ")})`;
  return options.join(" or ");
}

/** The markdown page for an OpenAPI document. */
export function renderHttpReference(document: Record<string, unknown>): string {
  const info = document.info as { title: string; version: string };
  const paths = document.paths as Record<string, Record<string, Operation>>;
  const lines = [
    `# HTTP API reference: ${info.title} ${info.version}`,
    "",
    "Generated from the OpenAPI document served at `GET /openapi.json` (`npm run docs:reference`).",
    "Browse it interactively at `GET /docs` on a running service. Error responses (4XX, 5XX) are",
    "`ErrorBody`: `{ errorCode, message }`.",
    "",
  ];
  for (const [path, item] of Object.entries(paths)) {
    for (const [method, operation] of Object.entries(item)) {
      lines.push(`## ${method.toUpperCase()} ${path}`, "");
      lines.push(`${operation.summary ?? ""} (operation \`${operation.operationId}\`)`, "");
      lines.push(`- Authentication: ${security(operation)}`);
      if (operation.description) lines.push(`- ${operation.description}`);
      const body = operation.requestBody?.content["application/json"]?.schema;
      if (body) lines.push(`- Request body: ${typeOf(body)}`);
      const ok = operation.responses["200"];
      lines.push(`- 200: ${typeOf(ok?.content?.["application/json"]?.schema) || (ok?.description ?? "")}`);
      if (operation.parameters?.length) {
        lines.push("", "| Parameter | In | Required | Type | Description |", "|---|---|---|---|---|");
        for (const p of operation.parameters) {
          const description = p.description ?? p.schema?.description ?? "";
          lines.push(
            `| \`${p.name}\` | ${p.in} | ${p.required ? "yes" : "no"} | ${cell(typeOf(p.schema))} | ${cell(description)} |`,
          );
        }
      }
      lines.push("");
    }
  }
  return lines.join("\n");
}

if (import.meta.main) writeOrCheckPage(PAGE, renderHttpReference(buildOpenApiDocument()));
