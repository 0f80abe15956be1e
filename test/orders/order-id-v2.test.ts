// Order v2 (the settlement SDK's next format) beside v1: the SDK's published v2 order reproduces the id it
// asserts, the shared v2 vectors hold, encodeOrder / getOrderId / hashEncodedOrder dispatch on `version`,
// malformed v2 orders get typed errors naming the member, and the fast hasher equals viem's hashStruct on
// random v2 orders.
import { expect } from "chai";
import fc from "fast-check";
import { bytesToHex, type Hex, hashStruct } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import {
  type EncodedOrderV2,
  encodeOrder,
  encodeOrderAbi,
  getOrderId,
  hashEncodedOrder,
  ORDER_FORMATS,
  ORDER_V1_TYPES,
  ORDER_V2_TYPES,
  ORDER_VERSIONS,
  ORDER_VM_TYPES,
  type OrderV2,
  recoverOrderSigner,
} from "../../src/index.ts";
import { expectCode } from "../lib/expect-code.ts";
import { orderV2Vectors, orderVectors } from "./vectors.ts";

const PINNED_ID = "0x891a00b48e5c73016382af5eec240cca7cf6751c2ce572c09ba9c203f52168cc";
const bigintsAsStrings = (value: unknown) =>
  JSON.parse(JSON.stringify(value, (_, v) => (typeof v === "bigint" ? v.toString() : v)));
const [published] = orderV2Vectors.published;

describe("orders v2: the format table", () => {
  it("declares v2 beside v1, with the EIP-712 type strings the settlement SDK hashes", () => {
    expect(ORDER_VERSIONS).to.deep.equal(["v1", "v2"]);
    expect(ORDER_FORMATS.v1).to.equal(ORDER_V1_TYPES);
    expect(ORDER_FORMATS.v2).to.equal(ORDER_V2_TYPES);
    const typeString = (name: keyof typeof ORDER_V2_TYPES) =>
      `${name}(${ORDER_V2_TYPES[name].map((m) => `${m.type} ${m.name}`).join(",")})`;
    expect(typeString("Order")).to.equal(
      "Order(string version,string relayerChainId,address relayer,uint256 salt,uint32 deadline,Input input,Refund[] refunds,Output output,Fee[] fees)",
    );
    expect(typeString("Input")).to.equal("Input(string chainId,bytes currency,uint256 amount)");
    expect(typeString("Refund")).to.equal(
      "Refund(string chainId,bytes currency,uint256 minimumAmount,bytes recipient)",
    );
    expect(typeString("Output")).to.equal("Output(string chainId,Withdraw withdraw,Fill fill)");
    expect(typeString("Withdraw")).to.equal("Withdraw(bytes currency,uint256 minimumAmount)");
    expect(typeString("Fill")).to.equal(
      "Fill(bytes currency,uint256 minimumAmount,bytes recipient,bytes[] calls)",
    );
    expect(ORDER_V2_TYPES.Fee).to.equal(ORDER_V1_TYPES.Fee);
  });
});

