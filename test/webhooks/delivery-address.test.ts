/**
 * Attack: a key holder points its webhook endpoint at the host's network (the cloud metadata
 * service at 169.254.169.254, a link-local or private address, or a name that resolves to one) and
 * reads each attempt's outcome from the delivery log. Asserted: such endpoints are refused when set
 * (400 `WEBHOOK_ADDRESS_REFUSED`) and, for names or endpoints given at start, at connect time on the
 * resolved address (the attempt logs `DELIVERY_ADDRESS_REFUSED`, nothing connected); loopback stays
 * allowed, private ranges only with `allowPrivateNetworks`.
 */

import type { AddressInfo } from "node:net";
import { createServer } from "node:net";
import { expect } from "chai";
import fc from "fast-check";
import type { Service } from "../../src/service/index.ts";
import { checkedLookup, refusedAddress } from "../../src/service/webhooks/delivery-address.ts";
import { API_KEY, expectError, testService } from "../service/helpers.ts";
import { quoteWithKey } from "./flow.ts";

async function put(service: Service, url: string) {
  const res = await service.app.inject({
    method: "PUT",
    url: "/_mock/webhook",
    headers: { "content-type": "application/json", "x-api-key": API_KEY },
    payload: JSON.stringify({ url }),
  });
  return { status: res.statusCode, body: JSON.parse(res.body) as unknown, raw: res.body };
}

describe("webhooks: delivery addresses", () => {
  let service: Service;
  afterEach(() => service?.close());

  it("classifies addresses: link-local, metadata, unspecified, multicast always refused; private unless allowed; loopback and public allowed", () => {
    for (const address of [
      "169.254.169.254",
      "169.254.0.1",
      "fe80::1",
      "::ffff:169.254.169.254",
      "0.0.0.0",
      "::",
      "224.0.0.1",
      "fd00:ec2::254",
      "100.100.100.200",
    ])
      expect(refusedAddress(address, true), address).to.be.a("string");
    for (const address of [
      "10.0.0.1",
      "172.16.5.4",
      "192.168.1.1",
      "100.64.0.1",
      "fd12::1",
      "::ffff:10.1.2.3",
    ]) {
      expect(refusedAddress(address, false), address).to.match(/private/);
      expect(refusedAddress(address, true), address).to.equal(null);
    }
    for (const address of ["127.0.0.1", "127.8.9.1", "::1", "8.8.8.8", "2606:4700::1111", "172.32.0.1"])
      expect(refusedAddress(address, false), address).to.equal(null);
  });

  it("property: every 169.254.x.y is refused, with or without private networks", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 255 }),
        fc.integer({ min: 0, max: 255 }),
        fc.boolean(),
        (x, y, allow) => {
          expect(refusedAddress(`169.254.${x}.${y}`, allow)).to.be.a("string");
        },
      ),
    );
  });

  it("attack: PUT /_mock/webhook to the metadata service, a link-local or (by default) a private address is 400 WEBHOOK_ADDRESS_REFUSED", async () => {
    service = testService();
    for (const url of [
      "http://169.254.169.254/latest/meta-data/",
      "http://[fe80::1]/x",
      "http://10.0.0.5:8080/hook",
    ])
      expectError(await put(service, url), 400, "WEBHOOK_ADDRESS_REFUSED");
    expect(
      service.webhooks.outbox.endpoint((await import("../../src/service/index.ts")).hashApiKey(API_KEY)),
    ).to.equal(null);
    expect((await put(service, "http://127.0.0.1:9/hook")).status).to.equal(200);
    await service.close();
    service = testService({ webhooks: { allowPrivateNetworks: true } });
    expect((await put(service, "http://10.0.0.5:8080/hook")).status).to.equal(200);
    expectError(await put(service, "http://169.254.169.254/"), 400, "WEBHOOK_ADDRESS_REFUSED");
  });

  it("attack: an endpoint given at start on the metadata address is never connected to: the attempt logs DELIVERY_ADDRESS_REFUSED", async () => {
    service = testService({
      webhooks: { endpoints: { [API_KEY]: "http://169.254.169.254/hook" }, maxRetries: 0 },
    });
    await service.ready;
    await quoteWithKey(service, API_KEY);
    await service.webhooks.drained();
    const [delivery] = service.webhooks.outbox.list(
      (await import("../../src/service/index.ts")).hashApiKey(API_KEY),
      {},
    );
    expect(delivery?.state).to.equal("failed");
    const attempts = service.webhooks.outbox.attempts(delivery?.id as string);
    expect(attempts[0]?.error).to.match(/^DELIVERY_ADDRESS_REFUSED/);
    expect(attempts[0]?.durationMs).to.equal(0);
  });

  it("checks the address a name resolves to, at connect time (DNS rebinding): refused addresses never reach connect; loopback names do", async () => {
    const refused = await new Promise<Error | null>((resolve) =>
      checkedLookup(false)("169.254.169.254", {}, (error) => resolve(error)),
    );
    expect(refused?.message).to.match(/link-local/);
    const server = createServer((socket) => socket.end());
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    try {
      const resolved = await new Promise<unknown>((resolve) =>
        checkedLookup(false)("localhost", { all: true }, (error, addresses) => resolve(error ?? addresses)),
      );
      expect(resolved).to.be.an("array").that.is.not.empty;
      expect((server.address() as AddressInfo).port).to.be.above(0);
    } finally {
      server.close();
    }
  });
});
