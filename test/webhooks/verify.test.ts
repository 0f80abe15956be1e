/**
 * verifyWebhook against signatures made as the service's public description says (node:crypto
 * HMAC-SHA256 of `${timestamp}.${body}` keyed with the API key): authentic deliveries pass, and each
 * attack gets its own typed error.
 */
import { createHmac } from "node:crypto";
import { expect } from "chai";
import fc from "fast-check";
import {
  signWebhook,
  verifyWebhook,
  WebhookBodyError,
  WebhookMissingHeaderError,
  WebhookSignatureError,
  WebhookTimestampError,
  WebhookVerificationError,
} from "../../src/webhooks/index.ts";

const KEY = "integrator-api-key";
const NOW = 1_764_300_000_000;
const REQUEST_ID = `0x${"ab".repeat(32)}`;

const eventBody = (overrides: Record<string, unknown> = {}) =>
  JSON.stringify({
    event: "request.status.updated",
    timestamp: NOW - 50,
    data: {
      status: "refund",
      inTxHashes: ["0x01"],
      txHashes: ["0x02"],
      updatedAt: (NOW - 50) / 1000,
      originChainId: 8453,
      destinationChainId: 792703809,
      requestId: REQUEST_ID,
      failReason: "SOLVER_CAPACITY_EXCEEDED",
      depositAddress: { address: "0x03", depositAddressType: "open" },
      ...overrides,
    },
  });

const sign = (body: string, timestamp: string, key = KEY) =>
  createHmac("sha256", key).update(`${timestamp}.${body}`).digest("hex");

function delivery(body = eventBody(), timestamp = String(NOW - 40), key = KEY) {
  return {
    headers: {
      "x-signature-timestamp": timestamp,
      "x-signature-sha256": sign(body, timestamp, key),
    } as Record<string, string>,
    rawBody: body,
    secret: KEY,
    now: NOW,
  };
}

async function refusal(input: Parameters<typeof verifyWebhook>[0]): Promise<unknown> {
  return verifyWebhook(input).then(
    () => expect.fail("an attacked delivery was accepted"),
    (error: unknown) => error,
  );
}

