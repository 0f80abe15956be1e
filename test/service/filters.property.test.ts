/**
 * `filters` of GET /requests/v3 (spec 4.1 rules 1-5): a property test against an independent
 * reference evaluator over random fixture data, plus the example cases of each rule.
 */
import { expect } from "chai";
import fc from "fast-check";
import type { Service } from "../../src/service/index.ts";
import { generateRequests } from "../../src/service/seed.ts";
import { API_KEY, expectError, get, OTHER_KEY, testService } from "./helpers.ts";

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type Scalar = string | number | boolean;
type FilterValue = Scalar | null | Scalar[] | null[];
type Group = Record<string, FilterValue>;

// ---- reference evaluator (written from the spec, shares no code with the service)
function lookup(record: Json, path: string): Json | undefined {
  let value: Json | undefined = record;
  for (const segment of path.split(".")) {
    if (value === null || typeof value !== "object" || Array.isArray(value)) return undefined;
    if (!Object.hasOwn(value, segment)) return undefined;
    value = (value as Record<string, Json>)[segment];
  }
  return value;
}
function isEmpty(value: Json | undefined): boolean {
  if (value === undefined || value === null || value === "") return true;
  if (Array.isArray(value)) return value.length === 0;
  if (typeof value === "object") return Object.keys(value).length === 0;
  return false;
}
function fieldTest(record: Json, field: string, value: FilterValue): boolean {
  const actual = lookup(record, field);
  const alternatives = Array.isArray(value) ? value : [value];
  if (alternatives.every((v) => v === null)) return isEmpty(actual);
  return (alternatives as Scalar[]).some((v) => typeof actual === typeof v && actual === v);
}
function referenceMatches(record: Json, groups: Group[]): boolean {
  if (groups.length === 0) return true;
  return groups.some((group) =>
    Object.entries(group).every(([key, value]) => {
      const negated = key.startsWith("not:");
      const result = fieldTest(record, negated ? key.slice(4) : key, value);
      return negated ? !result : result;
    }),
  );
}

