import { expect } from "chai";
import fc from "fast-check";
import { hashStruct } from "viem";
import {
  type ChainVmTypes,
  encodeOrder,
  getOrderId,
  hashEncodedOrder,
  ORDER_V1_TYPES,
} from "../../src/index.ts";
import { mutateOrder, orderLeaves } from "./order-mutation.ts";
import { orderVectors } from "./vectors.ts";

/** The vectors' chains plus a second chain of every VM, so a chain id can change within its VM. */
const VM_TYPES: ChainVmTypes = Object.fromEntries(
  Object.entries(orderVectors.chainVmTypes).flatMap(([chain, vmType]) => [
    [chain, vmType],
    [`${chain}-2`, vmType],
  ]),
);

describe("orders: property — changing any field of any order changes its id", () => {
  const orders = orderVectors.cases.map((entry) => entry.order);

  it("every leaf of every vector order, mutated to another valid value, gives another id", () => {
    let mutations = 0;
    for (const order of orders) {
      const id = getOrderId(order, VM_TYPES);
      for (const leaf of orderLeaves(order, VM_TYPES)) {
        const mutated = mutateOrder(order, leaf, VM_TYPES, 1);
        expect(mutated, `mutation of ${leaf.path.join(".")} changed nothing`).to.not.deep.equal(order);
        expect(getOrderId(mutated, VM_TYPES), `mutating ${leaf.path.join(".")} kept the id`).to.not.equal(id);
        mutations++;
      }
    }
    expect(mutations).to.be.greaterThan(1000);
  });

  it("random leaves with random alternatives never keep the id (and match viem's hashStruct)", () => {
    fc.assert(
      fc.property(fc.nat(orders.length - 1), fc.nat(), fc.nat(10_000), (orderIndex, leafPick, salt) => {
        const order = orders[orderIndex]!;
        const leaves = orderLeaves(order, VM_TYPES);
        const leaf = leaves[leafPick % leaves.length]!;
        const mutated = mutateOrder(order, leaf, VM_TYPES, salt);
        const encoded = encodeOrder(mutated, VM_TYPES);
        const id = hashEncodedOrder(encoded);
        expect(id).to.not.equal(getOrderId(order, VM_TYPES));
        // Differential: the precomputed-typehash hasher agrees with viem's generic EIP-712 hashStruct.
        expect(id).to.equal(hashStruct({ types: ORDER_V1_TYPES, primaryType: "Order", data: encoded }));
      }),
      { numRuns: 500 },
    );
  });

  it("the same order with an EVM address written in lowercase keeps the id", () => {
    const published = orderVectors.published[0]!;
    const lowered = structuredClone(published.order);
    lowered.inputs[0]!.refunds[0]!.recipient = lowered.inputs[0]!.refunds[0]!.recipient.toLowerCase();
    expect(getOrderId(lowered, published.chainVmTypes)).to.equal(published.orderId);
  });
});
