/**
 * The OpenAPI document: validated by an independent validator (swagger-parser), consumed by a code
 * generator (openapi-typescript) whose output type-checks against a typed consumer, and checked
 * against the zod schemas it is generated from (every query/path parameter, shared components,
 * spec 5 security, spec 9 servers).
 */
import { execFile } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import SwaggerParser from "@apidevtools/swagger-parser";
import { expect } from "chai";
import openapiTS, { astToString } from "openapi-typescript";
import type { z } from "zod";
import { ENDPOINTS, ExecutePermitsQuerySchema, ListRequestsQuerySchema } from "../../src/schemas/index.ts";
import { MOCK_ROUTES } from "../../src/service/http-schemas.ts";
import { buildOpenApiDocument, SERVICE_SERVERS } from "../../src/service/openapi.ts";
import { get, testService } from "../service/helpers.ts";

interface Parameter {
  name: string;
  in: string;
  required?: boolean;
  schema?: unknown;
}
interface Operation {
  operationId: string;
  parameters?: Parameter[];
  security?: Record<string, string[]>[];
  requestBody?: { content: Record<string, { schema: unknown }> };
  responses: Record<string, { content?: Record<string, { schema: unknown }> }>;
}
interface Document {
  openapi: string;
  info: { version: string; title: string };
  servers: { url: string }[];
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, unknown>; securitySchemes: Record<string, unknown> };
}

const doc = () => buildOpenApiDocument() as unknown as Document;
const operations = (d: Document) => Object.values(d.paths).flatMap((item) => Object.values(item));
const keysOf = (schema: z.ZodType | undefined) =>
  Object.keys((schema as z.ZodObject | undefined)?.shape ?? {});

/** Every `$ref` string anywhere in `value`. */
function refsIn(value: unknown, into: string[] = []): string[] {
  if (Array.isArray(value)) for (const item of value) refsIn(item, into);
  else if (value !== null && typeof value === "object") {
    for (const [key, inner] of Object.entries(value)) {
      if (key === "$ref" && typeof inner === "string") into.push(inner);
      else refsIn(inner, into);
    }
  }
  return into;
}

const execFileAsync = promisify(execFile);

