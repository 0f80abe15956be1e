import { expect } from "chai";
import {
  DEPOSIT_ADDRESS_TYPES,
  DepositAddressTypeSchema,
  FAIL_REASONS,
  FailReasonSchema,
  FEATURES,
  FEE_SPONSORSHIP_COMPONENTS,
  FeatureSchema,
  FeeSponsorshipComponentSchema,
  LIST_REQUESTS_STATUSES,
  ListRequestsStatusSchema,
  QUOTE_STEP_IDS,
  QuoteStepIdSchema,
  REFUND_FAIL_REASONS,
  REQUEST_STATUSES,
  REQUEST_TYPES,
  RefundFailReasonSchema,
  RequestStatusSchema,
  RequestTypeSchema,
  SORT_BY_VALUES,
  SORT_DIRECTIONS,
  SortBySchema,
  SortDirectionSchema,
  SPEC_REQUEST_STATUSES,
  TRANSACTION_STATUSES,
  TransactionStatusSchema,
} from "../../src/schemas/index.ts";

describe("schemas: enums", () => {
  const cases = [
    ["request statuses (the spec's seven, fallback and delayed)", REQUEST_STATUSES, RequestStatusSchema, 9],
    ["list filter statuses", LIST_REQUESTS_STATUSES, ListRequestsStatusSchema, 5],
    ["fail reasons (7.2)", FAIL_REASONS, FailReasonSchema, 69],
    ["refund fail reasons", REFUND_FAIL_REASONS, RefundFailReasonSchema, 5],
    ["request types", REQUEST_TYPES, RequestTypeSchema, 7],
    ["features", FEATURES, FeatureSchema, 7],
    ["sortBy", SORT_BY_VALUES, SortBySchema, 3],
    ["sortDirection", SORT_DIRECTIONS, SortDirectionSchema, 2],
    ["deposit address types", DEPOSIT_ADDRESS_TYPES, DepositAddressTypeSchema, 2],
    ["transaction statuses", TRANSACTION_STATUSES, TransactionStatusSchema, 2],
    ["fee sponsorship components", FEE_SPONSORSHIP_COMPONENTS, FeeSponsorshipComponentSchema, 5],
    ["quote step ids", QUOTE_STEP_IDS, QuoteStepIdSchema, 2],
  ] as const;

  for (const [name, values, schema, count] of cases) {
    it(`${name}: ${count} distinct values, tuple and zod enum agree`, () => {
      expect(values).to.have.length(count);
      expect(new Set(values).size).to.equal(count);
      expect(schema.options).to.deep.equal([...values]);
      for (const v of values) expect(schema.parse(v)).to.equal(v);
      expect(schema.safeParse("definitely-not-a-member").success).to.equal(false);
    });
  }

  it("request statuses: the service interface's seven in its order, then fallback and delayed (the service's current docs)", () => {
    expect(SPEC_REQUEST_STATUSES).to.deep.equal([
      "refund",
      "waiting",
      "depositing",
      "failure",
      "pending",
      "submitted",
      "success",
    ]);
    expect(REQUEST_STATUSES).to.deep.equal([...SPEC_REQUEST_STATUSES, "fallback", "delayed"]);
    expect(ListRequestsStatusSchema.safeParse("fallback").success).to.equal(false);
    expect(ListRequestsStatusSchema.safeParse("delayed").success).to.equal(false);
  });

  it("fail reasons: every value of spec 7.2 as written, N/A included, in spec order", () => {
    // Counted from the spec text: 69 values (the list is the source of truth, not a remembered count).
    expect(FAIL_REASONS[0]).to.equal("UNKNOWN");
    expect(FAIL_REASONS.at(-1)).to.equal("N/A");
    for (const v of [
      "MARKETPLACE_INEXACT_FRACTION",
      "DEX_ERROR",
      "AGGREGATOR_INVALID_TOKEN_ACCOUNT",
      "ERC_1155_TOO_MANY_REQUESTED",
    ])
      expect(FAIL_REASONS).to.include(v);
    expect(FailReasonSchema.safeParse("n/a").success).to.equal(false);
    expect(FailReasonSchema.safeParse("slippage").success).to.equal(false);
  });

  it("list filter statuses are a subset of request statuses", () => {
    for (const s of LIST_REQUESTS_STATUSES) expect(REQUEST_STATUSES).to.include(s);
    expect(LIST_REQUESTS_STATUSES).to.not.include("waiting");
    expect(LIST_REQUESTS_STATUSES).to.not.include("submitted");
  });

  it("request types keep the spec's spelling", () => {
    expect(REQUEST_TYPES).to.deep.equal([
      "Bridge",
      "Crosschain Swap",
      "Same-chain Swap",
      "Send",
      "Wrap",
      "Unwrap",
      "Call",
    ]);
  });
});
