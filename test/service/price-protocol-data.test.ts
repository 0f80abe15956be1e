/**
 * POST /price and `includeProtocolData`: the service's published /price takes no such member and
 * answers fees and details only, so a price never carries a protocol order. The mock answers a
 * price with the flag exactly as one without it (no `protocol`, no steps, nothing stored, no
 * PROTOCOL_DATA_UNSUPPORTED), while the same body on POST /quote/v2 does issue an order.
 */
import { expect } from "chai";
import fc from "fast-check";
import type { Service } from "../../src/service/index.ts";
import { API_KEY, get, post, quoteBody, testService } from "./helpers.ts";

describe("service: POST /price with includeProtocolData", () => {
  let service: Service;
  beforeEach(() => {
    service = testService();
  });
  afterEach(() => service.close());

  const stored = async () =>
    (
      (await get(service, "/requests/v3?includeTotal=true", { "x-api-key": API_KEY })).body as {
        total: number;
      }
    ).total;

  it("the flag that makes /quote/v2 issue an order changes nothing in a price", async () => {
    const withFlag = quoteBody({ includeProtocolData: true });
    // The setup is real: the same body on /quote/v2 does carry a signed order.
    const quote = await post(service, "/quote/v2", withFlag);
    expect(quote.status, quote.raw).to.equal(200);
    expect((quote.body as { protocol?: { v2: { orderId: string } } }).protocol?.v2.orderId).to.match(
      /^0x[0-9a-f]{64}$/,
    );

    const before = await stored();
    const plain = await post(service, "/price", quoteBody());
    const flagged = await post(service, "/price", withFlag);
    expect(flagged.status, flagged.raw).to.equal(200);
    const body = flagged.body as Record<string, unknown>;
    expect(body).to.not.have.property("protocol");
    expect(body.steps).to.deep.equal([]);
    expect(body).to.deep.equal(plain.body);
    expect(await stored()).to.equal(before);
  });

  it("whatever the flag holds, a price answers as without it, even between chains without protocol ids", async () => {
    const flag = fc.oneof(fc.boolean(), fc.string(), fc.integer(), fc.constant(null));
    const route = fc.constantFrom(
      {},
      { originChainId: 31337 }, // no protocol chain id: /quote/v2 with the flag is PROTOCOL_DATA_UNSUPPORTED
    );
    await fc.assert(
      fc.asyncProperty(flag, route, async (includeProtocolData, overrides) => {
        const plain = await post(service, "/price", quoteBody(overrides));
        const flagged = await post(service, "/price", quoteBody({ ...overrides, includeProtocolData }));
        expect(flagged.status, flagged.raw).to.equal(plain.status);
        expect(flagged.body).to.deep.equal(plain.body);
        expect(flagged.body).to.not.have.property("protocol");
      }),
      { numRuns: 25 },
    );
  });
});
