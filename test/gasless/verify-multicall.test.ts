import { expect } from "chai";
import { type Address, getAddress, type Hex, zeroAddress } from "viem";
import {
  type Call3Value,
  type FundingAuthorization,
  type GaslessCheckCode,
  type GaslessExpectation,
  type MulticallAuthorizationTypedData,
  verifyMulticallAuthorization,
} from "../../src/gasless/index.ts";
import {
  asJson,
  type EditableMessage,
  expectation,
  honestAuthorization,
  NOW,
  stranger,
  user,
} from "./fixture.ts";

const OTHER: Address = getAddress("0x00000000000000000000000000000000000000aa");

async function codesOf(
  typedData: unknown,
  options: { signature?: Hex; now?: number; maxValiditySeconds?: number; expected?: GaslessExpectation } = {},
): Promise<GaslessCheckCode[]> {
  const verification = await verifyMulticallAuthorization(typedData, options.expected ?? expectation(), {
    now: options.now ?? NOW,
    ...(options.signature === undefined ? {} : { signature: options.signature }),
    ...(options.maxValiditySeconds === undefined ? {} : { maxValiditySeconds: options.maxValiditySeconds }),
  });
  expect(verification.ok).to.equal(verification.failures.length === 0);
  return verification.failures.map((failure) => failure.code);
}

function changed(edit: (message: EditableMessage) => void): MulticallAuthorizationTypedData {
  const typedData = honestAuthorization();
  const message = {
    ...typedData.message,
    calls: [...typedData.message.calls],
    funding: [...typedData.message.funding],
  };
  edit(message);
  return { ...typedData, message };
}

