import { expect } from "chai";
import { getAddress, type Hex, keccak256 } from "viem";
import {
  decodeFillContractExtraData,
  decodeOrderCall,
  type Order,
  type QuoteResponse,
} from "../../src/index.ts";
import { contractsOf, fillRoutersOf, RouterConfigError } from "../../src/service/fill-routers.ts";
import { ETH, EVM_RECIPIENT, expectError, post, quoteBody, testService } from "./helpers.ts";

const ROUTER = getAddress("0x0729e2a4716d9f7dd17858d5d504426d228697f7");

describe("service: the fill routers it lists and fills through", () => {
  const routers = { 8453: { "v3.1": keccak256("0x31").slice(0, 42), "v3.2": ROUTER } };

  it("fills through the chosen shape, 3.2 by default; GET /chains lists every shape and the one in use", () => {
    const v32 = fillRoutersOf(routers);
    expect(v32.active.get(8453)).to.equal(ROUTER);
    expect(contractsOf(v32, 8453)).to.deep.equal({
      erc20Router: ROUTER,
      "v3.1": { router: getAddress(routers[8453]["v3.1"]) },
      "v3.2": { router: ROUTER },
    });
    expect(fillRoutersOf(routers, "v3.1").active.get(8453)).to.equal(getAddress(routers[8453]["v3.1"]));
    expect(contractsOf(v32, 10)).to.equal(undefined);
  });

  it("refuses a configuration it cannot fill through, with RouterConfigError", () => {
    const bad: [Parameters<typeof fillRoutersOf>[0], Parameters<typeof fillRoutersOf>[1], RegExp][] = [
      [{ 8453: { "v3.1": ROUTER } }, "v3.2", /has no v3.2 router/],
      [{ 8453: { "v3.3": ROUTER } as never }, "v3.2", /unknown router shape/],
      [{ 8453: { "v3.2": "0x1234" } }, "v3.2", /is not an address/],
      [{ 792703809: { "v3.2": ROUTER } }, "v3.2", /not an EVM chain/],
      [routers, "v4" as never, /routerShape must be one of/],
    ];
    for (const [config, shape, message] of bad) {
      expect(() => fillRoutersOf(config, shape))
        .to.throw(RouterConfigError)
        .with.property("message")
        .that.matches(message);
    }
  });
});

describe("service: quotes with user calls (txs)", () => {
  const call = { to: EVM_RECIPIENT, data: "0x1234", value: "5" };

  it("a destination without a fill router refuses calls; with one the order carries them and names the router", async () => {
    const plain = testService();
    const routed = testService({ routers: { 8453: { "v3.2": ROUTER } } });
    try {
      const body = quoteBody({ destinationCurrency: ETH, recipient: EVM_RECIPIENT, txs: [call] });
      expectError(await post(plain, "/quote/v2", body), 400, "CALLS_UNSUPPORTED");
      const quoted = await post(routed, "/quote/v2", { ...body, includeProtocolData: true });
      expect(quoted.status, quoted.raw).to.equal(200);
      const order = (quoted.body as { protocol: { v2: { orderData: Order } } }).protocol.v2.orderData;
      expect(order.output.calls.map((c) => decodeOrderCall(c as Hex))).to.deep.equal([
        { to: getAddress(EVM_RECIPIENT), data: "0x1234", value: 5n },
      ]);
      expect(decodeFillContractExtraData(order.output.extraData)).to.equal(ROUTER);
      // The call's value comes out of the output: the recipient's minimum is the quote's less 5.
      const minimum = BigInt((quoted.body as QuoteResponse).details.currencyOut.minimumAmount);
      expect(BigInt(order.output.payments[0]?.minimumAmount ?? -1)).to.equal(minimum - 5n);
    } finally {
      await Promise.all([plain.close(), routed.close()]);
    }
  });

  it("calls need a native output currency and carry no more value than the minimum output", async () => {
    const service = testService({ routers: { 8453: { "v3.2": ROUTER } } });
    try {
      expectError(await post(service, "/quote/v2", quoteBody({ txs: [call] })), 400, "CALLS_UNSUPPORTED");
      const tooMuch = { ...call, value: (10n ** 30n).toString() };
      expectError(
        await post(service, "/quote/v2", quoteBody({ destinationCurrency: ETH, txs: [tooMuch] })),
        400,
        "AMOUNT_TOO_LOW",
      );
      expectError(
        await post(service, "/quote/v2", quoteBody({ destinationCurrency: ETH, txs: [{ to: "0x12" }] })),
        400,
      );
    } finally {
      await service.close();
    }
  });
});
