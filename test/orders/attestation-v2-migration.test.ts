/**
 * `orderChecksFromAttestationV2`: what an integration compared a `/signature/v2` attestation with
 * (origin chain, depositing account, origin currency, destination chain, user and currency), checked
 * on the quote's protocol order instead, plus the least output the attestation never signed. Each
 * field the attestation bound, changed on the order's side, is refused for its own reason.
 */
import { expect } from "chai";
import fc from "fast-check";
import {
  type AttestationV2Fields,
  NATIVE_CURRENCY,
  orderChecksFromAttestationV2,
  verifyQuoteOrder,
} from "../../src/index.ts";
import {
  chainsResponse,
  EVM_PAYER,
  EVM_TOKEN,
  NOW,
  orderFor,
  quoteFor,
  RECIPIENT,
  SVM_MINT,
  solver,
} from "./quote-fixture.ts";

/** The fields an EVM-native order from base to Solana (the fixture's) was attested with. */
const attested: AttestationV2Fields = {
  originChainId: 8453,
  originUser: EVM_PAYER,
  originCurrency: NATIVE_CURRENCY["ethereum-vm"],
  destinationChainId: 792703809,
  destinationUser: RECIPIENT,
  destinationCurrency: SVM_MINT,
};
const checks = (fields: AttestationV2Fields, minimumOutputAmount: bigint | string = 990_000n) =>
  orderChecksFromAttestationV2(fields, {
    chains: chainsResponse,
    solver: solver.address,
    minimumOutputAmount,
    now: NOW,
  });
const codes = async (fields: AttestationV2Fields, minimumOutputAmount?: bigint | string) =>
  (await verifyQuoteOrder(await quoteFor("evm-native"), checks(fields, minimumOutputAmount))).failures.map(
    (failure) => failure.code,
  );

describe("orderChecksFromAttestationV2: a /signature/v2 integration's checks on the protocol order", () => {
  it("the order matching every attested field and the least output passes", async () => {
    expect(await codes(attested)).to.deep.equal([]);
  });

  it("another origin chain: INPUT_CHAIN_MISMATCH (numeric or protocol chain id)", async () => {
    expect(await codes({ ...attested, originChainId: 10 })).to.deep.equal(["INPUT_CHAIN_MISMATCH"]);
    const byProtocolId = checks(attested);
    byProtocolId.policy = {
      ...byProtocolId.policy,
      input: { chainId: "base", currency: attested.originCurrency },
    };
    expect((await verifyQuoteOrder(await quoteFor("evm-native"), byProtocolId)).failures).to.deep.equal([]);
  });

  it("another origin currency (a token where native was attested): INPUT_CURRENCY_MISMATCH", async () => {
    expect(await codes({ ...attested, originCurrency: EVM_TOKEN })).to.deep.equal([
      "INPUT_CURRENCY_MISMATCH",
    ]);
  });

  it("an ERC-20 order attested as native: INPUT_CURRENCY_MISMATCH, with the order's currency as actual", async () => {
    const result = await verifyQuoteOrder(
      await quoteFor("evm-erc20", orderFor("evm-erc20")),
      checks(attested),
    );
    expect(result.failures.map((failure) => failure.code)).to.deep.equal(["INPUT_CURRENCY_MISMATCH"]);
    expect(result.failures[0]?.actual).to.equal(EVM_TOKEN.toLowerCase());
  });

  it("another depositing account: the deposit credits someone else (DEPOSITOR_MISMATCH)", async () => {
    const result = await codes({ ...attested, originUser: "0x3333333333333333333333333333333333333333" });
    expect(result).to.include("DEPOSITOR_MISMATCH");
  });

  it("another destination chain or user: OUTPUT_CHAIN_MISMATCH, RECIPIENT_NOT_ACCEPTED", async () => {
    expect(await codes({ ...attested, destinationChainId: 10 })).to.include("OUTPUT_CHAIN_MISMATCH");
    expect(
      await codes({ ...attested, destinationUser: "7EaP2zkxDLo86x4rnNwwLhB593PsbMva41dqfrfxhsb2" }),
    ).to.include("RECIPIENT_NOT_ACCEPTED");
  });

  it("the amount the attestation never signed: an output below the least accepted is OUTPUT_BELOW_MINIMUM", async () => {
    expect(await codes(attested, 990_001n)).to.deep.equal(["OUTPUT_BELOW_MINIMUM"]);
    expect(
      await codes({ ...attested, destinationCurrency: "So11111111111111111111111111111111111111112" }),
    ).to.deep.equal(["OUTPUT_BELOW_MINIMUM"]);
  });

  it("a least output that is not a positive integer is a caller bug: INVALID_ORDER_POLICY", () => {
    for (const bad of [0n, -1n, "", "1.5", "0x10", "abc"]) {
      expect(() => checks(attested, bad), String(bad))
        .to.throw()
        .with.property("code", "INVALID_ORDER_POLICY");
    }
  });

  it("property: the mapped options equal the documented mapping of each field", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 2 ** 31 }),
        fc.integer({ min: 1, max: 2 ** 31 }),
        fc.bigInt({ min: 1n, max: 2n ** 128n }),
        (originChainId, destinationChainId, amount) => {
          const fields = { ...attested, originChainId, destinationChainId };
          const options = checks(fields, amount);
          expect(options.expectedPayer).to.equal(fields.originUser);
          expect(options.policy).to.deep.equal({
            input: { chainId: originChainId, currency: fields.originCurrency },
            outputChainId: destinationChainId,
            acceptedRecipients: [fields.destinationUser],
            minimumOutput: { currency: fields.destinationCurrency, amount },
          });
        },
      ),
    );
  });
});
