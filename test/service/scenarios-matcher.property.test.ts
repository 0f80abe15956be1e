/**
 * Properties of scenario matching: a match holds exactly when every field it gives holds (checked
 * against an oracle written from the documented rules), and the book hands each request to the first
 * scenario, in the order added, that still has matches left and applies, never more than `count`.
 */
import { expect } from "chai";
import fc from "fast-check";
import { hashApiKey } from "../../src/service/auth.ts";
import type { StoredRequest } from "../../src/service/records.ts";
import { ScenarioBook } from "../../src/service/scenarios/book.ts";
import { matchesRequest, type RequestFacts } from "../../src/service/scenarios/matcher.ts";
import { type ScenarioMatch, toPlanMatch } from "../../src/service/scenarios/schema.ts";
import { Store } from "../../src/service/store.ts";

const KEYS = ["key-a", "key-b"];
const evmAddress = fc.constantFrom(
  "0x70997970C51812dc3A010C7d01b50e0d17dc79C8",
  "0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC",
  "0x90F79bf6EB2c4f870365E785982E1f101E93b906",
);
const svmAddress = fc.constantFrom(
  "9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM",
  "So1ver1111111111111111111111111111111111111",
);
const wallet = fc.oneof(evmAddress, svmAddress);
const currency = fc.constantFrom(
  "0x0000000000000000000000000000000000000000",
  "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913",
  "11111111111111111111111111111111",
);
const chainId = fc.constantFrom(1, 10, 8453, 792703809);
const amount = fc.bigInt({ min: 0n, max: 10n ** 24n });

const facts: fc.Arbitrary<RequestFacts> = fc.record({
  user: wallet,
  recipient: wallet,
  originChainId: chainId,
  destinationChainId: chainId,
  originCurrency: currency,
  destinationCurrency: currency,
  originAmount: amount,
  apiKeyHash: fc.option(fc.constantFrom(...KEYS).map(hashApiKey), { nil: null }),
});

const match: fc.Arbitrary<ScenarioMatch> = fc.record(
  {
    wallet: wallet.chain((w) => fc.constantFrom(w, w.startsWith("0x") ? w.toLowerCase() : w)),
    currency,
    chainId,
    minAmount: amount.map(String),
    maxAmount: amount.map(String),
    apiKey: fc.constantFrom(...KEYS),
  },
  { requiredKeys: [] },
);

/** A match the schema accepts: its amount range in order. */
const validMatch = match.map((m) =>
  m.minAmount !== undefined && m.maxAmount !== undefined && BigInt(m.minAmount) > BigInt(m.maxAmount)
    ? { ...m, minAmount: m.maxAmount, maxAmount: m.minAmount }
    : m,
);

/** The documented rules, written independently: EVM hex compares case-insensitively, SVM exactly. */
function oracle(m: ScenarioMatch, f: RequestFacts): boolean {
  const eq = (a: string, b: string) =>
    a.startsWith("0x") && b.startsWith("0x") ? a.toLowerCase() === b.toLowerCase() : a === b;
  return (
    (m.wallet === undefined || eq(m.wallet, f.user) || eq(m.wallet, f.recipient)) &&
    (m.currency === undefined || eq(m.currency, f.originCurrency) || eq(m.currency, f.destinationCurrency)) &&
    (m.chainId === undefined || m.chainId === f.originChainId || m.chainId === f.destinationChainId) &&
    (m.minAmount === undefined || f.originAmount >= BigInt(m.minAmount)) &&
    (m.maxAmount === undefined || f.originAmount <= BigInt(m.maxAmount)) &&
    (m.apiKey === undefined || (f.apiKeyHash !== null && hashApiKey(m.apiKey) === f.apiKeyHash))
  );
}

const requestOf = (id: number, f: RequestFacts): StoredRequest =>
  ({
    record: { id: `0x${id.toString(16).padStart(64, "0")}`, user: f.user, recipient: f.recipient },
    meta: {
      originChainId: f.originChainId,
      destinationChainId: f.destinationChainId,
      originCurrency: f.originCurrency,
      destinationCurrency: f.destinationCurrency,
      originAmount: f.originAmount.toString(),
      apiKeyHash: f.apiKeyHash,
    },
  }) as unknown as StoredRequest;

describe("scenario matching (property)", () => {
  it("a match holds exactly when every field it gives holds", () => {
    fc.assert(
      fc.property(match, facts, (m, f) => {
        expect(matchesRequest(toPlanMatch(m), f)).to.equal(oracle(m, f));
      }),
      {
        numRuns: 2000,
      },
    );
  });

  it("the empty match takes every request; a match built from the request's own values takes it", () => {
    fc.assert(
      fc.property(facts, fc.boolean(), fc.boolean(), (f, useRecipient, useDestination) => {
        expect(matchesRequest({}, f)).to.equal(true);
        const own: ScenarioMatch = {
          wallet: useRecipient ? f.recipient : f.user,
          currency: useDestination ? f.destinationCurrency : f.originCurrency,
          chainId: useDestination ? f.destinationChainId : f.originChainId,
          minAmount: f.originAmount.toString(),
          maxAmount: f.originAmount.toString(),
        };
        expect(matchesRequest(toPlanMatch(own), f)).to.equal(true);
        expect(matchesRequest({ ...own, maxAmount: (f.originAmount - 1n).toString() }, f)).to.equal(false);
      }),
    );
  });

  it("the book gives each request to the first scenario with matches left that applies, at most count each", () => {
    const scenarios = fc.array(fc.record({ match: validMatch, count: fc.integer({ min: 1, max: 3 }) }), {
      minLength: 1,
      maxLength: 5,
    });
    fc.assert(
      fc.property(scenarios, fc.array(facts, { maxLength: 12 }), (added, requests) => {
        const book = new ScenarioBook(new Store(), () => 0);
        const ids = added.map(
          (scenario) => book.add({ match: scenario.match, count: scenario.count, outcome: "failure" }).id,
        );
        const left = added.map((scenario) => scenario.count);
        const expected: (string | null)[] = [];
        const got: (string | null)[] = [];
        requests.forEach((f, index) => {
          const at = added.findIndex((scenario, i) => (left[i] ?? 0) > 0 && oracle(scenario.match, f));
          if (at >= 0) left[at] = (left[at] ?? 0) - 1;
          expected.push(at >= 0 ? (ids[at] ?? null) : null);
          const request = requestOf(index, f);
          const plan = book.claim(request, () => true);
          const owner = book
            .list()
            .find((view) => view.matched.some((m) => m.requestId === request.record.id));
          got.push(plan === null ? null : (owner?.id ?? "?"));
        });
        expect(got).to.deep.equal(expected);
        for (const view of book.list()) expect(view.matched.length + view.remaining).to.equal(view.count);
      }),
      { numRuns: 300 },
    );
  });
});
