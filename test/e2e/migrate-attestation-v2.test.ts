/**
 * The migration guide's sample (docs/examples/migrate-attestation-v2.ts) against the devnet over
 * HTTP: a `/signature/v2` integration's checks (Alice pays on 8453, Bob receives ETH on 10) made on
 * the quote's protocol order accept the real quote, which then pays into the depository under the
 * order id and is filled; the same checks with another recipient or a higher least output refuse it.
 */
import { expect } from "chai";
import { parseEther, zeroAddress } from "viem";
import { quoteCheckedLikeAttestationV2 } from "../../docs/examples/migrate-attestation-v2.ts";
import { evmDevAccount } from "../../src/devnet/accounts.ts";
import { sendQuotedEvmSteps } from "../../src/devnet/quoted-steps.ts";
import type { AttestationV2Fields, QuoteV2Body } from "../../src/index.ts";
import { type E2e, evmUser, startE2e, waitForStatus } from "./fixture.ts";

describe("e2e: the /signature/v2 migration sample on the devnet", () => {
  let e2e: E2e;
  const alice = evmDevAccount("alice").address;
  const bob = evmDevAccount("bob").address;
  const solver = evmDevAccount("solver").address;
  const request: QuoteV2Body = {
    user: alice,
    recipient: bob,
    originChainId: 8453,
    destinationChainId: 10,
    originCurrency: zeroAddress,
    destinationCurrency: zeroAddress,
    amount: parseEther("0.1").toString(),
    tradeType: "EXACT_INPUT",
  };
  const attested: AttestationV2Fields = {
    originChainId: 8453,
    originUser: alice,
    originCurrency: zeroAddress,
    destinationChainId: 10,
    destinationUser: bob,
    destinationCurrency: zeroAddress,
  };

  before(async () => {
    e2e = await startE2e();
  });
  after(() => e2e.close());

  it("accepts the real quote, which is paid into the depository under its order id and filled", async () => {
    const { quote, orderId } = await quoteCheckedLikeAttestationV2(
      e2e.devnet.serviceUrl,
      request,
      attested,
      solver,
      parseEther("0.09"),
    );
    const requestId = quote.steps[0]?.requestId as string;
    expect(orderId).to.match(/^0x[0-9a-f]{64}$/);
    await sendQuotedEvmSteps(evmUser(e2e.devnet.evmChain(8453), "alice"), quote);
    await e2e.devnet.evmChain(8453).mine(2);
    const status = await waitForStatus(e2e, requestId, "success");
    expect(status.status).to.equal("success");
  });

  // Nothing the order delivers reaches that recipient, so its least output is missed too.
  it("refuses the quote when the integration expected another recipient", async () => {
    const carol = evmDevAccount("carol").address;
    await expectRefusal(
      { ...attested, destinationUser: carol },
      parseEther("0.09"),
      "RECIPIENT_NOT_ACCEPTED, OUTPUT_BELOW_MINIMUM",
    );
  });

  it("refuses the quote when it delivers less than the least output the integration accepts", async () => {
    await expectRefusal(attested, parseEther("0.2"), "OUTPUT_BELOW_MINIMUM");
  });

  async function expectRefusal(expected: AttestationV2Fields, minimumOutput: bigint, code: string) {
    const refusal = await quoteCheckedLikeAttestationV2(
      e2e.devnet.serviceUrl,
      request,
      expected,
      solver,
      minimumOutput,
    ).then(
      () => null,
      (error: Error) => error.message,
    );
    expect(refusal).to.equal(`quote refused: ${code}`);
  }
});
