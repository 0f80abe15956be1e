// Three-way differential of the order id: the TS library's getOrderId, Solidity's
// ProtocolOrder.orderId (through contracts/mocks/ProtocolOrderHarness.sol on the in-process EDR
// chain) and the SVM program's compute_order_id (programs/order-depositor, simulated in LiteSVM)
// agree on thousands of seeded random orders whose chains, addresses and currencies span all
// nine VM types; for "v2" orders likewise, with ProtocolOrderV2 (ProtocolOrderV2Harness, both its
// memory and calldata forms) and compute_order_id fed the v2 Borsh bytes, the settlement SDK's
// pinned v2 order first.
//
// Malformed addresses: only the TS encoder sees addresses in their native form, so it is the one
// that refuses them (typed errors, the shared vectors' malformedAddresses). Solidity and the SVM
// program take addresses and currencies already VM-encoded as `bytes`: any bytes are a valid
// member there and they cannot refuse a malformed address, only hash what they are given. What
// they do validate is the one fixed-size address, `solver`: Solidity's ABI decoder refuses a
// solver word with dirty high bytes, the program refuses a solver of other than 20 bytes (the
// Borsh no longer parses: InvalidOrderEncoding, or TooManyElements when shifted bytes read as a
// list count).
import { expect } from "chai";
import { network } from "hardhat";
import { FailedTransactionMetadata } from "litesvm";
import { bytesToHex, encodeFunctionData, hexToBytes } from "viem";
import { encodeOrder, getOrderId, type OrderVmType } from "../../src/index.ts";
import { encodeOrderV2Borsh } from "../../src/order-depositor/order-v2.ts";
import type { EncodedOrder, EncodedOrderV2 } from "../../src/orders/types.ts";
import { expectCode } from "../lib/expect-code.ts";
import { borshOrder, customError, ORDER_ERRORS, OrderFixture } from "../svm/order-fixture.ts";
import { ALL_VM_TYPES, RANDOM_ORDER_CHAINS, randomOrders, randomOrdersV2 } from "./random-order.ts";
import { orderV2Vectors, orderVectors } from "./vectors.ts";

const SEED = 0x20261126;
const ORDERS = 2_000;
/** Any valid encoded order: only its instruction's discriminator and accounts are reused. */
const SAMPLE = encodeOrder(randomOrders(SEED)(), RANDOM_ORDER_CHAINS);

