import { expect } from "chai";
import { z } from "zod";
import { FILTER_KEY_PATTERN, filterAlternatives, parseFilterKey } from "../../src/schemas/filters.ts";
import {
  encodeListRequestsQuery,
  FiltersSchema,
  ListRequestsHeadersSchema,
  ListRequestsQuerySchema,
  ListRequestsResponseSchema,
} from "../../src/schemas/index.ts";
import { resolveSortDirection } from "../../src/schemas/list-requests.ts";
import { toPlainDecimal } from "../../src/schemas/query-params.ts";
import { REQUEST_ID, requestRecord } from "./fixtures.ts";

const parse = (query: Record<string, unknown>) => ListRequestsQuerySchema.safeParse(query);
const ok = (query: Record<string, unknown>) => {
  const result = parse(query);
  if (!result.success) throw new Error(z.prettifyError(result.error));
  return result.data;
};
const rejects = (query: Record<string, unknown>) =>
  expect(parse(query).success, JSON.stringify(query)).to.equal(false);

describe("schemas: GET /requests/v3 query (4.1)", () => {
  it("applies the defaults: limit 20, includeTotal false, sortBy createdAt", () => {
    expect(ok({})).to.deep.equal({ limit: 20, includeTotal: false, sortBy: "createdAt" });
  });

  it("limit: 1..50 coerced from the query string, strictly", () => {
    expect(ok({ limit: "1" }).limit).to.equal(1);
    expect(ok({ limit: "50" }).limit).to.equal(50);
    for (const limit of ["0", "51", "-1", "", "1e1", "20.0", "020", " 20", "+20", "0x14", "twenty"])
      rejects({ limit });
    rejects({ limit: 20 }); // not a query-string value
    rejects({ limit: ["10", "20"] }); // repeated parameter
  });

  it("booleans: exactly 'true' / 'false'", () => {
    expect(ok({ includeTotal: "true" }).includeTotal).to.equal(true);
    expect(ok({ includeAuthenticatedData: "false" }).includeAuthenticatedData).to.equal(false);
    expect(ok({ includeChildRequests: "true", id: REQUEST_ID }).includeChildRequests).to.equal(true);
    for (const v of ["TRUE", "1", "0", "yes", "", "True"]) rejects({ includeTotal: v });
  });

  it("numbers: chain ids are positive integers, timestamps and blocks non-negative integers", () => {
    const q = ok({
      originChainId: "8453",
      destinationChainId: "792703809",
      chainId: "1",
      currencyInChainId: "10",
      currencyOutChainId: "42161",
      startTimestamp: "0",
      endTimestamp: "1735689600",
      startBlock: "100",
      endBlock: "200",
    });
    expect(q).to.include({
      originChainId: 8453,
      destinationChainId: 792703809,
      startTimestamp: 0,
      endBlock: 200,
    });
    for (const v of ["0", "-1", "1.5", "1e3", "", "08453"]) rejects({ originChainId: v });
    rejects({ startTimestamp: "1735689600.5" });
    rejects({ endBlock: "9007199254740993" }); // beyond safe integers
  });

  it("decimal bounds: plain non-negative decimals only", () => {
    const q = ok({
      amountUsdMin: "0.5",
      amountUsdMax: "1000",
      appFeesAmountUsdMin: "0",
      fillTimeMax: "12.25",
    });
    expect(q).to.include({
      amountUsdMin: 0.5,
      amountUsdMax: 1000,
      appFeesAmountUsdMin: 0,
      fillTimeMax: 12.25,
    });
    for (const v of ["", "1e3", ".5", "1.", "-1", "Infinity", "NaN", "1,5"]) rejects({ amountUsdMin: v });
  });

  it("enums: status, failReason, refundFailReason, sortBy, sortDirection", () => {
    expect(
      ok({ status: "depositing", failReason: "N/A", refundFailReason: "MANUAL_REFUND_REQUIRED" }),
    ).to.include({
      status: "depositing",
      failReason: "N/A",
      refundFailReason: "MANUAL_REFUND_REQUIRED",
    });
    rejects({ status: "waiting" }); // a request status, but not a list filter status
    rejects({ status: "SUCCESS" });
    rejects({ failReason: "NOT_A_REASON" });
    rejects({ refundFailReason: "SLIPPAGE" });
    expect(ok({ sortBy: "amountUsd", sortDirection: "asc" })).to.include({
      sortBy: "amountUsd",
      sortDirection: "asc",
    });
    rejects({ sortBy: "price" });
    rejects({ sortDirection: "up" });
  });

  it("sortDirection default depends on sortBy", () => {
    expect(resolveSortDirection("createdAt")).to.equal("desc");
    expect(resolveSortDirection("updatedAt")).to.equal("desc");
    expect(resolveSortDirection("amountUsd")).to.equal("asc");
    expect(resolveSortDirection("amountUsd", "desc")).to.equal("desc");
    expect(resolveSortDirection()).to.equal("desc");
  });

  it("requestType: any case on the wire, canonical spelling out", () => {
    expect(ok({ requestType: "bridge" }).requestType).to.equal("Bridge");
    expect(ok({ requestType: "CROSSCHAIN SWAP" }).requestType).to.equal("Crosschain Swap");
    expect(ok({ requestType: "same-CHAIN swap" }).requestType).to.equal("Same-chain Swap");
    rejects({ requestType: "crosschain-swap" });
    rejects({ requestType: "Swap" });
    rejects({ requestType: "" });
  });

  it("features: comma list validated against the enum", () => {
    expect(ok({ features: "fast_fill" }).features).to.deep.equal(["fast_fill"]);
    expect(ok({ features: "fast_fill, app_fees,deposit_address" }).features).to.deep.equal([
      "fast_fill",
      "app_fees",
      "deposit_address",
    ]);
    for (const v of ["", "fast_fill,", "fast_fill,,app_fees", "fast-fill", "FAST_FILL", "fast_fill,teleport"])
      rejects({ features: v });
  });

  it("apiKey: single value or comma list", () => {
    expect(ok({ apiKey: "k1" }).apiKey).to.deep.equal(["k1"]);
    expect(ok({ apiKey: "k1,k2" }).apiKey).to.deep.equal(["k1", "k2"]);
    rejects({ apiKey: "" });
    rejects({ apiKey: "k1,,k2" });
  });

  it("privateChainsToInclude: comma list of UUIDs", () => {
    const a = "3f2504e0-4f89-11d3-9a0c-0305e82c3301";
    const b = "6ba7b810-9dad-11d1-80b4-00c04fd430c8";
    expect(ok({ privateChainsToInclude: `${a},${b}` }).privateChainsToInclude).to.deep.equal([a, b]);
    rejects({ privateChainsToInclude: "chain-one" });
  });

  it("strings: non-empty; id must be a request id", () => {
    expect(ok({ user: "0xabc", term: "0xdef", currencyInSymbol: "usdc" })).to.include({ user: "0xabc" });
    rejects({ user: "" });
    rejects({ continuation: "" });
    expect(ok({ id: REQUEST_ID }).id).to.equal(REQUEST_ID);
    rejects({ id: "0x12" });
  });

  it("strips unknown parameters", () => {
    expect(ok({ foo: "bar" })).to.not.have.property("foo");
  });

  describe("filters (JSON groups)", () => {
    it("parses groups, scalars, arrays, null checks and not: keys", () => {
      const filters = [
        { status: ["success", "refund"], "not:data.failReason": null, originChainId: 8453 },
        { "not:depositAddress": null, usesExternalLiquidity: true },
        { recipient: [null] },
      ];
      expect(ok({ filters: JSON.stringify(filters) }).filters).to.deep.equal(filters);
    });

    it("accepts an empty list and empty groups", () => {
      expect(ok({ filters: "[]" }).filters).to.deep.equal([]);
      expect(ok({ filters: "[{}]" }).filters).to.deep.equal([{}]);
    });

    it("rejects null mixed with real values in one array", () => {
      rejects({ filters: JSON.stringify([{ status: ["success", null] }]) });
      rejects({ filters: JSON.stringify([{ "not:status": [null, 1] }]) });
      const result = FiltersSchema.safeParse([{ status: [null, "success"] }]);
      expect(result.success).to.equal(false);
      expect(result.error?.issues[0]?.message).to.match(/null cannot be mixed/);
    });

    it("rejects malformed JSON, a non-array, objects and nested arrays as values, bad keys", () => {
      for (const filters of [
        "not json",
        "[{",
        '{"status":"success"}',
        '"success"',
        "[1]",
        "[null]",
        '[{"status":{"eq":"success"}}]',
        '[{"status":[["a"]]}]',
        '[{"status":[]}]',
        '[{"not:not:status":null}]',
        '[{"":1}]',
        '[{"not:":1}]',
        '[{"status value":1}]',
      ])
        rejects({ filters });
    });

    it("splits keys and values with the helpers", () => {
      expect(parseFilterKey("not:status")).to.deep.equal({ field: "status", negated: true });
      expect(parseFilterKey("data.failReason")).to.deep.equal({ field: "data.failReason", negated: false });
      expect(FILTER_KEY_PATTERN.test("not:data.failReason")).to.equal(true);
      expect(filterAlternatives("a")).to.deep.equal(["a"]);
      expect(filterAlternatives([1, 2])).to.deep.equal([1, 2]);
      expect(filterAlternatives(null)).to.equal(null);
      expect(filterAlternatives([null, null])).to.equal(null);
    });
  });

  describe("encoding typed parameters (client side)", () => {
    it("encodes to strings and decodes back to the same values", () => {
      const params = {
        limit: 5,
        includeTotal: true,
        originChainId: 8453,
        requestType: "Same-chain Swap" as const,
        features: ["fast_fill" as const, "app_fees" as const],
        apiKey: ["k1", "k2"],
        amountUsdMin: 0.0000001,
        filters: [{ "not:status": ["refund"], recipient: null }],
        sortBy: "amountUsd" as const,
      };
      const wire = encodeListRequestsQuery(params);
      expect(wire).to.deep.equal({
        limit: "5",
        includeTotal: "true",
        originChainId: "8453",
        requestType: "Same-chain Swap",
        features: "fast_fill,app_fees",
        apiKey: "k1,k2",
        amountUsdMin: "0.0000001",
        filters: '[{"not:status":["refund"],"recipient":null}]',
        sortBy: "amountUsd",
      });
      expect(ListRequestsQuerySchema.parse(wire)).to.deep.equal(params);
    });

    it("leaves absent parameters out and refuses invalid typed values", () => {
      expect(encodeListRequestsQuery({})).to.deep.equal({});
      expect(() => encodeListRequestsQuery({ limit: 51 })).to.throw();
      expect(() => encodeListRequestsQuery({ filters: [{ a: [1, null] as never }] })).to.throw();
    });

    it("formats decimals without exponent notation", () => {
      expect(toPlainDecimal(1e21)).to.equal("1000000000000000000000");
      expect(toPlainDecimal(1.5e-10)).to.equal("0.00000000015");
      expect(toPlainDecimal(5e-324)).to.equal(`0.${"0".repeat(323)}5`);
      expect(toPlainDecimal(123.456)).to.equal("123.456");
    });
  });

  it("headers: x-api-key required", () => {
    expect(ListRequestsHeadersSchema.safeParse({ "x-api-key": "k", host: "localhost" }).success).to.equal(
      true,
    );
    expect(ListRequestsHeadersSchema.safeParse({ host: "localhost" }).success).to.equal(false);
    expect(ListRequestsHeadersSchema.safeParse({ "x-api-key": "" }).success).to.equal(false);
  });

  it("response: requests with optional continuation (string or null) and optional total", () => {
    const requests = [requestRecord()];
    expect(ListRequestsResponseSchema.parse({ requests })).to.deep.equal({ requests });
    expect(
      ListRequestsResponseSchema.safeParse({ requests, continuation: "abc", total: 1 }).success,
    ).to.equal(true);
    expect(ListRequestsResponseSchema.safeParse({ requests, continuation: null }).success).to.equal(true);
    expect(ListRequestsResponseSchema.safeParse({ requests, total: -1 }).success).to.equal(false);
    expect(ListRequestsResponseSchema.safeParse({ continuation: null }).success).to.equal(false);
  });
});
