// compute_order_id of the order depositor (programs/order-depositor), simulated like an Anchor or
// codama client would: its return data must be the order id of every shared vector
// (test/vectors/protocol-orders.json: the service's published order and the seeded orders over
// all nine VM types) and, over random orders, what the TS library's hashEncodedOrder computes.
import { type AnchorIdl, rootNodeFromAnchor } from "@codama/nodes-from-anchor";
import { expect } from "chai";
import fc from "fast-check";
import { FailedTransactionMetadata } from "litesvm";
import { bytesToHex, type Hex } from "viem";
import orderIdl from "../../programs/idl/order_depositor.json" with { type: "json" };
import { encodeOrderBorsh } from "../../src/order-depositor/order.ts";
import { ORDER_V1_TYPES } from "../../src/orders/index.ts";
import type { EncodedOrder } from "../../src/orders/types.ts";
import vectors from "../vectors/protocol-orders.json" with { type: "json" };
import {
  borshOrder,
  customError,
  encodedFromJson,
  type JsonOrder,
  ORDER_ERRORS,
  OrderFixture,
} from "./order-fixture.ts";

describe("svm: order depositor compute_order_id (simulated like an Anchor or codama client)", function () {
  this.timeout(120_000);
  let f: OrderFixture;

  before(async () => {
    f = await OrderFixture.start();
  });

  async function simulate(order: EncodedOrder, raw = false) {
    const ix = raw ? f.computeOrderIdRaw(order) : await f.computeOrderId(order);
    const result = f.svm.simulateTransaction(await f.transaction([ix]));
    if (result instanceof FailedTransactionMetadata) return { error: result.toString() };
    const meta = result.meta();
    return { id: bytesToHex(meta.returnData().data()), cu: meta.computeUnitsConsumed() };
  }

  it("returns the published order's id and every seeded vector's id", async () => {
    const all = [...vectors.published, ...vectors.cases] as {
      name: string;
      encoded: JsonOrder;
      orderId: Hex;
    }[];
    expect(all.length).to.be.greaterThan(30);
    for (const v of all) {
      const { id, error } = await simulate(encodedFromJson(v.encoded), true);
      expect(error, v.name).to.equal(undefined);
      expect(id, v.name).to.equal(v.orderId);
    }
  });

  it("matches hashEncodedOrder over random orders, encodeOrderBorsh writing the bytes it reads (differential, fast-check)", async () => {
    const hex = (max: number) => fc.uint8Array({ maxLength: max }).map((b) => bytesToHex(b));
    const u256 = fc.bigInt({ min: 0n, max: 2n ** 256n - 1n });
    const u32 = fc.integer({ min: 0, max: 2 ** 32 - 1 });
    const chain = fc.constantFrom("base", "solana", "bitcoin", "ton", "ethereum", "x");
    const order = fc.record({
      version: fc.constant("v1"),
      solverChainId: chain,
      solver: fc.uint8Array({ minLength: 20, maxLength: 20 }).map((b) => bytesToHex(b)),
      salt: u256,
      inputs: fc.array(
        fc.record({
          payment: fc.record({ chainId: chain, currency: hex(40), amount: u256, weight: u256 }),
          refunds: fc.array(
            fc.record({
              chainId: chain,
              recipient: hex(40),
              currency: hex(40),
              minimumAmount: u256,
              deadline: u32,
              extraData: hex(24),
            }),
            { maxLength: 2 },
          ),
        }),
        { minLength: 1, maxLength: 2 },
      ),
      output: fc.record({
        chainId: chain,
        payments: fc.array(
          fc.record({ recipient: hex(40), currency: hex(40), minimumAmount: u256, expectedAmount: u256 }),
          { maxLength: 2 },
        ),
        deadline: u32,
        calls: fc.array(hex(40), { maxLength: 2 }),
        extraData: hex(24),
      }),
      fees: fc.array(
        fc.record({
          recipientChainId: chain,
          recipient: hex(40),
          currencyChainId: chain,
          currency: hex(40),
          amount: u256,
        }),
        { maxLength: 2 },
      ),
    }) as unknown as fc.Arbitrary<EncodedOrder>;
    await fc.assert(
      fc.asyncProperty(order, async (o) => {
        // The library's encodeOrderBorsh writes the bytes the test's own Borsh writer does.
        expect(bytesToHex(encodeOrderBorsh(o))).to.equal(bytesToHex(borshOrder(o)));
        const anchorIx = await f.computeOrderId(o);
        expect(bytesToHex(new Uint8Array(anchorIx.data!))).to.equal(
          bytesToHex(new Uint8Array(f.computeOrderIdRaw(o).data!)),
        );
        const { id, error } = await simulate(o);
        expect(error).to.equal(undefined);
        expect(id).to.equal(bytesToHex(f.orderId(o)));
      }),
      { numRuns: 1000 },
    );
  });

  it("the IDL's Order types, as codama reads them, are the EIP-712 types member for member", () => {
    const root = rootNodeFromAnchor(orderIdl as unknown as AnchorIdl);
    const compute = root.program.instructions.find((i) => i.name === "computeOrderId");
    expect(compute?.arguments.map((a) => a.name)).to.deep.equal(["discriminator", "order"]);
    for (const [name, members] of Object.entries(ORDER_V1_TYPES)) {
      const type = root.program.definedTypes.find(
        (t) => t.name === name.charAt(0).toLowerCase() + name.slice(1),
      );
      expect(type?.type.kind, name).to.equal("structTypeNode");
      const fields = (type!.type as { fields: { name: string }[] }).fields.map((f) => f.name);
      expect(fields, name).to.deep.equal(members.map((m) => m.name));
    }
  });

  it("refuses an order of another version with UnsupportedOrderVersion", async () => {
    const order = { ...f.order(), version: "v9" } as unknown as EncodedOrder;
    const { error } = await simulate(order);
    expect(customError(error!)).to.equal(ORDER_ERRORS.UnsupportedOrderVersion);
  });

  it("refuses truncated or padded order bytes with InvalidOrderEncoding", async () => {
    const ix = await f.computeOrderId(f.order());
    for (const data of [ix.data!.slice(0, -1), new Uint8Array([...ix.data!, 0])]) {
      const result = f.svm.simulateTransaction(await f.transaction([{ ...ix, data }]));
      expect(result).to.be.instanceOf(FailedTransactionMetadata);
      expect(customError(result.toString())).to.equal(ORDER_ERRORS.InvalidOrderEncoding);
    }
  });

  it("refuses a list longer than 32 elements with TooManyElements", async () => {
    const order = f.order();
    order.output.calls = Array.from({ length: 33 }, () => "0x" as Hex);
    const { error } = await simulate(order);
    expect(customError(error!)).to.equal(ORDER_ERRORS.TooManyElements);
  });
});