describe("OpenAPI document", function () {
  this.timeout(240_000);

  it("passes swagger-parser's validation (schema and every $ref)", async () => {
    const validated = (await SwaggerParser.validate(structuredClone(doc()) as never)) as unknown as Document;
    expect(validated.openapi).to.equal("3.1.0");
    expect(Object.keys(validated.paths)).to.have.length.greaterThan(0);
  });

  it("swagger-parser rejects a document with a dangling $ref (the validator really checks refs)", async () => {
    const broken = doc();
    const listing = broken.paths["/requests/v3"]?.get;
    if (!listing) throw new Error("listing operation missing");
    (listing.responses["200"] as { content: Record<string, { schema: unknown }> }).content[
      "application/json"
    ] = { schema: { $ref: "#/$defs/ListRequestsResponse" } };
    const error = await SwaggerParser.validate(broken as never).then(
      () => null,
      (e: unknown) => e as Error,
    );
    expect(error?.message).to.match(/\$defs/);
  });

  it("declares every query parameter of the listing from its zod schema, none hand-listed", () => {
    const listing = doc().paths["/requests/v3"]?.get;
    const declared = (listing?.parameters ?? []).filter((p) => p.in === "query").map((p) => p.name);
    const expected = keysOf(ListRequestsQuerySchema);
    expect(expected.length).to.be.greaterThan(30);
    expect(declared).to.have.members(expected);
  });

  it("declares the path and query parameters of every endpoint, paths required", () => {
    const d = doc();
    for (const [name, endpoint] of Object.entries(ENDPOINTS)) {
      const operation = d.paths[endpoint.path]?.[endpoint.method.toLowerCase()];
      expect(operation?.operationId, name).to.equal(name);
      const parameters = operation?.parameters ?? [];
      const inPath = parameters.filter((p) => p.in === "path");
      expect(
        inPath.map((p) => p.name),
        name,
      ).to.have.members(keysOf("params" in endpoint ? endpoint.params : undefined));
      for (const p of inPath) expect(p.required, `${name} ${p.name}`).to.equal(true);
      const inQuery = parameters.filter((p) => p.in === "query").map((p) => p.name);
      expect(inQuery, name).to.have.members(keysOf("query" in endpoint ? endpoint.query : undefined));
      for (const p of inPath) expect(endpoint.path).to.include(`{${p.name}}`);
    }
    for (const route of MOCK_ROUTES) {
      const operation = d.paths[route.path]?.[route.method.toLowerCase()];
      expect(operation?.operationId).to.equal(route.name);
    }
  });

  it("describes POST /execute/permits from its zod schemas: signature query, body, response, optional key", () => {
    const operation = doc().paths["/execute/permits"]?.post;
    expect(operation?.operationId).to.equal("sdkExecutePermits");
    const query = (operation?.parameters ?? []).filter((p) => p.in === "query");
    expect(query.map((p) => p.name)).to.deep.equal(keysOf(ExecutePermitsQuerySchema));
    expect(query[0]?.required).to.equal(true);
    expect(operation?.requestBody?.content["application/json"]?.schema).to.deep.equal({
      $ref: "#/components/schemas/ExecutePermitsBody",
    });
    expect(operation?.responses["200"]?.content?.["application/json"]?.schema).to.deep.equal({
      $ref: "#/components/schemas/ExecutePermitsResponse",
    });
    expect(operation?.security).to.deep.include({});
    expect(operation?.security).to.deep.include({ apiKeyHeader: [] });
  });

  it("tags exactly the /_mock operations mock-only; the SDK's routes beyond the interface are tagged sdk", () => {
    for (const [path, item] of Object.entries(doc().paths)) {
      for (const [method, operation] of Object.entries(item)) {
        const { tags, "x-mock-only": mockOnly } = operation as Operation & {
          tags: string[];
          "x-mock-only"?: boolean;
        };
        expect(mockOnly === true, `${method} ${path}`).to.equal(path.startsWith("/_mock/"));
        expect(tags.includes("x-mock-only"), `${method} ${path}`).to.equal(path.startsWith("/_mock/"));
      }
    }
    const sdk = (path: string, method: string) => (doc().paths[path]?.[method] as { tags?: string[] })?.tags;
    expect(sdk("/execute/permits", "post")).to.deep.equal(["sdk"]);
    expect(sdk("/chains", "get")).to.deep.equal(["sdk"]);
  });

  it("puts named schemas once under components/schemas and references them, no $defs", () => {
    const d = doc();
    const refs = refsIn(d.paths);
    expect(refs.length).to.be.greaterThan(0);
    for (const ref of refs) {
      expect(ref).to.match(/^#\/components\/schemas\//);
      expect(d.components.schemas, ref).to.have.property(ref.slice("#/components/schemas/".length));
    }
    expect(JSON.stringify(d)).not.to.include("$defs");
    expect(d.components.schemas).to.include.keys("ErrorBody", "ListRequestsResponse");
    for (const operation of operations(d)) {
      const error = operation.responses["4XX"]?.content?.["application/json"]?.schema;
      expect(error, operation.operationId).to.deep.equal({ $ref: "#/components/schemas/ErrorBody" });
    }
  });

  it("applies the authentication of spec 5 as security schemes", () => {
    const d = doc();
    expect(d.components.securitySchemes).to.deep.include({
      apiKeyHeader: d.components.securitySchemes.apiKeyHeader,
    });
    expect(d.components.securitySchemes.apiKeyHeader).to.include({
      type: "apiKey",
      in: "header",
      name: "x-api-key",
    });
    expect(d.components.securitySchemes.bearerApiKey).to.include({ type: "http", scheme: "bearer" });
    expect(d.paths["/requests/v3"]?.get?.security).to.deep.equal([{ apiKeyHeader: [] }]);
    expect(d.paths["/fast-fill"]?.post?.security).to.deep.equal([{ bearerApiKey: [] }]);
    // Optional key: an empty requirement allows anonymous calls.
    expect(d.paths["/quote/v2"]?.post?.security).to.deep.include({});
    // The key headers are security, not parameters.
    for (const operation of operations(d)) {
      const headers = (operation.parameters ?? []).filter((p) => p.in === "header").map((p) => p.name);
      expect(headers).not.to.include.members(["x-api-key", "authorization"]);
    }
  });

  it("names the service version 1.0.0 with mainnet, testnet and local servers (spec 9)", () => {
    const d = buildOpenApiDocument("http://127.0.0.1:4000") as unknown as Document;
    expect(d.info.version).to.equal("1.0.0");
    expect(d.info.title).to.match(/cross-chain solver interface/i);
    expect(d.servers.map((s) => s.url)).to.deep.equal([
      SERVICE_SERVERS.mainnet,
      SERVICE_SERVERS.testnet,
      "http://127.0.0.1:4000",
    ]);
  });

  it("is what the service serves at /openapi.json", async () => {
    const service = testService();
    try {
      const res = await get(service, "/openapi.json");
      expect(res.status).to.equal(200);
      expect(res.body).to.deep.equal(buildOpenApiDocument("/"));
    } finally {
      await service.close();
    }
  });

  it("generates TypeScript with openapi-typescript that type-checks against a typed consumer", async () => {
    const source = astToString(await openapiTS(structuredClone(doc()) as never));
    const dir = await mkdtemp(join(tmpdir(), "attestkit-openapi-ts-"));
    try {
      await writeFile(join(dir, "api.ts"), source);
      await writeFile(
        join(dir, "consumer.ts"),
        [
          'import type { components, operations, paths } from "./api.ts";',
          'type Query = NonNullable<paths["/requests/v3"]["get"]["parameters"]["query"]>;',
          'export const query: Query = { limit: "10", status: "success" };',
          "// @ts-expect-error query parameters travel as strings",
          "export const wrong: Query = { limit: 10 };",
          'export const error: components["schemas"]["ErrorBody"] = { errorCode: "X", message: "m" };',
          "// @ts-expect-error errorCode is required",
          'export const incomplete: components["schemas"]["ErrorBody"] = { message: "m" };',
          'type Path = operations["signature"]["parameters"]["path"];',
          'export const path: Path = { requestId: "0x00" };',
          "",
        ].join("\n"),
      );
      const tsc = join(process.cwd(), "node_modules", "typescript", "bin", "tsc");
      const args = [
        "--noEmit",
        "--strict",
        "--allowImportingTsExtensions",
        "--module",
        "nodenext",
        "--target",
        "es2022",
      ];
      await execFileAsync(process.execPath, [tsc, ...args, join(dir, "consumer.ts")]);
      // The same consumer with a type error must fail: the check is not vacuous.
      await writeFile(
        join(dir, "bad.ts"),
        'import type { components } from "./api.ts";\nexport const e: components["schemas"]["ErrorBody"] = { errorCode: 1, message: "m" };\n',
      );
      const failed = await execFileAsync(process.execPath, [tsc, ...args, join(dir, "bad.ts")]).then(
        () => null,
        (e: { stdout: string }) => e.stdout,
      );
      expect(failed).to.match(/TS2322/);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
