import { expect } from "chai";
import fc from "fast-check";
import { AttestkitError, InvalidSvmArgumentError } from "../../src/errors.ts";
import {
  applySvmQuoteAttempt,
  nextSvmQuoteAttempt,
  type SvmQuoteAttempt,
  svmQuoteLadder,
} from "../../src/svm/index.ts";

function thrown(fn: () => unknown): unknown {
  try {
    fn();
  } catch (err) {
    return err;
  }
  throw new Error("expected a throw");
}

/** The route parameters a rung sends (what changes between attempts). */
const params = (a: SvmQuoteAttempt | null) =>
  a && { maxRouteLength: a.maxRouteLength, includedOriginSwapSources: a.includedOriginSwapSources };

describe("svm quote ladder", () => {
  it("without swap sources: as requested, then maxRouteLength 4, then 3, then exhausted", () => {
    expect(svmQuoteLadder()).to.deep.equal([
      { attempt: 0, kind: "as-requested" },
      { attempt: 1, kind: "max-route-length", maxRouteLength: 4 },
      { attempt: 2, kind: "max-route-length", maxRouteLength: 3 },
    ]);
    expect(nextSvmQuoteAttempt(0)).to.deep.equal({ attempt: 0, kind: "as-requested" });
    expect(nextSvmQuoteAttempt(1)?.maxRouteLength).to.equal(4);
    expect(nextSvmQuoteAttempt(2)?.maxRouteLength).to.equal(3);
    expect(nextSvmQuoteAttempt(3)).to.equal(null);
    expect(nextSvmQuoteAttempt(1000)).to.equal(null);
  });

  it("with swap sources: then one rung per distinct source, restricting routing to it", () => {
    const ladder = svmQuoteLadder({ swapSources: ["dex-a", "dex-b", "dex-a"] });
    expect(ladder.map((a) => a.kind)).to.deep.equal([
      "as-requested",
      "max-route-length",
      "max-route-length",
      "single-swap-source",
      "single-swap-source",
    ]);
    expect(ladder[3]).to.deep.equal({
      attempt: 3,
      kind: "single-swap-source",
      includedOriginSwapSources: ["dex-a"],
    });
    expect(ladder[4]?.includedOriginSwapSources).to.deep.equal(["dex-b"]);
    expect(nextSvmQuoteAttempt(5, { swapSources: ["dex-a", "dex-b"] })).to.equal(null);
  });

  it("skips rungs that would not tighten what was already requested (same route, same input: same failure)", () => {
    expect(svmQuoteLadder({ requested: { maxRouteLength: 4 } }).map(params)).to.deep.equal([
      { maxRouteLength: undefined, includedOriginSwapSources: undefined },
      { maxRouteLength: 3, includedOriginSwapSources: undefined },
    ]);
    expect(svmQuoteLadder({ requested: { maxRouteLength: 2 } })).to.have.length(1);
    expect(svmQuoteLadder({ requested: { maxRouteLength: 9 } })).to.have.length(3);
    const ladder = svmQuoteLadder({
      swapSources: ["dex-a", "dex-b"],
      requested: { includedOriginSwapSources: ["dex-a"] },
    });
    expect(ladder.map((a) => a.includedOriginSwapSources?.[0])).to.deep.equal([
      undefined,
      undefined,
      undefined,
      "dex-b",
    ]);
  });

  it("applySvmQuoteAttempt sets the rung's parameters on a copy of the body", () => {
    const body = { user: "u", amount: "1000", maxRouteLength: 6 };
    const [first, four, , single] = svmQuoteLadder({ swapSources: ["dex-a"] });
    const copy = applySvmQuoteAttempt(body, first as SvmQuoteAttempt);
    expect(copy).to.deep.equal(body);
    expect(copy).not.to.equal(body);
    expect(applySvmQuoteAttempt(body, four as SvmQuoteAttempt)).to.deep.equal({ ...body, maxRouteLength: 4 });
    const withSource = applySvmQuoteAttempt(body, single as SvmQuoteAttempt);
    expect(withSource.includedOriginSwapSources).to.deep.equal(["dex-a"]);
    withSource.includedOriginSwapSources?.push("x");
    expect(single?.includedOriginSwapSources).to.deep.equal(["dex-a"]);
    expect(body).to.deep.equal({ user: "u", amount: "1000", maxRouteLength: 6 });
  });

  it("drives a re-quote loop that stops at the first quote that fits", () => {
    const sent: unknown[] = [];
    const quote = (body: { maxRouteLength?: number }) => {
      sent.push(body);
      return body.maxRouteLength === 3 ? { ok: true } : { errorCode: "SOLANA_TX_TOO_LARGE" };
    };
    let result: unknown = null;
    for (let n = 0, step = nextSvmQuoteAttempt(0); step; step = nextSvmQuoteAttempt(++n)) {
      const res = quote(applySvmQuoteAttempt({ amount: "5" }, step));
      if (!("errorCode" in res)) {
        result = res;
        break;
      }
    }
    expect(result).to.deep.equal({ ok: true });
    expect(sent).to.deep.equal([
      { amount: "5" },
      { amount: "5", maxRouteLength: 4 },
      { amount: "5", maxRouteLength: 3 },
    ]);
  });

  it("properties: pure, numbered, never repeats a rung, each rung tighter than the first, ends in null", () => {
    fc.assert(
      fc.property(
        fc.array(fc.string({ minLength: 1, maxLength: 8 }), { maxLength: 6 }),
        fc.option(fc.integer({ min: 1, max: 8 }), { nil: undefined }),
        (swapSources, maxRouteLength) => {
          const options = {
            swapSources,
            requested: maxRouteLength === undefined ? undefined : { maxRouteLength },
          };
          const ladder = svmQuoteLadder(options);
          expect(svmQuoteLadder(options)).to.deep.equal(ladder);
          expect(ladder[0]?.kind).to.equal("as-requested");
          ladder.forEach((a, i) => {
            expect(a.attempt).to.equal(i);
            expect(nextSvmQuoteAttempt(i, options)).to.deep.equal(a);
            if (a.maxRouteLength !== undefined && maxRouteLength !== undefined) {
              expect(a.maxRouteLength).to.be.below(maxRouteLength);
            }
            if (a.includedOriginSwapSources) expect(a.includedOriginSwapSources).to.have.length(1);
          });
          const keys = ladder.map((a) => JSON.stringify(params(a)));
          expect(new Set(keys).size).to.equal(keys.length);
          expect(ladder.length).to.equal(
            1 +
              [4, 3].filter((n) => maxRouteLength === undefined || n < maxRouteLength).length +
              new Set(swapSources).size,
          );
          expect(nextSvmQuoteAttempt(ladder.length, options)).to.equal(null);
        },
      ),
      { numRuns: 500 },
    );
  });

  const bad: Array<[string, () => unknown]> = [
    ["previousAttempts -1", () => nextSvmQuoteAttempt(-1)],
    ["previousAttempts 1.5", () => nextSvmQuoteAttempt(1.5)],
    ["previousAttempts NaN", () => nextSvmQuoteAttempt(Number.NaN)],
    ["previousAttempts as string", () => nextSvmQuoteAttempt("1" as unknown as number)],
    ["options null", () => svmQuoteLadder(null as unknown as object)],
    ["swapSources a string", () => svmQuoteLadder({ swapSources: "dex-a" as unknown as string[] })],
    ["empty swap source", () => svmQuoteLadder({ swapSources: [""] })],
    ["non-string swap source", () => svmQuoteLadder({ swapSources: [5 as unknown as string] })],
    ["requested.maxRouteLength 0", () => svmQuoteLadder({ requested: { maxRouteLength: 0 } })],
    [
      "requested.maxRouteLength as string",
      () => svmQuoteLadder({ requested: { maxRouteLength: "4" as unknown as number } }),
    ],
    ["requested null", () => svmQuoteLadder({ requested: null as unknown as object })],
  ];
  for (const [name, fn] of bad) {
    it(`bad input: ${name} -> INVALID_SVM_ARGUMENT`, () => {
      const err = thrown(fn);
      expect(err).to.be.instanceOf(InvalidSvmArgumentError).and.instanceOf(AttestkitError);
      expect((err as AttestkitError).code).to.equal("INVALID_SVM_ARGUMENT");
    });
  }
});
