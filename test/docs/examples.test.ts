/** The code samples of docs/ run against the mock service, as an integrator would run them. */
import { expect } from "chai";
import { privateKeyToAccount } from "viem/accounts";
import { startMockService } from "../../docs/examples/embedded-service.ts";
import { quoteAndTrack } from "../../docs/examples/quote-and-track.ts";
import { checkAttestation } from "../../docs/examples/verify-attestation.ts";
import { EVM_RECIPIENT, EVM_USER, SPONSOR_KEY } from "../service/helpers.ts";

describe("docs/examples", function () {
  this.timeout(60_000);

  it("quote, status and attestation check work end to end on the embedded mock", async () => {
    const { service, baseUrl, solver } = await startMockService();
    try {
      const { requestId, status } = await quoteAndTrack(baseUrl, EVM_USER, EVM_RECIPIENT);
      expect(requestId).to.match(/^0x[0-9a-f]{64}$/);
      expect(status).to.equal("waiting");
      expect(await checkAttestation(baseUrl, requestId, solver)).to.equal(true);
      // Attack: a service (or a man in the middle) presenting another key's attestation as the solver's.
      const impostor = privateKeyToAccount(SPONSOR_KEY).address;
      expect(impostor).not.to.equal(solver);
      expect(await checkAttestation(baseUrl, requestId, impostor)).to.equal(false);
    } finally {
      await service.close();
    }
  });
});
