import { expect } from "chai";
import {
  PriceBodySchema,
  PriceResponseSchema,
  QuoteBodySchema,
  QuoteResponseSchema,
  QuoteStepSchema,
  QuoteV2BodySchema,
} from "../../src/schemas/index.ts";
import { quoteResponse, quoteV2Body, SVM_USDC, SVM_USER } from "./fixtures.ts";

const accepts = (body: unknown) =>
  expect(QuoteV2BodySchema.safeParse(body).success, JSON.stringify(body)).to.equal(true);
const rejects = (body: unknown) =>
  expect(QuoteV2BodySchema.safeParse(body).success, JSON.stringify(body)).to.equal(false);

describe("schemas: quote bodies (4.2, 4.3)", () => {
  it("accepts a full quote/v2 body unchanged", () => {
    const body = quoteV2Body();
    expect(QuoteV2BodySchema.parse(body)).to.deep.equal(body);
  });

  it("accepts a minimal body (optional members left out) and an SVM-origin body", () => {
    const {
      recipient: _r,
      referrer: _f,
      useExternalLiquidity: _u,
      includedOriginSwapSources: _i,
      maxRouteLength: _m,
      ...min
    } = quoteV2Body();
    accepts(min);
    accepts({ ...min, originChainId: 792703809, user: SVM_USER, originCurrency: SVM_USDC });
  });

  it("requires user, chain ids, currencies, tradeType and amount", () => {
    for (const key of [
      "user",
      "originChainId",
      "destinationChainId",
      "originCurrency",
      "destinationCurrency",
      "tradeType",
      "amount",
    ]) {
      const body: Record<string, unknown> = quoteV2Body();
      delete body[key];
      rejects(body);
    }
  });

  it("amount is an integer string in the smallest unit", () => {
    accepts({ ...quoteV2Body(), amount: "0" });
    accepts({
      ...quoteV2Body(),
      amount: "115792089237316195423570985008687907853269984665640564039457584007913129639935",
    });
    for (const amount of ["1.5", "-1", "1e6", "", " 1", "01", "0x10"]) rejects({ ...quoteV2Body(), amount });
    rejects({ ...quoteV2Body(), amount: 1000000 });
  });

  it("chain ids are positive integers", () => {
    for (const id of [0, -1, 1.5, "8453", Number.NaN, 2 ** 53]) {
      rejects({ ...quoteV2Body(), originChainId: id });
      rejects({ ...quoteV2Body(), destinationChainId: id });
    }
  });

  it("tradeType: EXACT_INPUT (the only value shown)", () => {
    rejects({ ...quoteV2Body(), tradeType: "EXACT_OUTPUT" });
    rejects({ ...quoteV2Body(), tradeType: "exact_input" });
  });

  it("includedOriginSwapSources: non-empty array of non-empty strings", () => {
    accepts({ ...quoteV2Body(), includedOriginSwapSources: ["a", "b"] });
    rejects({ ...quoteV2Body(), includedOriginSwapSources: [] });
    rejects({ ...quoteV2Body(), includedOriginSwapSources: [""] });
    rejects({ ...quoteV2Body(), includedOriginSwapSources: "a" });
  });

  it("maxRouteLength: positive integer", () => {
    accepts({ ...quoteV2Body(), maxRouteLength: 3 });
    for (const n of [0, -1, 2.5, "4"]) rejects({ ...quoteV2Body(), maxRouteLength: n });
  });

  it("booleans and strings are typed", () => {
    rejects({ ...quoteV2Body(), useExternalLiquidity: "true" });
    rejects({ ...quoteV2Body(), referrer: 1 });
  });

  it("keeps unknown members (the full parameter list is not shown)", () => {
    const body = { ...quoteV2Body(), slippageTolerance: "50" };
    expect(QuoteV2BodySchema.parse(body)).to.deep.equal(body);
  });

  it("POST /quote and POST /price reuse the quote/v2 body", () => {
    const body = quoteV2Body();
    expect(QuoteBodySchema.parse(body)).to.deep.equal(body);
    expect(PriceBodySchema.parse(body)).to.deep.equal(body);
    expect(PriceBodySchema.safeParse({ ...body, amount: "1.5" }).success).to.equal(false);
  });
});

describe("schemas: quote response (2.8, 2.9)", () => {
  it("parses a realistic two-step quote unchanged", () => {
    const quote = quoteResponse();
    expect(QuoteResponseSchema.parse(quote)).to.deep.equal(quote);
    expect(PriceResponseSchema.parse(quote)).to.deep.equal(quote);
  });

  it("step items: check method must be GET, chainId positive, requestId a request id", () => {
    const step = quoteResponse().steps[1]!;
    expect(QuoteStepSchema.parse(step)).to.deep.equal(step);
    const badMethod = structuredClone(step);
    (badMethod.items[0] as { check: { method: string } }).check.method = "POST";
    expect(QuoteStepSchema.safeParse(badMethod).success).to.equal(false);
    const badChain = structuredClone(step);
    badChain.items[0]!.data.chainId = 0;
    expect(QuoteStepSchema.safeParse(badChain).success).to.equal(false);
    expect(QuoteStepSchema.safeParse({ ...step, requestId: "abc" }).success).to.equal(false);
  });

  it("SVM step data: EVM calldata members are optional, other members kept", () => {
    const step = structuredClone(quoteResponse().steps[1]!);
    const svmData = {
      from: SVM_USER,
      to: SVM_USER,
      chainId: 792703809,
      instructions: [{ keys: [], data: "00" }],
    };
    step.items[0]!.data = svmData as never;
    expect(QuoteStepSchema.parse(step).items[0]!.data).to.deep.equal(svmData);
  });

  it("open strings for values the spec only lists as seen (step id, kind, status, operation)", () => {
    const quote = quoteResponse();
    quote.steps[0]!.id = "swap";
    quote.steps[0]!.kind = "signature";
    quote.steps[0]!.items[0]!.status = "complete";
    quote.details.operation = "bridge";
    expect(QuoteResponseSchema.safeParse(quote).success).to.equal(true);
  });

  it("requires gas and relayer fees and currency amounts in details", () => {
    const noRelayer = quoteResponse();
    delete (noRelayer.fees as Record<string, unknown>)["relayer"];
    expect(QuoteResponseSchema.safeParse(noRelayer).success).to.equal(false);
    const badIn = quoteResponse();
    (badIn.details.currencyIn as Record<string, unknown>)["amount"] = "1.0";
    expect(QuoteResponseSchema.safeParse(badIn).success).to.equal(false);
  });
});
