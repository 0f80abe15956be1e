/**
 * The event the service builds for a status change matches the published event schema (what
 * `verifyWebhook` accepts) for every status and reason, and carries `failReason` exactly on
 * failure, fallback and refund (`UNKNOWN` when none was recorded), as the status endpoint does.
 */
import { expect } from "chai";
import fc from "fast-check";
import {
  FAIL_REASON_STATUSES,
  FAIL_REASONS,
  REFUND_FAIL_REASONS,
  REQUEST_STATUSES,
  RequestStatusUpdatedEventSchema,
} from "../../src/schemas/index.ts";
import { statusOf } from "../../src/service/lifecycle.ts";
import { generateRequests } from "../../src/service/seed.ts";
import { statusEvent } from "../../src/service/webhooks/outbox.ts";

describe("webhook event of a status change", () => {
  const requests = generateRequests({ seed: 7, count: 60, apiKeys: ["k"] });

  it("property: matches the schema for any status and reasons; failReason only where the docs put it", () => {
    fc.assert(
      fc.property(
        fc.nat(requests.length - 1),
        fc.constantFrom(...REQUEST_STATUSES),
        fc.option(fc.constantFrom(...FAIL_REASONS)),
        fc.option(fc.constantFrom(...REFUND_FAIL_REASONS)),
        (index, status, failReason, refundFailReason) => {
          const base = requests[index] as (typeof requests)[number];
          const request = structuredClone(base);
          request.record.status = status;
          request.record.data.failReason = failReason;
          request.record.data.refundFailReason = refundFailReason;
          const event = statusEvent(request);
          const parsed = RequestStatusUpdatedEventSchema.safeParse(JSON.parse(JSON.stringify(event)));
          expect(parsed.success, JSON.stringify(parsed.error?.issues)).to.equal(true);
          expect(event.timestamp).to.equal(request.meta.updatedAt);
          expect(event.data).to.deep.equal({ ...statusOf(request.record), requestId: request.record.id });
          if ((FAIL_REASON_STATUSES as readonly string[]).includes(status)) {
            expect(event.data.failReason).to.equal(failReason ?? "UNKNOWN");
            expect(event.data.refundFailReason).to.equal(refundFailReason ?? undefined);
          } else {
            expect(event.data).to.not.have.any.keys("failReason", "refundFailReason");
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});
