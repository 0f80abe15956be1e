import { expect } from "chai";
import fc from "fast-check";
import { hexToBytes } from "viem";
import {
  encodeOrderAddress,
  formatOrderAddress,
  NATIVE_CURRENCY,
  ORDER_VM_TYPES,
  type OrderVmType,
} from "../../src/index.ts";
import { expectCode } from "../lib/expect-code.ts";
import { orderVectors } from "./vectors.ts";

describe("orders: address encoding vectors", () => {
  for (const entry of orderVectors.addresses) {
    it(`${entry.vmType} ${entry.address} encodes to ${entry.bytes}`, () => {
      expect(encodeOrderAddress(entry.address, entry.vmType)).to.equal(entry.bytes);
      const native = formatOrderAddress(hexToBytes(entry.bytes), entry.vmType);
      expect(encodeOrderAddress(native, entry.vmType)).to.equal(entry.bytes);
    });
  }

  it("every VM's native currency sentinel encodes and formats back to itself", () => {
    for (const vmType of ORDER_VM_TYPES) {
      const bytes = encodeOrderAddress(NATIVE_CURRENCY[vmType], vmType);
      expect(formatOrderAddress(hexToBytes(bytes), vmType)).to.equal(NATIVE_CURRENCY[vmType]);
    }
  });

  for (const entry of orderVectors.malformedAddresses) {
    it(`refuses ${entry.name} (${entry.vmType}) with ${entry.errorCode}`, async () => {
      await expectCode(() => encodeOrderAddress(entry.address, entry.vmType), entry.errorCode);
    });
  }

  it("reads a TON user-friendly address in base64 and base64url alike, and refuses one mixing the two", async () => {
    const hash = new Uint8Array(32).fill(0xfb);
    const urlSafe = formatOrderAddress(hash, "ton-vm");
    expect(urlSafe).to.match(/[-_]/);
    const standard = urlSafe.replaceAll("-", "+").replaceAll("_", "/");
    expect(encodeOrderAddress(standard, "ton-vm")).to.equal(encodeOrderAddress(urlSafe, "ton-vm"));
    const mixed = urlSafe.replace(/[-_]/, (char) => (char === "-" ? "+" : "/"));
    expect(mixed).to.match(/[-_]/).and.to.match(/[+/]/);
    await expectCode(() => encodeOrderAddress(mixed, "ton-vm"), "ORDER_ADDRESS_MALFORMED");
  });

  it("refuses an unknown VM type with ORDER_UNSUPPORTED_VM_TYPE", async () => {
    await expectCode(() => encodeOrderAddress("0x00", "sui-vm" as OrderVmType), "ORDER_UNSUPPORTED_VM_TYPE");
  });
});

/** The byte shapes each VM's addresses take, so random bytes of that shape format to a valid address. */
const SHAPES: Record<OrderVmType, fc.Arbitrary<Uint8Array>> = {
  "ethereum-vm": fc.uint8Array({ minLength: 20, maxLength: 20 }),
  "hyperliquid-vm": fc.oneof(
    fc.uint8Array({ minLength: 16, maxLength: 16 }),
    fc.uint8Array({ minLength: 20, maxLength: 20 }),
  ),
  "solana-vm": fc.uint8Array({ minLength: 32, maxLength: 32 }),
  "bitcoin-vm": fc.oneof(
    fc
      .tuple(fc.constantFrom(0x00, 0x05), fc.uint8Array({ minLength: 20, maxLength: 20 }))
      .map(([v, h]) => Uint8Array.of(0xff, v, ...h)),
    fc
      .tuple(fc.constantFrom(20, 32), fc.uint8Array({ minLength: 32, maxLength: 32 }))
      .map(([n, p]) => Uint8Array.of(0, ...p.subarray(0, n))),
    fc
      .tuple(fc.integer({ min: 1, max: 16 }), fc.uint8Array({ minLength: 2, maxLength: 40 }))
      .map(([v, p]) => Uint8Array.of(v, ...p)),
  ),
  "tron-vm": fc.uint8Array({ minLength: 20, maxLength: 20 }).map((a) => Uint8Array.of(0x41, ...a)),
  "ton-vm": fc.uint8Array({ minLength: 32, maxLength: 32 }),
  "xrp-vm": fc.uint8Array({ minLength: 20, maxLength: 20 }),
  "lighter-vm": fc
    .bigInt({ min: 0n, max: BigInt(Number.MAX_SAFE_INTEGER) })
    .map((value) => hexToBytes(`0x${value.toString(16).padStart(32, "0")}`)),
  "hedera-vm": fc.oneof(
    fc
      .bigInt({ min: 0n, max: (1n << 63n) - 1n })
      .map((num) => hexToBytes(`0x${num.toString(16).padStart(40, "0")}`)),
    fc
      .uint8Array({ minLength: 20, maxLength: 20 })
      .filter((bytes) => bytes.subarray(0, 12).some((b) => b !== 0)),
  ),
};

describe("orders: address codec properties", () => {
  for (const vmType of ORDER_VM_TYPES) {
    it(`${vmType}: format then encode returns the same bytes`, () => {
      fc.assert(
        fc.property(SHAPES[vmType], (bytes) => {
          const address = formatOrderAddress(bytes, vmType);
          expect(hexToBytes(encodeOrderAddress(address, vmType))).to.deep.equal(bytes);
        }),
        { numRuns: 200 },
      );
    });
  }
});
