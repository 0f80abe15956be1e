import { expect } from "chai";
import fc from "fast-check";
import { z } from "zod";
import * as schemas from "../../src/schemas/index.ts";
import {
  ENDPOINTS,
  FilterValueSchema,
  ListRequestsParamsSchema,
  ListRequestsQuerySchema,
  REQUEST_TYPES,
  RequestRecordSchema,
  RequestTypeParamSchema,
} from "../../src/schemas/index.ts";
import { arbitraryFromJsonSchema, EXTRA_KEY, type JsonSchema } from "./json-schema-arbitrary.ts";

/** Exported codecs: their parse input is the wire form, so they round-trip via encode/decode instead. */
const CODECS = new Set<unknown>([ListRequestsQuerySchema, ListRequestsParamsSchema, RequestTypeParamSchema]);

const arbitraryFor = (schema: z.ZodType, io: "input" | "output") =>
  arbitraryFromJsonSchema(z.toJSONSchema(schema, { io }) as JsonSchema);

const exported: [string, z.ZodType][] = [];
for (const [name, value] of Object.entries(schemas) as [string, unknown][])
  if (value instanceof z.ZodType) exported.push([name, value]);

describe("schemas: properties (fast-check)", () => {
  for (const [name, schema] of exported) {
    if (CODECS.has(schema)) continue;
    it(`${name}: values generated from its JSON Schema parse unchanged`, () => {
      for (const io of ["output", "input"] as const) {
        fc.assert(
          fc.property(arbitraryFor(schema, io), (value) => {
            expect(schema.parse(value)).to.deep.equal(value);
          }),
          { numRuns: 40 },
        );
      }
    });
  }

  it("loose objects keep unknown members (a generated request record with extras survives)", () => {
    let sawExtra = false;
    fc.assert(
      fc.property(arbitraryFor(RequestRecordSchema, "output"), (record) => {
        const parsed = RequestRecordSchema.parse(record) as Record<string, unknown>;
        if (EXTRA_KEY in (record as object)) {
          sawExtra = true;
          expect(parsed[EXTRA_KEY]).to.deep.equal((record as Record<string, unknown>)[EXTRA_KEY]);
        }
      }),
      { numRuns: 60 },
    );
    expect(sawExtra).to.equal(true);
  });

  for (const [name, codec] of [
    ["ListRequestsQuerySchema", ListRequestsQuerySchema],
    ["ListRequestsParamsSchema", ListRequestsParamsSchema],
  ] as const) {
    it(`${name}: typed values encode to strings and decode back unchanged`, () => {
      fc.assert(
        fc.property(arbitraryFor(codec, "output"), (value) => {
          const wire = z.encode(codec as z.ZodType, value) as Record<string, unknown>;
          for (const v of Object.values(wire)) expect(v).to.be.a("string");
          expect(codec.parse(wire)).to.deep.equal(value);
        }),
        { numRuns: 300 },
      );
    });
  }

  it("requestType: every casing of every type decodes to the canonical spelling", () => {
    const arb = fc
      .tuple(fc.constantFrom(...REQUEST_TYPES), fc.array(fc.boolean(), { minLength: 20, maxLength: 20 }))
      .map(([type, flips]) => ({
        type,
        wire: [...type].map((c, i) => (flips[i] ? c.toUpperCase() : c.toLowerCase())).join(""),
      }));
    fc.assert(
      fc.property(arb, ({ type, wire }) => {
        expect(RequestTypeParamSchema.parse(wire)).to.equal(type);
      }),
    );
  });

  it("integer parameters accept exactly the canonical decimals in range", () => {
    const candidates = fc.oneof(
      fc.string(),
      fc.integer({ min: -5, max: 80 }).map(String),
      fc.double().map(String),
      fc.stringMatching(/^[0-9+\-. e]{1,4}$/),
    );
    fc.assert(
      fc.property(candidates, (limit) => {
        const expected = /^[1-9][0-9]*$/.test(limit) && Number(limit) <= 50;
        expect(ListRequestsQuerySchema.safeParse({ limit }).success, limit).to.equal(expected);
      }),
      { numRuns: 500 },
    );
  });

  it("decimal parameters accept exactly plain non-negative decimals", () => {
    const candidates = fc.oneof(fc.string(), fc.double().map(String), fc.stringMatching(/^[0-9+\-.e]{1,5}$/));
    fc.assert(
      fc.property(candidates, (amountUsdMin) => {
        const expected =
          /^(0|[1-9][0-9]*)(\.[0-9]+)?$/.test(amountUsdMin) && Number.isFinite(Number(amountUsdMin));
        expect(ListRequestsQuerySchema.safeParse({ amountUsdMin }).success, amountUsdMin).to.equal(expected);
      }),
      { numRuns: 500 },
    );
  });

  it("filter values: any array mixing null with real values is rejected", () => {
    const scalar = fc.oneof(fc.string(), fc.double({ noNaN: true, noDefaultInfinity: true }), fc.boolean());
    const mixed = fc
      .tuple(fc.array(scalar, { minLength: 1, maxLength: 4 }), fc.integer({ min: 1, max: 4 }))
      .chain(([values, nulls]) =>
        fc.shuffledSubarray([...values, ...Array(nulls).fill(null)], {
          minLength: values.length + nulls,
        }),
      );
    fc.assert(
      fc.property(mixed, (value) => {
        expect(FilterValueSchema.safeParse(value).success).to.equal(false);
        expect(
          ListRequestsQuerySchema.safeParse({ filters: JSON.stringify([{ field: value }]) }).success,
        ).to.equal(false);
      }),
    );
  });

  it("every endpoint's 200 response schema round-trips generated values through JSON", () => {
    for (const endpoint of Object.values(ENDPOINTS)) {
      const schema = endpoint.responses[200];
      fc.assert(
        fc.property(arbitraryFor(schema, "output"), (value) => {
          const overTheWire = JSON.parse(JSON.stringify(value));
          expect(schema.parse(overTheWire)).to.deep.equal(value);
        }),
        { numRuns: 20 },
      );
    }
  });
});