describe("orders v2: the settlement SDK's published v2 order", () => {
  it(`${published!.name} reproduces the id the SDK asserts (${PINNED_ID})`, () => {
    expect(published!.orderId).to.equal(PINNED_ID);
    expect(getOrderId(published!.order, published!.chainVmTypes)).to.equal(PINNED_ID);
    const encoded = encodeOrder(published!.order, published!.chainVmTypes, { versions: ["v2"] });
    expect(hashStruct({ types: ORDER_V2_TYPES, primaryType: "Order", data: encoded })).to.equal(PINNED_ID);
    expect(bigintsAsStrings(encoded)).to.deep.equal(published!.encoded);
    expect(encodeOrderAbi(encoded)).to.equal(published!.abiEncoded);
  });

  it("every member is bound: changing any leaf of the order changes the id", () => {
    const leaves: Array<[string, (o: OrderV2) => void]> = [
      ["relayerChainId", (o) => (o.relayerChainId = "ethereum")],
      ["relayer", (o) => (o.relayer = "0xb92fe925dc43a0ecde6c8b1a2709c170ec4fff4f")],
      ["salt", (o) => (o.salt = "1")],
      ["deadline", (o) => (o.deadline += 1)],
      ["input.chainId", (o) => (o.input = { ...o.input, chainId: "base", currency: o.refunds[1]!.currency })],
      ["input.amount", (o) => (o.input.amount = "100000001")],
      ["refunds order", (o) => o.refunds.reverse()],
      [
        "refunds[1].recipient",
        (o) => (o.refunds[1]!.recipient = "0xb92fe925dc43a0ecde6c8b1a2709c170ec4fff4f"),
      ],
      ["refunds[0].minimumAmount", (o) => (o.refunds[0]!.minimumAmount = "1")],
      ["output.chainId", (o) => (o.output.chainId = "ethereum")],
      ["withdraw.minimumAmount", (o) => (o.output.withdraw.minimumAmount = "98999999")],
      ["withdraw.currency", (o) => (o.output.withdraw.currency = o.output.fill.currency)],
      ["fill.minimumAmount", (o) => (o.output.fill.minimumAmount = "1")],
      ["fill.recipient", (o) => (o.output.fill.recipient = "0xb92fe925dc43a0ecde6c8b1a2709c170ec4fff4f")],
      ["fill.calls", (o) => (o.output.fill.calls = [])],
      ["fees", (o) => (o.fees[0]!.amount = "1001")],
    ];
    const ids = new Set([PINNED_ID]);
    for (const [name, change] of leaves) {
      const order = structuredClone(published!.order);
      change(order);
      const id = getOrderId(order, published!.chainVmTypes);
      expect(ids.has(id), `${name} left the id unchanged`).to.equal(false);
      ids.add(id);
    }
  });
});

describe("orders v2: shared vectors", () => {
  const signer = privateKeyToAccount(orderV2Vectors.solver.privateKey);

  it("the vectors cover every VM type as output chain", () => {
    const outputVms = new Set(
      orderV2Vectors.cases.map((entry) => orderV2Vectors.chainVmTypes[entry.order.output.chainId]),
    );
    expect([...outputVms].sort()).to.deep.equal([...ORDER_VM_TYPES].sort());
  });

  for (const vector of orderV2Vectors.cases) {
    it(`${vector.name}: encoding, id, ABI form and signature match`, async () => {
      const encoded = encodeOrder(vector.order, orderV2Vectors.chainVmTypes, { versions: ["v2"] });
      expect(bigintsAsStrings(encoded)).to.deep.equal(vector.encoded);
      expect(encodeOrderAbi(encoded)).to.equal(vector.abiEncoded);
      expect(getOrderId(vector.order, orderV2Vectors.chainVmTypes)).to.equal(vector.orderId);
      expect(await recoverOrderSigner({ orderId: vector.orderId, signature: vector.signature })).to.equal(
        signer.address,
      );
    });
  }

  for (const entry of orderV2Vectors.invalidOrders) {
    it(`refuses the malformed v2 order ${entry.name} with ${entry.errorCode}`, async () => {
      await expectCode(() => getOrderId(entry.order, published!.chainVmTypes), entry.errorCode);
    });
  }
});

