import { expect } from "chai";
import fc from "fast-check";
import { hexToBytes } from "viem";
import { encodeOrderAddress, formatOrderAddress, getOrderId, NATIVE_CURRENCY } from "../../src/index.ts";
import { expectCode } from "../lib/expect-code.ts";
import { orderVectors } from "./vectors.ts";

/** Facts from the settlement SDK's hedera-vm tests: entity ids and the long-zero addresses they publish. */
const PUBLISHED_LONG_ZERO = [
  ["0.0.0", "0x0000000000000000000000000000000000000000"],
  ["0.0.123", "0x000000000000000000000000000000000000007b"],
  ["0.0.456858", "0x000000000000000000000000000000000006f89a"], // mainnet USDC
  ["0.0.9223372036854775807", "0x0000000000000000000000007fffffffffffffff"],
] as const;

/** The documented layout, stated independently: 4-byte shard and 8-byte realm (both 0), 8-byte num. */
const longZero = (num: bigint) => `0x${"00".repeat(12)}${num.toString(16).padStart(16, "0")}`;

describe("orders: hedera-vm addresses", () => {
  for (const [entityId, address] of PUBLISHED_LONG_ZERO) {
    it(`${entityId} is the long-zero address ${address} and formats back`, () => {
      expect(encodeOrderAddress(entityId, "hedera-vm")).to.equal(address);
      expect(encodeOrderAddress(address, "hedera-vm")).to.equal(address);
      expect(formatOrderAddress(hexToBytes(address), "hedera-vm")).to.equal(entityId);
    });
  }

  it("HBAR is 0.0.0, 20 zero bytes", () => {
    expect(NATIVE_CURRENCY["hedera-vm"]).to.equal("0.0.0");
    expect(encodeOrderAddress("0.0.0", "hedera-vm")).to.equal(`0x${"00".repeat(20)}`);
  });

  it("an account's EVM alias is its own 20 bytes, in the 0x and mirror-node forms", () => {
    const alias = "0x5e7b112523f68d2f5e879db4eac51c6698a69304";
    expect(encodeOrderAddress(alias, "hedera-vm")).to.equal(alias);
    expect(encodeOrderAddress(`0.0.${alias.slice(2)}`, "hedera-vm")).to.equal(alias);
    expect(formatOrderAddress(hexToBytes(alias), "hedera-vm")).to.equal(alias);
  });

  it("the mirror-node form of a long-zero address is the entity id", () => {
    expect(encodeOrderAddress("0.0.000000000000000000000000000000000006f89a", "hedera-vm")).to.equal(
      "0x000000000000000000000000000000000006f89a",
    );
  });

  it("a mixed-case alias must carry its EIP-55 checksum", async () => {
    await expectCode(
      () => encodeOrderAddress("0x5E7b112523f68d2f5e879db4eac51c6698a69304", "hedera-vm"),
      "ORDER_ADDRESS_BAD_CHECKSUM",
    );
  });

  it("entity ids encode to the documented long-zero layout (property)", () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: (1n << 63n) - 1n }), (num) => {
        expect(encodeOrderAddress(`0.0.${num}`, "hedera-vm")).to.equal(longZero(num));
      }),
      { numRuns: 300 },
    );
  });

  it("an order paying on hedera hashes the entity id and its long-zero address alike", () => {
    const vectorOrder = orderVectors.cases.find((entry) => JSON.stringify(entry.order).includes('"hedera"'));
    expect(vectorOrder, "the shared vectors hold an order with a hedera chain").to.not.equal(undefined);
    const order = structuredClone(orderVectors.published[0]!.order);
    const chains = { ...orderVectors.published[0]!.chainVmTypes, hedera: "hedera-vm" as const };
    order.output = { ...order.output, chainId: "hedera" };
    order.output.payments = [{ ...order.output.payments[0]!, recipient: "0.0.456858", currency: "0.0.0" }];
    const byEntity = getOrderId(order, chains);
    order.output.payments[0]!.recipient = "0x000000000000000000000000000000000006f89a";
    order.output.payments[0]!.currency = "0x0000000000000000000000000000000000000000";
    expect(getOrderId(order, chains)).to.equal(byEntity);
  });
});
