import { expect } from "chai";
import { privateKeyToAccount } from "viem/accounts";
import {
  encodeOrder,
  encodeOrderAbi,
  getOrderId,
  ORDER_VM_TYPES,
  recoverOrderSigner,
  signOrderId,
  verifyOrderSignature,
} from "../../src/index.ts";
import { expectCode } from "../lib/expect-code.ts";
import { orderVectors } from "./vectors.ts";

const bigintsAsStrings = (value: unknown) =>
  JSON.parse(JSON.stringify(value, (_, v) => (typeof v === "bigint" ? v.toString() : v)));

describe("orders: the service's published order", () => {
  for (const published of orderVectors.published) {
    it(`${published.name} reproduces the id the service's SDK asserts`, () => {
      expect(published.orderId).to.equal(
        "0x67f44dc715059f196cd133e54e4bbe125773cb6d7053d24389fbda361f4c14d8",
      );
      expect(getOrderId(published.order, published.chainVmTypes)).to.equal(published.orderId);
      const encoded = encodeOrder(published.order, published.chainVmTypes);
      expect(bigintsAsStrings(encoded)).to.deep.equal(published.encoded);
      expect(encodeOrderAbi(encoded)).to.equal(published.abiEncoded);
    });
  }
});

describe("orders: shared vectors", () => {
  const solver = privateKeyToAccount(orderVectors.solver.privateKey);

  it("the vectors cover every VM type as output chain", () => {
    const outputVms = new Set(
      orderVectors.cases.map((entry) => orderVectors.chainVmTypes[entry.order.output.chainId]),
    );
    expect([...outputVms].sort()).to.deep.equal([...ORDER_VM_TYPES].sort());
  });

  for (const vector of orderVectors.cases) {
    it(`${vector.name}: encoding, id, ABI form and solver signature match`, async () => {
      const encoded = encodeOrder(vector.order, orderVectors.chainVmTypes);
      expect(bigintsAsStrings(encoded)).to.deep.equal(vector.encoded);
      expect(encodeOrderAbi(encoded)).to.equal(vector.abiEncoded);
      expect(getOrderId(vector.order, orderVectors.chainVmTypes)).to.equal(vector.orderId);
      expect(await signOrderId(solver, vector.orderId)).to.equal(vector.signature);
      expect(await recoverOrderSigner({ orderId: vector.orderId, signature: vector.signature })).to.equal(
        solver.address,
      );
      expect(
        await verifyOrderSignature({
          orderId: vector.orderId,
          signature: vector.signature,
          solver: solver.address,
        }),
      ).to.equal(true);
    });
  }

  for (const invalid of orderVectors.invalidOrders) {
    it(`refuses ${invalid.name} with ${invalid.errorCode}`, async () => {
      await expectCode(
        () => getOrderId(invalid.order, orderVectors.published[0]!.chainVmTypes),
        invalid.errorCode,
      );
    });
  }
});

describe("orders: signature rules", () => {
  const [vector] = orderVectors.cases;
  if (!vector) throw new Error("no order vectors");

  it("a signature over another order id recovers to someone else and does not verify", async () => {
    const other = orderVectors.cases[1]!;
    const signer = await recoverOrderSigner({ orderId: other.orderId, signature: vector.signature });
    expect(signer).to.not.equal(orderVectors.solver.address);
    expect(
      await verifyOrderSignature({
        orderId: other.orderId,
        signature: vector.signature,
        solver: orderVectors.solver.address,
      }),
    ).to.equal(false);
  });

  it("rejects the high-s twin with SIGNATURE_HIGH_S and verifies it as false", async () => {
    const N = 0xfffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141n;
    const s = BigInt(`0x${vector.signature.slice(66, 130)}`);
    const v = Number.parseInt(vector.signature.slice(130), 16);
    const twin = `${vector.signature.slice(0, 66)}${(N - s).toString(16).padStart(64, "0")}${(v === 27 ? 28 : 27).toString(16)}`;
    await expectCode(
      () => recoverOrderSigner({ orderId: vector.orderId, signature: twin }),
      "SIGNATURE_HIGH_S",
    );
    expect(
      await verifyOrderSignature({
        orderId: vector.orderId,
        signature: twin,
        solver: orderVectors.solver.address,
      }),
    ).to.equal(false);
  });

  it("refuses an order id that is not 32 bytes with INVALID_ORDER_ID", async () => {
    await expectCode(
      () => recoverOrderSigner({ orderId: vector.orderId.slice(0, 64), signature: vector.signature }),
      "INVALID_ORDER_ID",
    );
  });
});
