/**
 * The devnet quotes only the chains it runs: a quote or price touching another chain (here Ethereum,
 * chain 1, which the devnet does not run) is refused with 400 UNSUPPORTED_CHAIN, through the typed
 * client over HTTP, instead of returning a deposit step nobody can execute.
 */
import { expect } from "chai";
import { zeroAddress } from "viem";
import { evmDevAccount } from "../../src/devnet/accounts.ts";
import { ServiceError } from "../../src/index.ts";
import { type E2e, startE2e } from "./fixture.ts";

describe("e2e: quotes for chains the devnet does not run", () => {
  let e2e: E2e;
  const alice = evmDevAccount("alice").address;
  before(async () => {
    e2e = await startE2e();
  });
  after(() => e2e?.close());

  const body = (originChainId: number, destinationChainId: number) => ({
    user: alice,
    recipient: alice,
    originChainId,
    destinationChainId,
    originCurrency: zeroAddress,
    destinationCurrency: zeroAddress,
    amount: "1000000000000000000",
    tradeType: "EXACT_INPUT" as const,
  });

  for (const [origin, destination] of [
    [1, 10],
    [8453, 1],
  ] as const) {
    it(`quote and price ${origin} -> ${destination}: 400 UNSUPPORTED_CHAIN naming chain 1`, async () => {
      for (const call of [
        () => e2e.client.quoteV2(body(origin, destination)),
        () => e2e.client.price(body(origin, destination)),
      ]) {
        const error = await call().then(
          () => expect.fail("the quote was accepted"),
          (caught: unknown) => caught,
        );
        expect(error).to.be.instanceOf(ServiceError);
        expect((error as ServiceError).status).to.equal(400);
        expect((error as ServiceError).errorCode).to.equal("UNSUPPORTED_CHAIN");
        expect((error as ServiceError).message).to.include("chain 1 ");
      }
    });
  }

  it("a quote between two chains it runs is still served", async () => {
    const quote = await e2e.client.quoteV2(body(8453, 10));
    expect(quote.steps.length).to.be.greaterThan(0);
  });
});
