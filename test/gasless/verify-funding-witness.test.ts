import { expect } from "chai";
import { type Address, getAddress, zeroAddress } from "viem";
import {
  buildRelayerWitness,
  PERMIT2_ADDRESS,
  verifyFundingAuthorization,
  verifyRelayerWitness,
} from "../../src/gasless/index.ts";
import {
  AMOUNT,
  asJson,
  CHAIN_ID,
  expectation,
  honestAuthorization,
  honestFunding,
  NOW,
  ORDER_ID,
  PROXY,
  RELAYER,
  stranger,
  TOKEN,
  TOKEN_DOMAIN,
  user,
} from "./fixture.ts";

const OTHER: Address = getAddress("0x00000000000000000000000000000000000000bb");

describe("verifyFundingAuthorization", () => {
  const multicall = honestAuthorization();
  const context = { multicall: asJson(multicall), expected: expectation(), tokenDomain: TOKEN_DOMAIN };
  const codes = async (typedData: unknown, signature?: `0x${string}`) =>
    (
      await verifyFundingAuthorization(typedData, context, signature === undefined ? {} : { signature })
    ).failures.map((failure) => failure.code);

  it("accepts the ERC-3009 authorisation whose nonce is the multicall's digest, signed by the user", async () => {
    const funding = honestFunding(multicall);
    expect(await codes(asJson(funding), await user.signTypedData(funding))).to.deep.equal([]);
  });

  it("GASLESS_SPENDER_MISMATCH: payable to another account than the approval proxy", async () => {
    const funding = honestFunding(multicall);
    expect(await codes({ ...funding, message: { ...funding.message, to: OTHER } })).to.deep.equal([
      "GASLESS_SPENDER_MISMATCH",
    ]);
  });

  it("GASLESS_FUNDING_MISMATCH: another amount or window than the multicall signs", async () => {
    const funding = honestFunding(multicall);
    expect(await codes({ ...funding, message: { ...funding.message, value: AMOUNT + 1n } })).to.deep.equal([
      "GASLESS_FUNDING_MISMATCH",
    ]);
    const wider = { ...funding.message, validBefore: funding.message.validBefore + 3600n };
    expect(await codes({ ...funding, message: wider })).to.deep.equal(["GASLESS_FUNDING_MISMATCH"]);
  });

  it("GASLESS_SIGNER_MISMATCH and GASLESS_DOMAIN_MISMATCH", async () => {
    const funding = honestFunding(multicall);
    expect(
      await codes({ ...funding, message: { ...funding.message, from: stranger.address } }),
    ).to.deep.equal(["GASLESS_SIGNER_MISMATCH"]);
    expect(
      await codes({ ...funding, domain: { ...funding.domain, verifyingContract: OTHER } }),
    ).to.deep.equal(["GASLESS_DOMAIN_MISMATCH"]);
    expect(await codes({ ...funding, domain: { ...funding.domain, name: "USD Coin" } })).to.deep.equal([
      "GASLESS_DOMAIN_MISMATCH",
    ]);
  });

  it("GASLESS_FUNDING_INDEX_INVALID: the multicall names a funding entry the quote does not have", async () => {
    const funding = honestFunding(multicall);
    const result = await verifyFundingAuthorization(
      funding,
      { ...context, expected: { ...expectation(), funding: [] } },
      {},
    );
    expect(result.failures.map((failure) => failure.code)).to.include("GASLESS_FUNDING_INDEX_INVALID");
  });

  it("GASLESS_TYPED_DATA_MALFORMED: a nonce that is not 32 bytes", async () => {
    const funding = honestFunding(multicall);
    expect(await codes({ ...funding, message: { ...funding.message, nonce: "0x01" } })).to.deep.equal([
      "GASLESS_TYPED_DATA_MALFORMED",
    ]);
  });
});

describe("verifyRelayerWitness", () => {
  const expected = expectation();
  const permit = () =>
    buildRelayerWitness({
      chainId: CHAIN_ID,
      approvalProxy: PROXY,
      permitted: [{ token: TOKEN, amount: AMOUNT }],
      nonce: 7n,
      deadline: BigInt(NOW + 600),
      execution: {
        relayer: RELAYER,
        msgValue: 0n,
        refundTo: user.address,
        nftRecipient: zeroAddress,
        metadata: ORDER_ID,
        calls: expected.calls,
      },
    });
  const codes = async (typedData: unknown, options: { now?: number; signature?: `0x${string}` } = {}) =>
    (await verifyRelayerWitness(typedData, expected, { now: options.now ?? NOW, ...options })).failures.map(
      (failure) => failure.code,
    );

  it("accepts the quote's permit signed by the user under Permit2's canonical domain", async () => {
    const typedData = permit();
    expect(typedData.domain.verifyingContract).to.equal(PERMIT2_ADDRESS);
    expect(await codes(asJson(typedData), { signature: await user.signTypedData(typedData) })).to.deep.equal(
      [],
    );
  });

  it("GASLESS_SPENDER_MISMATCH, GASLESS_FUNDING_MISMATCH, GASLESS_CALL_MISMATCH", async () => {
    const typedData = permit();
    expect(await codes({ ...typedData, message: { ...typedData.message, spender: OTHER } })).to.deep.equal([
      "GASLESS_SPENDER_MISMATCH",
    ]);
    const permitted = [{ token: TOKEN, amount: AMOUNT * 2n }];
    expect(await codes({ ...typedData, message: { ...typedData.message, permitted } })).to.deep.equal([
      "GASLESS_FUNDING_MISMATCH",
    ]);
    const call3Values = [...typedData.message.witness.call3Values].reverse();
    const witness = { ...typedData.message.witness, call3Values };
    expect(await codes({ ...typedData, message: { ...typedData.message, witness } })).to.deep.equal([
      "GASLESS_CALL_MISMATCH",
      "GASLESS_CALL_MISMATCH",
    ]);
  });

  it("GASLESS_EXPIRED: Permit2's deadline holds through its own second", async () => {
    const typedData = permit();
    expect(await codes(typedData, { now: NOW + 600 })).to.deep.equal([]);
    expect(await codes(typedData, { now: NOW + 601 })).to.deep.equal(["GASLESS_EXPIRED"]);
  });

  it("GASLESS_DOMAIN_MISMATCH: a permit under a look-alike Permit2", async () => {
    const typedData = permit();
    expect(
      await codes({ ...typedData, domain: { ...typedData.domain, verifyingContract: OTHER } }),
    ).to.deep.equal(["GASLESS_DOMAIN_MISMATCH"]);
  });
});