describe("orders: three-way differential — TS getOrderId, Solidity ProtocolOrder.orderId, SVM compute_order_id", function () {
  this.timeout(600_000);
  let harness: Awaited<ReturnType<typeof deployHarness>>;
  let svm: OrderFixture;

  async function deployHarness() {
    const { viem } = await network.create();
    const contract = await viem.deployContract("ProtocolOrderHarness");
    const v2 = await viem.deployContract("ProtocolOrderV2Harness");
    return { contract, v2, client: await viem.getPublicClient() };
  }

  before(async () => {
    harness = await deployHarness();
    svm = await OrderFixture.start();
  });

  /** compute_order_id simulated with the order's Borsh bytes `data` (after the discriminator). */
  async function simulateSvm(data: Uint8Array) {
    const ix = svm.computeOrderIdRaw(SAMPLE);
    const result = svm.svm.simulateTransaction(
      await svm.transaction([{ ...ix, data: new Uint8Array([...ix.data!.slice(0, 8), ...data]) }]),
    );
    if (result instanceof FailedTransactionMetadata) return { error: result.toString() };
    return { id: bytesToHex(result.meta().returnData().data()) };
  }

  it(`${ORDERS} seeded random orders over all nine VM types get the same id in all three`, async () => {
    const next = randomOrders(SEED);
    const vmsSeen = new Set<OrderVmType>();
    for (let i = 0; i < ORDERS; i++) {
      const order = next();
      const encoded = encodeOrder(order, RANDOM_ORDER_CHAINS);
      const ts = getOrderId(order, RANDOM_ORDER_CHAINS);
      const solidity = await harness.contract.read.orderId([encoded as never]);
      const { id, error } = await simulateSvm(borshOrder(encoded));
      expect(error, `order ${i}`).to.equal(undefined);
      expect(solidity, `order ${i}: Solidity`).to.equal(ts);
      expect(id, `order ${i}: SVM`).to.equal(ts);
      for (const chain of chainsOf(encoded)) vmsSeen.add(RANDOM_ORDER_CHAINS[chain] as OrderVmType);
    }
    expect([...vmsSeen].sort()).to.deep.equal([...ALL_VM_TYPES].sort());
  });

  describe("v2 orders", () => {
    /** The id of a v2 order in Solidity (memory and calldata forms) and in the SVM program. */
    async function idsV2(encoded: EncodedOrderV2) {
      const [memory, calldata, svmId] = await Promise.all([
        harness.v2.read.orderId([encoded as never]),
        harness.v2.read.orderIdCalldata([encoded as never]),
        simulateSvm(new Uint8Array(encodeOrderV2Borsh(encoded))),
      ]);
      expect(svmId.error).to.equal(undefined);
      return { memory, calldata, svm: svmId.id };
    }

    it("the settlement SDK's pinned v2 order gets its published id in all three", async () => {
      const published = orderV2Vectors.published[0]!;
      const ts = getOrderId(published.order, published.chainVmTypes);
      expect(ts).to.equal("0x891a00b48e5c73016382af5eec240cca7cf6751c2ce572c09ba9c203f52168cc");
      const ids = await idsV2(encodeOrder(published.order, published.chainVmTypes, { versions: ["v2"] }));
      expect(ids).to.deep.equal({ memory: ts, calldata: ts, svm: ts });
    });

    it(`${ORDERS} seeded random v2 orders over all nine VM types get the same id in all three`, async () => {
      const next = randomOrdersV2(SEED);
      const vmsSeen = new Set<OrderVmType>();
      for (let i = 0; i < ORDERS; i++) {
        const order = next();
        const encoded = encodeOrder(order, RANDOM_ORDER_CHAINS, { versions: ["v2"] });
        const ts = getOrderId(order, RANDOM_ORDER_CHAINS);
        expect(await idsV2(encoded), `v2 order ${i}`).to.deep.equal({ memory: ts, calldata: ts, svm: ts });
        for (const chain of chainsOfV2(encoded)) vmsSeen.add(RANDOM_ORDER_CHAINS[chain] as OrderVmType);
      }
      expect([...vmsSeen].sort()).to.deep.equal([...ALL_VM_TYPES].sort());
    });

    it("Solidity refuses a relayer word with dirty high bytes in the calldata form (ABI decoding reverts)", async () => {
      const encoded = encodeOrder(randomOrdersV2(SEED)(), RANDOM_ORDER_CHAINS, { versions: ["v2"] });
      const bytes = hexToBytes(
        encodeFunctionData({
          abi: harness.v2.abi,
          functionName: "orderIdCalldata",
          args: [encoded as never],
        }),
      );
      // selector, the struct's offset, the version and relayerChainId offsets: the relayer word.
      const relayerWord = 4 + 32 + 2 * 32;
      expect(bytesToHex(bytes.slice(relayerWord + 12, relayerWord + 32))).to.equal(
        encoded.relayer.toLowerCase(),
      );
      const call = (d: Uint8Array) => harness.client.call({ to: harness.v2.address, data: bytesToHex(d) });
      expect((await call(bytes)).data).to.equal(getOrderId(randomOrdersV2(SEED)(), RANDOM_ORDER_CHAINS));
      const dirty = bytes.slice();
      dirty[relayerWord] = 0x01;
      let reverted = false;
      await call(dirty).catch(() => {
        reverted = true;
      });
      expect(reverted, "a 21-byte relayer word was accepted").to.equal(true);
    });

    it("the SVM program refuses a v2 order cut short, padded, or with a list over 32 elements", async () => {
      const encoded = encodeOrder(randomOrdersV2(SEED)(), RANDOM_ORDER_CHAINS, { versions: ["v2"] });
      const bytes = new Uint8Array(encodeOrderV2Borsh(encoded));
      for (const malformed of [bytes.slice(0, -1), new Uint8Array([...bytes, 0])]) {
        expect(customError((await simulateSvm(malformed)).error ?? "")).to.equal(
          ORDER_ERRORS.InvalidOrderEncoding,
        );
      }
      const long = {
        ...encoded,
        output: { ...encoded.output, fill: { ...encoded.output.fill, calls: Array(33).fill("0x") } },
      };
      const { error } = await simulateSvm(new Uint8Array(encodeOrderV2Borsh(long)));
      expect(customError(error ?? "")).to.equal(ORDER_ERRORS.TooManyElements);
    });
  });

  describe("malformed addresses", () => {
    const chainOf = (vmType: OrderVmType) =>
      Object.keys(RANDOM_ORDER_CHAINS).find((chain) => RANDOM_ORDER_CHAINS[chain] === vmType) as string;

    for (const entry of orderVectors.malformedAddresses) {
      it(`TS refuses ${entry.name} (${entry.vmType}) inside an order with ${entry.errorCode}`, async () => {
        const order = randomOrders(SEED)() as unknown as {
          output: { chainId: string; payments: { recipient: string; currency: string }[] };
        };
        const chain = chainOf(entry.vmType);
        const valid = randomOrders(SEED + 1)() as unknown as typeof order;
        order.output = {
          ...order.output,
          chainId: chain,
          payments: [{ ...valid.output.payments[0]!, recipient: entry.address, currency: entry.address }],
        };
        // The same order with a well-formed address of that VM hashes (the setup is sound).
        const wellFormed = orderVectors.addresses.find((a) => a.vmType === entry.vmType)!.address;
        const fixed = structuredClone(order);
        fixed.output.payments[0] = {
          ...fixed.output.payments[0]!,
          recipient: wellFormed,
          currency: wellFormed,
        };
        expect(getOrderId(fixed, RANDOM_ORDER_CHAINS)).to.match(/^0x[0-9a-f]{64}$/);
        await expectCode(() => getOrderId(order, RANDOM_ORDER_CHAINS), entry.errorCode);
      });
    }

    it("Solidity refuses a solver word with dirty high bytes (ABI decoding reverts)", async () => {
      const encoded = encodeOrder(randomOrders(SEED)(), RANDOM_ORDER_CHAINS);
      const data = encodeFunctionData({
        abi: harness.contract.abi,
        functionName: "orderId",
        args: [encoded as never],
      });
      const bytes = hexToBytes(data);
      // selector, the struct's offset, the version and solverChainId offsets: the solver word.
      const solverWord = 4 + 32 + 2 * 32;
      expect(bytesToHex(bytes.slice(solverWord + 12, solverWord + 32))).to.equal(
        encoded.solver.toLowerCase(),
      );
      const call = (d: Uint8Array) =>
        harness.client.call({ to: harness.contract.address, data: bytesToHex(d) });
      expect((await call(bytes)).data).to.equal(getOrderId(randomOrders(SEED)(), RANDOM_ORDER_CHAINS));
      const dirty = bytes.slice();
      dirty[solverWord] = 0x01;
      let reverted = false;
      await call(dirty).catch(() => {
        reverted = true;
      });
      expect(reverted, "a 21-byte solver word was accepted").to.equal(true);
    });

    it("the SVM program refuses a solver of 19 or 21 bytes (InvalidOrderEncoding / TooManyElements)", async () => {
      const encoded = encodeOrder(randomOrders(SEED)(), RANDOM_ORDER_CHAINS);
      const bytes = borshOrder(encoded);
      const solverAt = 4 + 2 + 4 + new TextEncoder().encode(encoded.solverChainId).length;
      expect(bytesToHex(bytes.slice(solverAt, solverAt + 20))).to.equal(encoded.solver.toLowerCase());
      expect((await simulateSvm(bytes)).id).to.equal(getOrderId(randomOrders(SEED)(), RANDOM_ORDER_CHAINS));
      const short = new Uint8Array([...bytes.slice(0, solverAt + 19), ...bytes.slice(solverAt + 20)]);
      const long = new Uint8Array([...bytes.slice(0, solverAt + 20), 0, ...bytes.slice(solverAt + 20)]);
      // Every later member shifts: the bytes fail as an encoding (a length or a list count out of bounds).
      const encodingErrors = [ORDER_ERRORS.InvalidOrderEncoding, ORDER_ERRORS.TooManyElements];
      for (const malformed of [short, long]) {
        const { id, error } = await simulateSvm(malformed);
        expect(id).to.equal(undefined);
        expect(encodingErrors).to.include(customError(error ?? ""));
      }
    });
  });
});

/** Every chain id an encoded order names. */
function chainsOf(o: EncodedOrder): string[] {
  return [
    o.solverChainId,
    o.output.chainId,
    ...o.inputs.flatMap((i) => [i.payment.chainId, ...i.refunds.map((r) => r.chainId)]),
    ...o.fees.flatMap((f) => [f.recipientChainId, f.currencyChainId]),
  ];
}

/** Every chain id an encoded v2 order names. */
function chainsOfV2(o: EncodedOrderV2): string[] {
  return [
    o.relayerChainId,
    o.input.chainId,
    o.output.chainId,
    ...o.refunds.map((r) => r.chainId),
    ...o.fees.flatMap((f) => [f.recipientChainId, f.currencyChainId]),
  ];
}
