/**
 * The service's browser guard in process: a foreign `Origin` is refused before any route, and the
 * mock-only state changes a page could send as "simple" requests (text/plain or form bodies, no body)
 * are refused for want of `content-type: application/json`, changing nothing. The same attacks from
 * a real page in Chromium: test/outside/browser/foreign-page.test.ts.
 */
import { expect } from "chai";
import fc from "fast-check";
import { changesGuardedState, isJsonContentType } from "../../src/service/browser-guard.ts";
import type { Service } from "../../src/service/index.ts";
import { API_KEY, createRequest, expectError, get, testService } from "./helpers.ts";

async function send(
  service: Service,
  method: "POST" | "DELETE" | "GET" | "OPTIONS",
  url: string,
  headers: Record<string, string>,
  payload?: string,
) {
  const res = await service.app.inject({
    method,
    url,
    headers,
    ...(payload === undefined ? {} : { payload }),
  });
  return { status: res.statusCode, body: JSON.parse(res.body || "null") as unknown, raw: res.body };
}

const status = async (service: Service, requestId: string) =>
  ((await get(service, `/intents/status/v3?requestId=${requestId}`)).body as { status: string }).status;

describe("service browser guard", () => {
  let service: Service;
  beforeEach(() => {
    service = testService({ scenarios: true });
  });
  afterEach(() => service.close());

  it("refuses a request from a foreign Origin before any route (ORIGIN_NOT_ALLOWED), even with the key and JSON", async () => {
    const requestId = await createRequest(service, {}, API_KEY);
    const attack = await send(
      service,
      "POST",
      `/_mock/requests/${requestId}/deposit`,
      { origin: "https://evil.example", "content-type": "application/json", "x-api-key": API_KEY },
      JSON.stringify({ final: false }),
    );
    expectError(attack, 403, "ORIGIN_NOT_ALLOWED");
    expect(await status(service, requestId)).to.equal("waiting");
    expectError(await send(service, "GET", "/chains", { origin: "null" }), 403, "ORIGIN_NOT_ALLOWED");
    // The same call from a local origin goes through: the refusal was the Origin's doing.
    const local = await send(
      service,
      "POST",
      `/_mock/requests/${requestId}/deposit`,
      { origin: "http://localhost:5173", "content-type": "application/json", "x-api-key": API_KEY },
      JSON.stringify({ final: false }),
    );
    expect(local.status, local.raw).to.equal(200);
    expect(await status(service, requestId)).to.equal("depositing");
  });

  it("refuses simple-request bodies (text/plain, form, none) on mock state changes (JSON_CONTENT_TYPE_REQUIRED) and changes nothing", async () => {
    const requestId = await createRequest(service, {}, API_KEY);
    const key = { "x-api-key": API_KEY };
    const attempts: { type?: string; payload?: string }[] = [
      { type: "text/plain;charset=UTF-8", payload: JSON.stringify({ final: true }) },
      { type: "application/x-www-form-urlencoded", payload: "final=true" },
      { type: "multipart/form-data; boundary=x", payload: "--x--" },
      {},
    ];
    for (const { payload, type: contentType } of attempts) {
      const type: Record<string, string> = contentType === undefined ? {} : { "content-type": contentType };
      const res = await send(
        service,
        "POST",
        `/_mock/requests/${requestId}/deposit`,
        { ...key, ...type },
        payload,
      );
      expectError(res, 415, "JSON_CONTENT_TYPE_REQUIRED");
    }
    await service.lifecycle.idle();
    expect(await status(service, requestId)).to.equal("waiting");
    await send(service, "POST", "/_mock/scenarios", { ...key, "content-type": "application/json" }, "{}");
    expectError(await send(service, "DELETE", "/_mock/scenarios", key), 415, "JSON_CONTENT_TYPE_REQUIRED");
    expect(service.scenarios?.list()).to.have.length(1);
  });

  it("takes a body-less state change that says content-type: application/json", async () => {
    const res = await send(service, "POST", "/_mock/holds/settle", {
      "x-api-key": API_KEY,
      "content-type": "application/json",
    });
    expect(res.status, res.raw).to.equal(200);
    expect(res.body).to.deep.equal({ debited: [] });
  });

  it("property: a state change is guarded exactly on non-safe methods under /_mock/ and /_devnet/; only JSON media types pass", () => {
    fc.assert(
      fc.property(
        fc.constantFrom("GET", "HEAD", "OPTIONS", "POST", "PUT", "DELETE", "PATCH"),
        fc.constantFrom("/_mock/", "/_devnet/", "/quote/", "/", "/_mockery/"),
        fc.webSegment(),
        fc.option(fc.webQueryParameters(), { nil: undefined }),
        (method, prefix, rest, query) => {
          const url = `${prefix}${rest}${query === undefined ? "" : `?${query}`}`;
          const expected =
            !["GET", "HEAD", "OPTIONS"].includes(method) && ["/_mock/", "/_devnet/"].includes(prefix);
          expect(changesGuardedState(method, url)).to.equal(expected);
        },
      ),
    );
    fc.assert(
      fc.property(
        fc.string({ maxLength: 40 }).filter((type) => !type.includes(";")),
        fc.constantFrom("", "; charset=utf-8", " ;x=1"),
        (type, params) => {
          const value = `${type}${params}`;
          expect(isJsonContentType(value)).to.equal(type.trim().toLowerCase() === "application/json");
        },
      ),
    );
    expect(isJsonContentType("Application/JSON; charset=UTF-8")).to.equal(true);
    expect(isJsonContentType(undefined)).to.equal(false);
  });
});
