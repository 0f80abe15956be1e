/**
 * verifyWebhook checks the body without zod (src/webhooks/event.ts): for valid, mutated and arbitrary
 * JSON bodies it accepts exactly what the published WebhookEventSchema accepts and returns the same
 * value, member order included.
 */
import { expect } from "chai";
import fc from "fast-check";
import {
  FAIL_REASONS,
  REFUND_FAIL_REASONS,
  REQUEST_STATUSES,
  WebhookEventSchema,
} from "../../src/schemas/index.ts";
import { checkWebhookEvent, WebhookEventIssue } from "../../src/webhooks/event.ts";

/** The checker's verdict: the event, or null when it found an issue. */
function checked(body: unknown): unknown {
  try {
    return checkWebhookEvent(body);
  } catch (error) {
    if (error instanceof WebhookEventIssue) return null;
    throw error;
  }
}

function expectSameVerdict(body: unknown): void {
  const zod = WebhookEventSchema.safeParse(body);
  const ours = checked(body);
  const shown = JSON.stringify(body);
  expect(ours !== null, shown).to.equal(zod.success);
  if (zod.success) {
    expect(JSON.stringify(ours), shown).to.equal(JSON.stringify(zod.data));
    expect(ours, shown).to.deep.equal(zod.data);
  }
}

/** A value that is valid for a member, or one of the near misses a sender could make. */
const either = <T>(valid: fc.Arbitrary<T>, ...wrong: fc.Arbitrary<unknown>[]) =>
  fc.oneof({ arbitrary: valid, weight: 8 }, ...wrong.map((arbitrary) => ({ arbitrary, weight: 1 })));
const hex64 = fc.stringMatching(/^0x[0-9a-fA-F]{64}$/);
const numbers = fc.oneof(
  fc.integer(),
  fc.double(),
  fc.constantFrom(0, -0, 1e300, -1, 2 ** 53, 2 ** 53 - 1, 0.5, Number.MAX_VALUE),
);
const absent = fc.constant(undefined);

const data = fc.record(
  {
    requestId: either(
      hex64,
      fc.string(),
      hex64.map((id) => `${id}0`),
      numbers,
    ),
    status: either(fc.constantFrom(...REQUEST_STATUSES), fc.string(), fc.constant("REFUND")),
    inTxHashes: either(fc.array(fc.string()), fc.array(fc.jsonValue()), fc.string()),
    txHashes: either(fc.array(fc.string()), fc.array(fc.jsonValue()), fc.constant(null)),
    updatedAt: either(fc.double({ min: 0, noNaN: true, noDefaultInfinity: true }), numbers, fc.string()),
    originChainId: either(fc.integer({ min: 1 }), numbers, fc.string()),
    destinationChainId: either(fc.integer({ min: 1 }), numbers, fc.constant(null)),
    failReason: either(fc.constantFrom(...FAIL_REASONS), absent, fc.constant(null), fc.string()),
    refundFailReason: either(fc.constantFrom(...REFUND_FAIL_REASONS), absent, fc.constant(null), fc.string()),
    depositAddress: fc.jsonValue(),
    referrer: fc.string(),
  },
  { requiredKeys: [] },
);

const event = fc.record(
  {
    event: either(fc.constant("request.status.updated"), fc.string(), fc.constant(null)),
    timestamp: either(fc.nat(), numbers, fc.string()),
    data: either(data, fc.jsonValue(), fc.array(fc.jsonValue())),
    extra: fc.jsonValue(),
  },
  { requiredKeys: [] },
);

describe("webhook body check without zod", () => {
  it("property: same verdict and value as WebhookEventSchema on near-valid events (through JSON)", () => {
    fc.assert(
      fc.property(event, (body) => expectSameVerdict(JSON.parse(JSON.stringify(body)))),
      { numRuns: 3000 },
    );
  });

  it("property: same verdict on arbitrary JSON", () => {
    fc.assert(fc.property(fc.jsonValue(), expectSameVerdict), { numRuns: 1000 });
  });

  it("refuses a valid event with an infinite updatedAt (1e400 in the JSON), as the schema does", () => {
    const body = JSON.parse(
      `{"event":"request.status.updated","timestamp":1,"data":{"requestId":"0x${"ab".repeat(32)}","status":"success","inTxHashes":[],"txHashes":[],"updatedAt":1e400,"originChainId":1,"destinationChainId":2}}`,
    );
    expect(checked(body)).to.equal(null);
    expect(WebhookEventSchema.safeParse(body).success).to.equal(false);
    body.data.updatedAt = 5;
    expect(checked(body)).to.deep.equal(WebhookEventSchema.parse(body));
  });
});
