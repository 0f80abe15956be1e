/**
 * Test helper (no tests here): a fast-check arbitrary for the JSON Schema subset that
 * `z.toJSONSchema` emits for the service schemas. Generating from the JSON Schema, not from the zod
 * objects, also checks that the JSON Schema (and so the OpenAPI document) describes what zod accepts.
 */
import fc from "fast-check";

export type JsonSchema = { [key: string]: unknown };

/** Key used to check that loose objects keep unknown members. */
export const EXTRA_KEY = "extraMemberForTest";

const MAX_SAFE = Number.MAX_SAFE_INTEGER;

export function arbitraryFromJsonSchema(root: JsonSchema): fc.Arbitrary<unknown> {
  const defs = (root["$defs"] ?? {}) as Record<string, JsonSchema>;
  const memo = new Map<string, fc.Arbitrary<unknown>>();

  /** Keywords that do not constrain values. */
  const ANNOTATIONS = new Set(["$ref", "description", "default", "examples", "title", "$schema", "id"]);

  /**
   * Inlines a `$ref`. In JSON Schema 2020-12 (and OpenAPI 3.1) keywords beside `$ref` also apply,
   * e.g. `{ "$ref": "#/$defs/Address", "minLength": 1 }`, so they are merged over the target.
   */
  const resolve = (schema: JsonSchema): JsonSchema => {
    const ref = schema["$ref"];
    if (typeof ref !== "string") return schema;
    const def = defs[ref.replace(/^#\/\$defs\//, "")];
    if (!def) throw new Error(`unresolved $ref ${ref}`);
    const { $ref: _ref, ...siblings } = schema;
    return resolve({ ...def, ...siblings });
  };

  const build = (schema: JsonSchema): fc.Arbitrary<unknown> => {
    const ref = schema["$ref"];
    if (typeof ref === "string") {
      if (Object.keys(schema).some((k) => !ANNOTATIONS.has(k))) return build(resolve(schema));
      let arb = memo.get(ref);
      if (!arb) {
        arb = build(resolve(schema));
        memo.set(ref, arb);
      }
      return arb;
    }
    const anyOf = (schema["anyOf"] ?? schema["oneOf"]) as JsonSchema[] | undefined;
    if (anyOf) return fc.oneof(...anyOf.map(build));
    if ("const" in schema) return fc.constant(schema["const"]);
    if (Array.isArray(schema["enum"])) return fc.constantFrom(...(schema["enum"] as unknown[]));

    const type = schema["type"];
    if (Array.isArray(type)) return fc.oneof(...type.map((t) => build({ ...schema, type: t })));
    switch (type) {
      case "string":
        return stringArb(schema);
      case "integer": {
        const min = integerMin(schema);
        const max = integerMax(schema);
        return fc.integer({ min, max });
      }
      case "number":
        // -0 is mapped to 0: JSON (and so every wire form) cannot carry a negative zero.
        return fc
          .double({
            min: (schema["minimum"] as number | undefined) ?? -Number.MAX_VALUE,
            max: (schema["maximum"] as number | undefined) ?? Number.MAX_VALUE,
            noNaN: true,
            noDefaultInfinity: true,
          })
          .map((n) => (Object.is(n, -0) ? 0 : n));
      case "boolean":
        return fc.boolean();
      case "null":
        return fc.constant(null);
      case "array":
        return fc.array(build((schema["items"] ?? {}) as JsonSchema), {
          minLength: (schema["minItems"] as number | undefined) ?? 0,
          maxLength: Math.max((schema["minItems"] as number | undefined) ?? 0, 3),
        });
      case "object":
        return objectArb(schema);
      case undefined:
        return jsonValue(2);
      default:
        throw new Error(`unsupported JSON Schema type ${String(type)}`);
    }
  };

  const stringArb = (schema: JsonSchema): fc.Arbitrary<string> => {
    const minLength = (schema["minLength"] as number | undefined) ?? 0;
    const pattern = schema["pattern"] as string | undefined;
    if (pattern) return fc.stringMatching(new RegExp(pattern)).filter((s) => s.length >= minLength);
    return fc.string({ minLength, maxLength: Math.max(minLength, 12) });
  };

  const objectArb = (schema: JsonSchema): fc.Arbitrary<unknown> => {
    const properties = schema["properties"] as Record<string, JsonSchema> | undefined;
    const additional = schema["additionalProperties"];
    if (!properties) {
      // A record: keys from `propertyNames`, values from `additionalProperties`.
      const names = resolve((schema["propertyNames"] ?? { type: "string" }) as JsonSchema);
      const valueSchema = (
        typeof additional === "object" && additional !== null ? additional : {}
      ) as JsonSchema;
      return fc.dictionary(
        stringArb(names).filter((k) => k !== "__proto__"),
        build(valueSchema),
        { maxKeys: 3 },
      );
    }
    const required = (schema["required"] as string[] | undefined) ?? [];
    const arbs: Record<string, fc.Arbitrary<unknown>> = {};
    for (const [key, sub] of Object.entries(properties)) arbs[key] = build(sub);
    const record = fc.record(arbs, { requiredKeys: required });
    const loose =
      typeof additional === "object" && additional !== null && Object.keys(additional).length === 0;
    if (!loose || EXTRA_KEY in properties) return record;
    // Loose object: sometimes add an unknown member, which must survive parsing.
    return fc
      .tuple(record, fc.option(jsonValue(1), { nil: undefined }))
      .map(([obj, extra]) => (extra === undefined ? obj : { ...(obj as object), [EXTRA_KEY]: extra }));
  };

  return build(root);
}

/** Free-form JSON, normalized through JSON text (so no -0, which JSON cannot carry). */
function jsonValue(maxDepth: number): fc.Arbitrary<unknown> {
  return fc.jsonValue({ maxDepth }).map((v) => JSON.parse(JSON.stringify(v)) as unknown);
}

function integerMin(schema: JsonSchema): number {
  const exclusive = schema["exclusiveMinimum"] as number | undefined;
  const minimum = schema["minimum"] as number | undefined;
  if (exclusive !== undefined) return Math.max(exclusive + 1, minimum ?? -MAX_SAFE);
  return Math.max(minimum ?? -MAX_SAFE, -MAX_SAFE);
}

function integerMax(schema: JsonSchema): number {
  const exclusive = schema["exclusiveMaximum"] as number | undefined;
  const maximum = schema["maximum"] as number | undefined;
  if (exclusive !== undefined) return Math.min(exclusive - 1, maximum ?? MAX_SAFE);
  return Math.min(maximum ?? MAX_SAFE, MAX_SAFE);
}