describe("attestkit/webhooks: verifyWebhook", () => {
  it("accepts an authentic delivery and returns the schema-checked event, unknown members kept", async () => {
    const event = await verifyWebhook(delivery());
    expect(event.data).to.deep.include({
      status: "refund",
      requestId: REQUEST_ID,
      failReason: "SOLVER_CAPACITY_EXCEEDED",
    });
    expect(event.data).to.have.property("depositAddress");
  });

  it("takes fetch Headers, Node header objects in any case, and bytes", async () => {
    const { headers, rawBody } = delivery();
    const fetchHeaders = new Headers(headers);
    const upper = Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toUpperCase(), v]));
    for (const input of [
      { headers: fetchHeaders, rawBody },
      { headers: upper, rawBody: new TextEncoder().encode(rawBody) },
      { headers, rawBody: new TextEncoder().encode(rawBody).buffer },
    ]) {
      expect((await verifyWebhook({ ...input, secret: KEY, now: NOW })).event).to.equal(
        "request.status.updated",
      );
    }
  });

  it("attack: tampered body (refund rewritten to success) is refused with WebhookSignatureError", async () => {
    const input = delivery();
    const tampered = input.rawBody.replace('"refund"', '"success"');
    expect(tampered).to.not.equal(input.rawBody);
    const error = await refusal({ ...input, rawBody: tampered });
    expect(error).to.be.instanceOf(WebhookSignatureError).and.instanceOf(WebhookVerificationError);
    expect((error as WebhookSignatureError).code).to.equal("WEBHOOK_BAD_SIGNATURE");
  });

  it("attack: signed with another key is refused with WebhookSignatureError", async () => {
    const error = await refusal(delivery(eventBody(), String(NOW), "another-integrators-key"));
    expect(error).to.be.instanceOf(WebhookSignatureError);
  });

  it("attack: timestamp moved forward on a captured delivery breaks the signature", async () => {
    const input = delivery(eventBody(), String(NOW - 3_600_000));
    input.headers["x-signature-timestamp"] = String(NOW);
    expect(await refusal(input)).to.be.instanceOf(WebhookSignatureError);
  });

  it("attack: an authentic delivery replayed after the window is refused with WebhookTimestampError", async () => {
    const old = delivery(eventBody(), String(NOW - 301_000));
    const error = await refusal(old);
    expect(error).to.be.instanceOf(WebhookTimestampError);
    expect((error as WebhookTimestampError).code).to.equal("WEBHOOK_STALE_TIMESTAMP");
    expect((error as Error).message).to.equal("signed 301 s ago, outside the 300 s replay window");
    // Inside a wider window it is accepted: the refusal was the window's.
    expect((await verifyWebhook({ ...old, toleranceSeconds: 400 })).event).to.equal("request.status.updated");
    const early = await refusal(delivery(eventBody(), String(NOW + 301_000)));
    expect(early).to.be.instanceOf(WebhookTimestampError);
    expect((early as Error).message).to.equal("signed 301 s in the future, outside the 300 s replay window");
  });

  it("missing, empty or repeated headers are refused with WebhookMissingHeaderError naming the header", async () => {
    const input = delivery();
    for (const name of ["x-signature-timestamp", "x-signature-sha256"]) {
      const { [name]: _dropped, ...rest } = input.headers;
      const missing = await refusal({ ...input, headers: rest });
      expect(missing).to.be.instanceOf(WebhookMissingHeaderError);
      expect((missing as WebhookMissingHeaderError).header).to.equal(name);
      expect(await refusal({ ...input, headers: { ...input.headers, [name]: "" } })).to.be.instanceOf(
        WebhookMissingHeaderError,
      );
      const doubled = {
        ...input.headers,
        [name]: [input.headers[name] as string, input.headers[name] as string],
      };
      expect(await refusal({ ...input, headers: doubled })).to.be.instanceOf(WebhookMissingHeaderError);
    }
  });

  it("a malformed timestamp or signature header is refused with its typed error", async () => {
    const input = delivery();
    const badTimestamp = { ...input.headers, "x-signature-timestamp": "1e12" };
    expect(await refusal({ ...input, headers: badTimestamp })).to.be.instanceOf(WebhookTimestampError);
    for (const signature of ["zz".repeat(32), `${input.headers["x-signature-sha256"]}00`, "abc"]) {
      const headers = { ...input.headers, "x-signature-sha256": signature };
      expect(await refusal({ ...input, headers })).to.be.instanceOf(WebhookSignatureError);
    }
  });

  it("an authentic body that is not a known event is refused with WebhookBodyError", async () => {
    for (const body of [
      "not json",
      eventBody({ status: "teleported" }),
      JSON.stringify({ event: "other" }),
    ]) {
      const error = await refusal(delivery(body));
      expect(error, body).to.be.instanceOf(WebhookBodyError);
      expect((error as WebhookBodyError).code).to.equal("WEBHOOK_MALFORMED_BODY");
    }
  });

  it("an empty secret is a programming error (TypeError), not a verification result", async () => {
    const error = await refusal({ ...delivery(), secret: "" });
    expect(error).to.be.instanceOf(TypeError);
  });

  it("property: any body and key signed as described verifies; signWebhook matches node:crypto", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.string({ minLength: 1 }),
        fc.string(),
        fc.integer({ min: 0, max: 300_000 }),
        async (key, extra, age) => {
          const body = eventBody({ note: extra });
          const timestamp = String(NOW - age);
          expect(await signWebhook({ secret: key, timestamp, rawBody: body })).to.equal(
            sign(body, timestamp, key),
          );
          const input = { ...delivery(body, timestamp, key), secret: key };
          expect((await verifyWebhook(input)).data.requestId).to.equal(REQUEST_ID);
        },
      ),
      { numRuns: 100 },
    );
  });

  it("property: flipping any one byte of the body or signature is refused", async () => {
    const input = delivery();
    const body = new TextEncoder().encode(input.rawBody);
    await fc.assert(
      fc.asyncProperty(
        fc.nat(body.length - 1),
        fc.integer({ min: 1, max: 255 }),
        fc.boolean(),
        async (at, xor, inSignature) => {
          if (inSignature) {
            const signature = Buffer.from(input.headers["x-signature-sha256"] as string, "hex");
            signature[at % 32] = (signature[at % 32] as number) ^ xor;
            const headers = { ...input.headers, "x-signature-sha256": signature.toString("hex") };
            expect(await refusal({ ...input, headers })).to.be.instanceOf(WebhookSignatureError);
          } else {
            const flipped = body.slice();
            flipped[at] = (flipped[at] as number) ^ xor;
            expect(await refusal({ ...input, rawBody: flipped })).to.be.instanceOf(WebhookSignatureError);
          }
        },
      ),
      { numRuns: 200 },
    );
  });
});
