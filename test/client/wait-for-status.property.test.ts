/**
 * `waitForStatus` against a server whose request walks any path of statuses: it returns the first
 * final status (`FINAL_STATUSES`) and nothing before it; every intermediate status, `delayed`
 * included, passes by and is reported to `onStatus`.
 */
import { expect } from "chai";
import fc from "fast-check";
import { createServiceClient } from "../../src/client/index.ts";
import { FINAL_STATUSES, REQUEST_STATUSES, RequestStatusSchema } from "../../src/schemas/index.ts";

const REQUEST_ID = `0x${"ab".repeat(32)}`;
const FINAL = new Set<string>(FINAL_STATUSES);
const INTERMEDIATE = REQUEST_STATUSES.filter((status) => !FINAL.has(status));

/** A client whose status endpoint answers `statuses` in turn (the last one from then on). */
function clientAnswering(statuses: readonly string[]) {
  let next = 0;
  return createServiceClient({
    baseUrl: "http://status.test",
    fetch: async () => {
      const status = statuses[Math.min(next, statuses.length - 1)];
      next += 1;
      return new Response(JSON.stringify({ status, txHashes: [] }), { status: 200 });
    },
  });
}

describe("client: waitForStatus goes on past delayed", () => {
  it("delayed is a request status, and not a final one", () => {
    expect(RequestStatusSchema.parse("delayed")).to.equal("delayed");
    expect(INTERMEDIATE).to.include("delayed");
    expect(FINAL_STATUSES).to.not.include("delayed");
  });

  it("property: on any path of intermediate statuses, it returns the first final one and reports each status seen", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.constantFrom(...INTERMEDIATE), { maxLength: 12 }),
        fc.constantFrom(...FINAL_STATUSES),
        fc.array(fc.constantFrom(...REQUEST_STATUSES), { maxLength: 3 }),
        async (before, final, after) => {
          const seen: string[] = [];
          const done = await clientAnswering([...before, final, ...after]).waitForStatus(REQUEST_ID, {
            intervalMs: 0,
            timeoutMs: 5000,
            onStatus: (status) => seen.push(status.status),
          });
          expect(done.status).to.equal(final);
          expect(seen).to.deep.equal([...before, final]);
        },
      ),
      { numRuns: 200 },
    );
  });

  it("with until: ['delayed'] a caller can still stop on it", async () => {
    const done = await clientAnswering(["waiting", "pending", "delayed", "success"]).waitForStatus(
      REQUEST_ID,
      {
        intervalMs: 0,
        until: ["delayed"],
      },
    );
    expect(done.status).to.equal("delayed");
  });
});