describe("orders v2: dispatch on version", () => {
  it("encodeOrder reads v1 unless the caller names v2: a v2 order is refused with ORDER_UNSUPPORTED_VERSION, not handed to v1 code", async () => {
    const error = await expectCode(
      () => encodeOrder(published!.order, published!.chainVmTypes),
      "ORDER_UNSUPPORTED_VERSION",
    );
    expect(error.message).to.contain("options.versions");
    const both = encodeOrder(published!.order, published!.chainVmTypes, { versions: ORDER_VERSIONS });
    expect(both.version).to.equal("v2");
    const v1 = orderVectors.published[0]!;
    expect(encodeOrder(v1.order, v1.chainVmTypes, { versions: ORDER_VERSIONS }).version).to.equal("v1");
    await expectCode(
      () => encodeOrder(v1.order, v1.chainVmTypes, { versions: ["v2"] }),
      "ORDER_UNSUPPORTED_VERSION",
    );
  });

  it("an unknown version is refused by encodeOrder, getOrderId and hashEncodedOrder alike", async () => {
    const v9 = { ...published!.order, version: "v9" };
    await expectCode(() => getOrderId(v9, published!.chainVmTypes), "ORDER_UNSUPPORTED_VERSION");
    await expectCode(
      () => encodeOrder(v9, published!.chainVmTypes, { versions: ORDER_VERSIONS }),
      "ORDER_UNSUPPORTED_VERSION",
    );
    const encoded = encodeOrder(published!.order, published!.chainVmTypes, { versions: ["v2"] });
    await expectCode(
      () => hashEncodedOrder({ ...encoded, version: "v9" } as unknown as EncodedOrderV2),
      "ORDER_UNSUPPORTED_VERSION",
    );
  });

  it("errors name the v2 member at fault", async () => {
    const order = structuredClone(published!.order);
    order.output.fill.recipient = "not-an-address";
    const error = await expectCode(
      () => getOrderId(order, published!.chainVmTypes),
      "ORDER_ADDRESS_MALFORMED",
    );
    expect(error.message).to.match(/^output\.fill\.recipient: /);
  });
});

const MAX_UINT256 = (1n << 256n) - 1n;
const hex = (maxLength: number) => fc.uint8Array({ maxLength }).map((bytes) => bytesToHex(bytes));
const bytesMember = fc.oneof(hex(0), hex(40), hex(100), fc.constantFrom<Hex>("0x", `0x${"00".repeat(20)}`));
const stringMember = fc.oneof(
  fc.constantFrom("base", "solana", ""),
  fc.string({ unit: "binary", maxLength: 80 }),
);
const uint256 = fc.oneof(fc.bigInt({ min: 0n, max: MAX_UINT256 }), fc.constantFrom(0n, MAX_UINT256));
const encodedOrderV2: fc.Arbitrary<EncodedOrderV2> = fc.record({
  version: fc.constant("v2" as const),
  relayerChainId: stringMember,
  relayer: fc.uint8Array({ minLength: 20, maxLength: 20 }).map((bytes) => bytesToHex(bytes)),
  salt: uint256,
  deadline: fc.oneof(fc.nat({ max: 0xffff_ffff }), fc.constantFrom(0, 0xffff_ffff)),
  input: fc.record({ chainId: stringMember, currency: bytesMember, amount: uint256 }),
  refunds: fc.array(
    fc.record({
      chainId: stringMember,
      currency: bytesMember,
      minimumAmount: uint256,
      recipient: bytesMember,
    }),
    { maxLength: 3 },
  ),
  output: fc.record({
    chainId: stringMember,
    withdraw: fc.record({ currency: bytesMember, minimumAmount: uint256 }),
    fill: fc.record({
      currency: bytesMember,
      minimumAmount: uint256,
      recipient: bytesMember,
      calls: fc.array(bytesMember, { maxLength: 3 }),
    }),
  }),
  fees: fc.array(
    fc.record({
      recipientChainId: stringMember,
      recipient: bytesMember,
      currencyChainId: stringMember,
      currency: bytesMember,
      amount: uint256,
    }),
    { maxLength: 3 },
  ),
});

describe("orders v2: property — the fast order hash equals viem's EIP-712 hashStruct", () => {
  it("over random v2 orders (lists of 0–3, unicode strings, long and empty bytes, uint extremes)", () => {
    fc.assert(
      fc.property(encodedOrderV2, (order) => {
        const reference = hashStruct({ types: ORDER_V2_TYPES, primaryType: "Order", data: order });
        expect(hashEncodedOrder(order)).to.equal(reference);
      }),
      { numRuns: 400 },
    );
  });
});
