import { expect } from "chai";
import fc from "fast-check";
import { bytesToHex, type Hex, hashStruct } from "viem";
import { type EncodedOrder, hashEncodedOrder, ORDER_V1_TYPES } from "../../src/index.ts";
import { expectCode } from "../lib/expect-code.ts";

// hashEncodedOrder writes the EIP-712 encoding straight into bytes with precomputed type hashes and memoised
// member hashes; viem's hashStruct (what hashTypedData hashes the message with) is the generic reference.

const MAX_UINT256 = (1n << 256n) - 1n;
const hex = (maxLength: number) => fc.uint8Array({ maxLength }).map((bytes) => bytesToHex(bytes));
// Short values hit the memo, values past 33 bytes take the uncached path; both are drawn.
const bytesMember = fc.oneof(hex(0), hex(40), hex(100), fc.constantFrom<Hex>("0x", `0x${"00".repeat(20)}`));
const stringMember = fc.oneof(
  fc.constantFrom("v1", "base", "solana", "bitcoin", ""),
  fc.string({ maxLength: 40 }),
  fc.string({ unit: "binary", maxLength: 80 }),
);
const uint256 = fc.oneof(fc.bigInt({ min: 0n, max: MAX_UINT256 }), fc.constantFrom(0n, 1n, MAX_UINT256));
const uint32 = fc.oneof(fc.nat({ max: 0xffff_ffff }), fc.constantFrom(0, 0xffff_ffff));
const address = fc.uint8Array({ minLength: 20, maxLength: 20 }).map((bytes) => bytesToHex(bytes));
const list = <T>(item: fc.Arbitrary<T>) => fc.array(item, { maxLength: 3 });

const encodedOrder: fc.Arbitrary<EncodedOrder> = fc.record({
  version: fc.constant("v1" as const),
  solverChainId: stringMember,
  solver: address,
  salt: uint256,
  inputs: list(
    fc.record({
      payment: fc.record({ chainId: stringMember, currency: bytesMember, amount: uint256, weight: uint256 }),
      refunds: list(
        fc.record({
          chainId: stringMember,
          recipient: bytesMember,
          currency: bytesMember,
          minimumAmount: uint256,
          deadline: uint32,
          extraData: bytesMember,
        }),
      ),
    }),
  ),
  output: fc.record({
    chainId: stringMember,
    payments: list(
      fc.record({
        recipient: bytesMember,
        currency: bytesMember,
        minimumAmount: uint256,
        expectedAmount: uint256,
      }),
    ),
    deadline: uint32,
    calls: list(bytesMember),
    extraData: bytesMember,
  }),
  fees: list(
    fc.record({
      recipientChainId: stringMember,
      recipient: bytesMember,
      currencyChainId: stringMember,
      currency: bytesMember,
      amount: uint256,
    }),
  ),
});

describe("orders: property — the fast order hash equals viem's EIP-712 hashStruct", () => {
  it("over random orders (every list length 0–3, unicode strings, long and empty bytes, uint extremes)", () => {
    fc.assert(
      fc.property(encodedOrder, (order) => {
        const reference = hashStruct({ types: ORDER_V1_TYPES, primaryType: "Order", data: order });
        expect(hashEncodedOrder(order)).to.equal(reference);
        // Twice: the second call reads the memoised member hashes.
        expect(hashEncodedOrder(order)).to.equal(reference);
      }),
      { numRuns: 400 },
    );
  });

  it("refuses members the EIP-712 types cannot hold with INVALID_ORDER instead of hashing other bytes", async () => {
    const base = fc.sample(encodedOrder, { numRuns: 1, seed: 7 })[0] as EncodedOrder;
    expect(hashEncodedOrder(base)).to.match(/^0x[0-9a-f]{64}$/);
    const broken: Array<[string, (order: EncodedOrder) => void]> = [
      ["salt of 2^256", (o) => Object.assign(o, { salt: MAX_UINT256 + 1n })],
      ["negative salt", (o) => Object.assign(o, { salt: -1n })],
      ["deadline of 2^32", (o) => Object.assign(o.output, { deadline: 2 ** 32 })],
      ["fractional deadline", (o) => Object.assign(o.output, { deadline: 1.5 })],
      ["19-byte solver", (o) => Object.assign(o, { solver: `0x${"11".repeat(19)}` })],
      ["odd-length extra data", (o) => Object.assign(o.output, { extraData: "0x123" })],
      ["extra data without 0x", (o) => Object.assign(o.output, { extraData: "abcd" })],
      ["a number as chain id", (o) => Object.assign(o.output, { chainId: 8453 })],
      ["calls not an array", (o) => Object.assign(o.output, { calls: "0x" })],
    ];
    for (const [name, breakIt] of broken) {
      const order = structuredClone(base);
      breakIt(order);
      expect(order, `${name} changed nothing`).to.not.deep.equal(base);
      await expectCode(() => hashEncodedOrder(order), "INVALID_ORDER");
    }
  });
});