describe("GET /requests/v3 filters", () => {
  let service: Service;
  let records: Json[];
  const headers = { "x-api-key": API_KEY };

  async function ids(filters: unknown): Promise<string[]> {
    const out: string[] = [];
    let continuation: string | null = null;
    do {
      const res = await get(
        service,
        `/requests/v3?limit=50&filters=${encodeURIComponent(JSON.stringify(filters))}${continuation ? `&continuation=${encodeURIComponent(continuation)}` : ""}`,
        headers,
      );
      expect(res.status, res.raw).to.equal(200);
      const body = res.body as { requests: { id: string }[]; continuation: string | null };
      out.push(...body.requests.map((r) => r.id));
      continuation = body.continuation;
    } while (continuation);
    return out;
  }

  before(async () => {
    service = testService();
    service.seedRequests(
      generateRequests({ seed: 42, count: 250, apiKeys: [API_KEY, OTHER_KEY], wallets: 8 }),
    );
    records = [];
    let continuation: string | null = null;
    do {
      const res = await get(
        service,
        `/requests/v3?limit=50${continuation ? `&continuation=${encodeURIComponent(continuation)}` : ""}`,
        headers,
      );
      const body = res.body as { requests: Json[]; continuation: string | null };
      records.push(...body.requests);
      continuation = body.continuation;
    } while (continuation);
    expect(records).to.have.length(250);
  });
  after(() => service.close());

  const FIELDS = [
    "status",
    "user",
    "recipient",
    "sender",
    "refundTo",
    "depositAddress",
    "depositAddress.type",
    "depositAddress.depositor",
    "data.failReason",
    "data.refundFailReason",
    "data.triggeredByFastFill",
    "data.timeEstimate",
    "data.usesExternalLiquidity",
    "data.inTxs",
    "data.appFees.actual",
    "originChainId",
    "destinationChainId",
    "requestType",
    "orderId",
    "parentRequestId",
    "data.metadata.currencyIn.currency.symbol",
    "data.inTxs.0",
    "no.such.field",
  ];

  const observed = (field: string): Scalar[] => {
    const values = new Set<Scalar>();
    for (const r of records) {
      const v = lookup(r, field);
      if (typeof v === "string" || typeof v === "number" || typeof v === "boolean") values.add(v);
    }
    return [...values];
  };

  it("matches the reference evaluator on random filter groups (property)", async function () {
    this.timeout(120_000);
    const field = fc.constantFrom(...FIELDS);
    const scalarFor = (f: string) => {
      const seen = observed(f);
      const random = fc.oneof(
        fc.string({ maxLength: 6 }),
        fc.integer({ min: -2, max: 60 }),
        fc.boolean(),
        fc.constant("success"),
      );
      return seen.length > 0
        ? fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...seen) }, { weight: 1, arbitrary: random })
        : random;
    };
    const entry = field.chain((f) =>
      fc.tuple(
        fc.boolean().map((neg) => (neg ? `not:${f}` : f)),
        fc.oneof(
          { weight: 4, arbitrary: scalarFor(f) },
          { weight: 2, arbitrary: fc.constant(null) },
          { weight: 2, arbitrary: fc.array(scalarFor(f), { minLength: 1, maxLength: 3 }) },
          { weight: 1, arbitrary: fc.constant([null]) },
        ),
      ),
    );
    const group = fc.array(entry, { maxLength: 3 }).map((entries) => Object.fromEntries(entries) as Group);
    const groups = fc.array(group, { maxLength: 3 });
    await fc.assert(
      fc.asyncProperty(groups, async (filters) => {
        const want = records.filter((r) => referenceMatches(r, filters)).map((r) => (r as { id: string }).id);
        expect(await ids(filters)).to.deep.equal(want);
      }),
      { numRuns: 150, seed: 20261121 },
    );
  });

  it("rule 1: AND inside a group, OR across groups", async () => {
    const and = await ids([{ status: "success", originChainId: 8453 }]);
    expect(and).to.deep.equal(
      records
        .filter((r) => lookup(r, "status") === "success" && lookup(r, "originChainId") === 8453)
        .map((r) => (r as { id: string }).id),
    );
    const or = await ids([{ status: "success" }, { originChainId: 8453 }]);
    expect(or.length).to.be.greaterThan(and.length);
  });
  it("rule 2: not: negates", async () => {
    const success = await ids([{ status: "success" }]);
    const notSuccess = await ids([{ "not:status": "success" }]);
    expect(success.length + notSuccess.length).to.equal(records.length);
  });
  it("rule 3: an array is OR within the field", async () => {
    const both = await ids([{ status: ["success", "refund"] }]);
    expect(both.length).to.equal(
      (await ids([{ status: "success" }])).length + (await ids([{ status: "refund" }])).length,
    );
  });
  it("rule 4: null is empty-or-missing; not: null is not empty", async () => {
    const empty = await ids([{ depositAddress: null }]);
    const notEmpty = await ids([{ "not:depositAddress": null }]);
    expect(empty.length + notEmpty.length).to.equal(records.length);
    expect(await ids([{ "no.such.field": null }])).to.have.length(records.length);
    expect(await ids([{ "data.inTxs": null }])).to.deep.equal(
      records
        .filter((r) => (lookup(r, "data.inTxs") as Json[]).length === 0)
        .map((r) => (r as { id: string }).id),
    );
  });
  it("rule 5: null mixed with real values is rejected with 400", async () => {
    const res = await get(
      service,
      `/requests/v3?filters=${encodeURIComponent(JSON.stringify([{ status: [null, "success"] }]))}`,
      headers,
    );
    expectError(res, 400, "INVALID_QUERY");
  });
  it("malformed filters are 400: not JSON, not an array, bad keys, nested values", async () => {
    for (const bad of [
      "{",
      '{"status":"success"}',
      '[{"not:not:status":"x"}]',
      '[{"status":{"a":1}}]',
      '[{"status":[]}]',
      '[{"1bad":"x"}]',
      '[[["x"]]]',
    ]) {
      expectError(
        await get(service, `/requests/v3?filters=${encodeURIComponent(bad)}`, headers),
        400,
        "INVALID_QUERY",
      );
    }
  });
});
