// DNS rebinding against the service: a page on a foreign name re-pointed at 127.0.0.1 reaches the
// listening service, but its requests carry that name as Host. They are refused before any route
// runs; the same request with a loopback Host is served (so the refusal is the guard's doing).
import { request } from "node:http";
import { expect } from "chai";
import type { Service } from "../../src/service/index.ts";
import { API_KEY, quoteBody, testService } from "./helpers.ts";

/** One HTTP request to the listening service with the Host header a rebinding page would send. */
function send(url: string, path: string, host: string, body?: unknown) {
  const target = new URL(path, url);
  return new Promise<{ status: number; body: { errorCode?: string; steps?: unknown[] } }>(
    (resolve, reject) => {
      const payload = body === undefined ? undefined : JSON.stringify(body);
      const req = request(
        target,
        {
          method: payload === undefined ? "GET" : "POST",
          headers: {
            host,
            "x-api-key": API_KEY,
            ...(payload === undefined ? {} : { "content-type": "application/json" }),
          },
        },
        (res) => {
          let text = "";
          res.on("data", (chunk) => {
            text += chunk;
          });
          res.on("end", () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) }));
        },
      );
      req.on("error", reject);
      req.end(payload);
    },
  );
}

describe("service: Host check (DNS rebinding)", () => {
  let service: Service;
  let url: string;

  afterEach(async () => {
    await service.close();
  });

  it("attack: a quote posted with Host evil.example is refused with 403 HOST_NOT_ALLOWED; with a loopback Host it is served", async () => {
    service = testService({ logger: false });
    url = await service.listen(0);
    const refused = await send(url, "/quote/v2", "evil.example", quoteBody());
    expect(refused.status).to.equal(403);
    expect(refused.body.errorCode).to.equal("HOST_NOT_ALLOWED");
    const listed = await send(url, "/requests/v3", new URL(url).host);
    expect(listed.status).to.equal(200);
    expect(
      (listed.body as { requests: unknown[] }).requests,
      "the refused quote created no request",
    ).to.have.length(0);
    for (const host of [new URL(url).host, `localhost:${new URL(url).port}`, "[::1]"]) {
      const served = await send(url, "/quote/v2", host, quoteBody());
      expect(served.status, host).to.equal(200);
      expect(served.body.steps).to.be.an("array").that.is.not.empty;
    }
  });

  it("attack: a listing read with a rebinding Host (an API key in a page) is refused", async () => {
    service = testService({ logger: false });
    url = await service.listen(0);
    const refused = await send(url, "/requests/v3", "attacker.test:80");
    expect(refused.status).to.equal(403);
    expect(refused.body.errorCode).to.equal("HOST_NOT_ALLOWED");
  });

  it("allowedHosts opens other names deliberately ('*' for any)", async () => {
    service = testService({ logger: false, allowedHosts: ["127.0.0.1", "proxy.internal"] });
    url = await service.listen(0);
    expect((await send(url, "/requests/v3", "proxy.internal")).status).to.equal(200);
    expect((await send(url, "/requests/v3", "localhost")).status).to.equal(403);
    await service.close();
    service = testService({ logger: false, allowedHosts: "*" });
    url = await service.listen(0);
    expect((await send(url, "/requests/v3", "anything.example")).status).to.equal(200);
  });
});
