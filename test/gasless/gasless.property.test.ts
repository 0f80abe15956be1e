import { expect } from "chai";
import fc from "fast-check";
import {
  type Address,
  bytesToHex,
  concat,
  encodeAbiParameters,
  getAddress,
  type Hex,
  keccak256,
  toHex,
  zeroAddress,
} from "viem";
import {
  buildMulticallAuthorization,
  type Call3Value,
  type GaslessExpectation,
  hashMulticallAuthorization,
  type MulticallAuthorizationTypedData,
  verifyMulticallAuthorization,
} from "../../src/gasless/index.ts";
import { asJson, CHAIN_ID, NOW, PROXY, RELAYER, TOKEN, user } from "./fixture.ts";

// The approval proxy's digest, stated independently from its type strings and abi.encode (as the
// contract computes it), against viem's generic EIP-712 hashing used by the library.
const CALL = "Call3Value(address target,bool allowFailure,uint256 value,bytes callData)";
const FUNDING =
  "FundingAuthorization(address token,address from,uint256 value,uint256 validAfter,uint256 validBefore)";
const MULTICALL = `MulticallAuthorization(address from,address relayer,uint256 msgValue,address refundTo,address nftRecipient,bytes metadata,uint256 fundingIndex,Call3Value[] calls,FundingAuthorization[] funding)${CALL}${FUNDING}`;
const DOMAIN = "EIP712Domain(string name,string version,uint256 chainId,address verifyingContract)";
const h = (text: string) => keccak256(toHex(text));

function contractDigest(typedData: MulticallAuthorizationTypedData): Hex {
  const m = typedData.message;
  const calls = keccak256(
    concat([
      "0x",
      ...m.calls.map((c) =>
        keccak256(
          encodeAbiParameters(
            [
              { type: "bytes32" },
              { type: "address" },
              { type: "bool" },
              { type: "uint256" },
              { type: "bytes32" },
            ],
            [h(CALL), c.target, c.allowFailure, c.value, keccak256(c.callData)],
          ),
        ),
      ),
    ]),
  );
  const funding = keccak256(
    concat([
      "0x",
      ...m.funding.map((f) =>
        keccak256(
          encodeAbiParameters(
            [
              { type: "bytes32" },
              { type: "address" },
              { type: "address" },
              { type: "uint256" },
              { type: "uint256" },
              { type: "uint256" },
            ],
            [h(FUNDING), f.token, f.from, f.value, f.validAfter, f.validBefore],
          ),
        ),
      ),
    ]),
  );
  const struct = keccak256(
    encodeAbiParameters(
      [
        { type: "bytes32" },
        { type: "address" },
        { type: "address" },
        { type: "uint256" },
        { type: "address" },
        { type: "address" },
        { type: "bytes32" },
        { type: "uint256" },
        { type: "bytes32" },
        { type: "bytes32" },
      ],
      [
        h(MULTICALL),
        m.from,
        m.relayer,
        m.msgValue,
        m.refundTo,
        m.nftRecipient,
        keccak256(m.metadata),
        m.fundingIndex,
        calls,
        funding,
      ],
    ),
  );
  const domain = keccak256(
    encodeAbiParameters(
      [
        { type: "bytes32" },
        { type: "bytes32" },
        { type: "bytes32" },
        { type: "uint256" },
        { type: "address" },
      ],
      [
        h(DOMAIN),
        h("RelayApprovalProxy"),
        h("3.1"),
        BigInt(typedData.domain.chainId),
        typedData.domain.verifyingContract,
      ],
    ),
  );
  return keccak256(concat(["0x1901", domain, struct]));
}

const address = fc
  .uint8Array({ minLength: 20, maxLength: 20 })
  .map((b) => getAddress(bytesToHex(b)) as Address);
const bytes = fc.uint8Array({ maxLength: 80 }).map((b) => bytesToHex(b));
const uint = fc.bigInt({ min: 0n, max: (1n << 256n) - 1n });
const call: fc.Arbitrary<Call3Value> = fc.record({
  target: address,
  allowFailure: fc.boolean(),
  value: uint,
  callData: bytes,
});
const scenario = fc.record({
  calls: fc.array(call, { minLength: 1, maxLength: 4 }),
  msgValue: uint,
  refundTo: address,
  metadata: bytes,
  amounts: fc.array(fc.bigInt({ min: 1n, max: 1n << 128n }), { minLength: 1, maxLength: 3 }),
  lifetime: fc.integer({ min: 1, max: 3600 }),
});

