import { expect } from "chai";
import { getAddress, keccak256 } from "viem";
import { contractsOf, fillRoutersOf, RouterConfigError } from "../../src/service/fill-routers.ts";

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