describe("verifyMulticallAuthorization", () => {
  it("accepts the quote's authorisation signed by the user, also after a JSON round trip", async () => {
    const typedData = honestAuthorization();
    const signature = await user.signTypedData(typedData);
    expect(await codesOf(typedData, { signature })).to.deep.equal([]);
    expect(await codesOf(asJson(typedData), { signature })).to.deep.equal([]);
    // the service's steps name the message `value`
    const { message, ...rest } = asJson(typedData) as Record<string, unknown>;
    expect(await codesOf({ ...rest, value: message }, { signature })).to.deep.equal([]);
  });

  it("GASLESS_TYPED_DATA_MALFORMED: not typed data, another primary type, other types, a bad member", async () => {
    const typedData = asJson(honestAuthorization()) as Record<string, Record<string, unknown>> & {
      types: Record<string, unknown>;
    };
    expect(await codesOf(null)).to.deep.equal(["GASLESS_TYPED_DATA_MALFORMED"]);
    expect(await codesOf({ ...typedData, primaryType: "Permit" })).to.deep.equal([
      "GASLESS_TYPED_DATA_MALFORMED",
    ]);
    const reordered = {
      ...typedData,
      types: {
        ...typedData.types,
        Call3Value: [...(typedData.types.Call3Value as unknown[])].reverse(),
      },
    };
    expect(await codesOf(reordered)).to.deep.equal(["GASLESS_TYPED_DATA_MALFORMED"]);
    const badValue = { ...typedData, message: { ...typedData.message, msgValue: "-1" } };
    expect(await codesOf(badValue)).to.deep.equal(["GASLESS_TYPED_DATA_MALFORMED"]);
  });

  it("GASLESS_DOMAIN_MISMATCH: another chain or verifying contract", async () => {
    const typedData = honestAuthorization();
    expect(await codesOf({ ...typedData, domain: { ...typedData.domain, chainId: 10 } })).to.deep.equal([
      "GASLESS_DOMAIN_MISMATCH",
    ]);
    expect(
      await codesOf({ ...typedData, domain: { ...typedData.domain, verifyingContract: OTHER } }),
    ).to.deep.equal(["GASLESS_DOMAIN_MISMATCH"]);
  });

  it("GASLESS_SIGNER_MISMATCH: signed for another account than the quote's user", async () => {
    const typedData = changed((message) => {
      message.from = stranger.address;
      message.funding[0] = { ...(message.funding[0] as FundingAuthorization), from: stranger.address };
    });
    const signature = await stranger.signTypedData(typedData);
    expect(await codesOf(typedData, { signature })).to.deep.equal([
      "GASLESS_SIGNER_MISMATCH",
      "GASLESS_FUNDING_MISMATCH",
    ]);
  });

  it("GASLESS_SIGNATURE_INVALID: a signature by someone else over the honest message", async () => {
    const typedData = honestAuthorization();
    const signature = await stranger.signTypedData(typedData);
    expect(await codesOf(typedData, { signature })).to.deep.equal(["GASLESS_SIGNATURE_INVALID"]);
    expect(await codesOf(typedData, { signature: "0x1234" })).to.deep.equal(["GASLESS_SIGNATURE_INVALID"]);
  });

  const fieldCases: [GaslessCheckCode, (message: EditableMessage) => void][] = [
    ["GASLESS_RELAYER_MISMATCH", (m) => (m.relayer = OTHER)],
    ["GASLESS_MSG_VALUE_MISMATCH", (m) => (m.msgValue = 1n)],
    ["GASLESS_REFUND_TO_MISMATCH", (m) => (m.refundTo = OTHER)],
    ["GASLESS_NFT_RECIPIENT_MISMATCH", (m) => (m.nftRecipient = OTHER)],
    ["GASLESS_METADATA_MISMATCH", (m) => (m.metadata = "0x")],
    ["GASLESS_CALL_COUNT_MISMATCH", (m) => m.calls.pop()],
    ["GASLESS_CALL_MISMATCH", (m) => (m.calls[0] = { ...(m.calls[0] as Call3Value), allowFailure: true })],
    [
      "GASLESS_FUNDING_MISMATCH",
      (m) => (m.funding[0] = { ...(m.funding[0] as FundingAuthorization), value: 1n }),
    ],
    ["GASLESS_FUNDING_INDEX_INVALID", (m) => (m.fundingIndex = 1n)],
  ];
  for (const [code, edit] of fieldCases) {
    it(`${code}: the field differs from the quote's`, async () => {
      expect(await codesOf(changed(edit))).to.deep.equal([code]);
    });
  }

  it("GASLESS_CALL_MISMATCH names the call and the fields that differ", async () => {
    const typedData = changed((m) => {
      m.calls[1] = { ...(m.calls[1] as Call3Value), target: OTHER, value: 5n };
    });
    const { failures } = await verifyMulticallAuthorization(typedData, expectation(), { now: NOW });
    expect(failures).to.have.length(1);
    expect(failures[0]?.index).to.equal(1);
    expect(failures[0]?.message).to.contain("target, value");
  });

  it("GASLESS_NOT_YET_VALID and GASLESS_EXPIRED: ERC-3009 windows are strict at both ends", async () => {
    const typedData = honestAuthorization();
    const entry = typedData.message.funding[0]!;
    expect(await codesOf(typedData, { now: Number(entry.validAfter) })).to.deep.equal([
      "GASLESS_NOT_YET_VALID",
    ]);
    expect(await codesOf(typedData, { now: Number(entry.validAfter) + 1 })).to.deep.equal([]);
    expect(await codesOf(typedData, { now: Number(entry.validBefore) - 1 })).to.deep.equal([]);
    expect(await codesOf(typedData, { now: Number(entry.validBefore) })).to.deep.equal(["GASLESS_EXPIRED"]);
  });

  it("GASLESS_VALIDITY_TOO_LONG: a window ending further ahead than the caller accepts", async () => {
    expect(await codesOf(honestAuthorization(), { maxValiditySeconds: 599 })).to.deep.equal([
      "GASLESS_VALIDITY_TOO_LONG",
    ]);
    expect(await codesOf(honestAuthorization(), { maxValiditySeconds: 600 })).to.deep.equal([]);
  });

  it("defaults nftRecipient to the zero address and leaves metadata unchecked when the quote gives none", async () => {
    const { nftRecipient: _n, metadata: _m, ...bare } = expectation();
    expect(await codesOf(honestAuthorization(), { expected: bare })).to.deep.equal([]);
    expect(
      await codesOf(
        changed((m) => (m.nftRecipient = OTHER)),
        { expected: bare },
      ),
    ).to.deep.equal(["GASLESS_NFT_RECIPIENT_MISMATCH"]);
    expect(zeroAddress).to.equal(honestAuthorization().message.nftRecipient);
  });
});