type Scenario = typeof scenario extends fc.Arbitrary<infer T> ? T : never;

function build(s: Scenario) {
  const funding = s.amounts.map((value) => ({
    token: TOKEN,
    from: user.address,
    value,
    validAfter: BigInt(NOW - 1),
    validBefore: BigInt(NOW + s.lifetime),
  }));
  const execution = {
    relayer: RELAYER,
    msgValue: s.msgValue,
    refundTo: s.refundTo,
    nftRecipient: zeroAddress,
    metadata: s.metadata,
    calls: s.calls,
  };
  const typedData = buildMulticallAuthorization({
    chainId: CHAIN_ID,
    approvalProxy: PROXY,
    from: user.address,
    execution,
    funding,
  });
  const expected: GaslessExpectation = {
    chainId: CHAIN_ID,
    approvalProxy: PROXY,
    from: user.address,
    ...execution,
    funding: funding.map(({ token, value }) => ({ token, value })),
  };
  return { typedData, expected };
}

describe("gasless authorisations (properties)", () => {
  it("the library's digest is the approval proxy's, stated from its type strings", () => {
    fc.assert(
      fc.property(scenario, (s) => {
        const { typedData } = build(s);
        expect(hashMulticallAuthorization(typedData)).to.equal(contractDigest(typedData));
      }),
      { numRuns: 60 },
    );
  });

  it("any single changed field of a signed authorisation is refused, the signature with it", async () => {
    const mutation = fc.oneof(
      fc.record({
        kind: fc.constant("call" as const),
        index: fc.nat(),
        field: fc.constantFrom("target", "allowFailure", "value", "callData"),
      }),
      fc.constantFrom(
        { kind: "msgValue" as const },
        { kind: "refundTo" as const },
        { kind: "relayer" as const },
        { kind: "amount" as const },
        { kind: "dropCall" as const },
      ),
    );
    await fc.assert(
      fc.asyncProperty(scenario, mutation, async (s, change) => {
        const { typedData, expected } = build(s);
        const signature = await user.signTypedData(typedData);
        const honest = await verifyMulticallAuthorization(asJson(typedData), expected, {
          now: NOW,
          signature,
        });
        expect(honest.failures).to.deep.equal([]);
        const m = structuredClone(typedData.message) as MulticallAuthorizationTypedData["message"] & {
          calls: Call3Value[];
          funding: { value: bigint }[];
        };
        if (change.kind === "call") {
          const i = change.index % m.calls.length;
          const c = m.calls[i] as Call3Value;
          if (change.field === "target")
            c.target = getAddress(`0x${(BigInt(c.target) ^ 1n).toString(16).padStart(40, "0")}`);
          if (change.field === "allowFailure") c.allowFailure = !c.allowFailure;
          if (change.field === "value") c.value = c.value ^ 1n;
          if (change.field === "callData") c.callData = `${c.callData}00`;
        }
        if (change.kind === "msgValue") m.msgValue = m.msgValue ^ 1n;
        if (change.kind === "refundTo")
          m.refundTo = getAddress(`0x${(BigInt(m.refundTo) ^ 1n).toString(16).padStart(40, "0")}`);
        if (change.kind === "relayer")
          m.relayer = getAddress(`0x${(BigInt(m.relayer) ^ 1n).toString(16).padStart(40, "0")}`);
        if (change.kind === "amount") (m.funding[0] as { value: bigint }).value += 1n;
        if (change.kind === "dropCall") m.calls.pop();
        const tampered = await verifyMulticallAuthorization(asJson({ ...typedData, message: m }), expected, {
          now: NOW,
          signature,
        });
        expect(tampered.ok).to.equal(false);
        expect(tampered.failures.at(-1)?.code).to.equal("GASLESS_SIGNATURE_INVALID");
        expect(tampered.failures.at(-1)?.causedBy).to.equal(tampered.failures[0]?.code);
      }),
      { numRuns: 40 },
    );
  });
});
