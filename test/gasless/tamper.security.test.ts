// A relayer holds the user's signatures before submitting them: every way it could change what runs
// must be refused, with the changed field as root cause and the broken signature following from it.
import { expect } from "chai";
import { type Address, getAddress, hashTypedData } from "viem";
import {
  buildMulticallAuthorization,
  type Call3Value,
  type FundingAuthorization,
  type GaslessCheckCode,
  type MulticallAuthorizationTypedData,
  verifyFundingAuthorization,
  verifyMulticallAuthorization,
} from "../../src/gasless/index.ts";
import {
  asJson,
  CHAIN_ID,
  type EditableMessage,
  expectation,
  funding,
  honestAuthorization,
  honestFunding,
  NOW,
  PROXY,
  TOKEN_DOMAIN,
  user,
} from "./fixture.ts";

const ATTACKER: Address = getAddress("0x000000000000000000000000000000000000dead");

type Tamper = [name: string, code: GaslessCheckCode, edit: (m: EditableMessage) => void];

const tampers: Tamper[] = [
  [
    "a relayer swapping a call (the deposit replaced by a transfer to itself)",
    "GASLESS_CALL_MISMATCH",
    (m) => (m.calls[1] = { ...(m.calls[1] as Call3Value), target: ATTACKER }),
  ],
  ["a relayer reordering the calls", "GASLESS_CALL_MISMATCH", (m) => m.calls.reverse()],
  [
    "a relayer adding value to a call",
    "GASLESS_CALL_MISMATCH",
    (m) => (m.calls[0] = { ...(m.calls[0] as Call3Value), value: 1n }),
  ],
  [
    "a relayer attaching less native value than signed",
    "GASLESS_MSG_VALUE_MISMATCH",
    (m) => (m.msgValue = 1n),
  ],
  ["a relayer redirecting refundTo to itself", "GASLESS_REFUND_TO_MISMATCH", (m) => (m.refundTo = ATTACKER)],
  [
    "a relayer widening validBefore",
    "GASLESS_VALIDITY_TOO_LONG",
    (m) => (m.funding[0] = { ...(m.funding[0] as FundingAuthorization), validBefore: BigInt(NOW + 86_400) }),
  ],
  ["another relayer submitting it", "GASLESS_RELAYER_MISMATCH", (m) => (m.relayer = ATTACKER)],
];

describe("gasless authorisations: relayer tampering (security)", () => {
  for (const [name, code, edit] of tampers) {
    it(`refuses ${name}: ${code}, then GASLESS_SIGNATURE_INVALID caused by it`, async () => {
      const honest = honestAuthorization();
      const signature = await user.signTypedData(honest);
      const tampered = structuredClone(honest) as MulticallAuthorizationTypedData;
      edit(tampered.message as EditableMessage);
      // The attack happened: the relayer now presents another message under the user's signature.
      expect(hashTypedData(tampered)).to.not.equal(hashTypedData(honest));
      const { ok, failures } = await verifyMulticallAuthorization(asJson(tampered), expectation(), {
        now: NOW,
        signature,
      });
      expect(ok).to.equal(false);
      expect(failures[0]?.code).to.equal(code);
      expect(failures.at(-1)).to.include({ code: "GASLESS_SIGNATURE_INVALID", causedBy: code });
    });
  }

  it("refuses replaying a funding authorisation under another multicall: GASLESS_NONCE_MISMATCH", async () => {
    const signed = honestAuthorization();
    const fundingSigned = honestFunding(signed);
    const fundingSignature = await user.signTypedData(fundingSigned);
    // The relayer asks the user for a second, harmless-looking multicall and pairs the old funding with it.
    const other = buildMulticallAuthorization({
      chainId: CHAIN_ID,
      approvalProxy: PROXY,
      from: user.address,
      execution: { ...signed.message, calls: [] },
      funding: [funding()],
    });
    expect(fundingSigned.message.nonce).to.not.equal(hashTypedData(other));
    const { failures } = await verifyFundingAuthorization(
      asJson(fundingSigned),
      { multicall: asJson(other), expected: expectation(), tokenDomain: TOKEN_DOMAIN },
      { signature: fundingSignature },
    );
    expect(failures.map((failure) => failure.code)).to.deep.equal(["GASLESS_NONCE_MISMATCH"]);
  });
});
