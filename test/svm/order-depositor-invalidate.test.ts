// invalidate_orders of the order depositor (programs/order-depositor) in LiteSVM, through the kit
// builder: the owner, or the current solver by an EIP-191 signature over the program id and the
// ids, makes order ids unpayable; a later deposit of an invalidated order fails with
// OrderInvalidated; a late invalidation leaves the paid order paid and reports it; strangers,
// foreign keys, reused signatures and a rotated-out solver are refused with NotOwnerOrSolver; a
// full batch with the solver's signature lands under the builder's compute-unit limit.
import { generateKeyPairSigner, type Instruction, type KeyPairSigner, lamports } from "@solana/kit";
import { expect } from "chai";
import { FailedTransactionMetadata } from "litesvm";
import { bytesToHex, type Hex, hexToBytes } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { InvalidSvmArgumentError } from "../../src/index.ts";
import type { EncodedOrder } from "../../src/orders/types.ts";
import {
  buildOrderDepositorInvalidateOrdersInstructions,
  decodeSvmReceiverInvalidateOutcomes,
  ORDER_DEPOSITOR_MAX_INVALIDATE_BATCH,
  ORDER_INVALIDATION_SIGNATURE_COMPUTE_UNITS,
  signOrderInvalidation,
} from "../../src/receiver/index.ts";
import { customError, EVM_RECIPIENT, ORDER_ERRORS, OrderFixture } from "./order-fixture.ts";
import { BN, expectOk, OTHER_KEY, type Result, SOLVER_KEY } from "./receiver-fixture.ts";

const PAID_REQUEST_SPACE = 50n;
const STATUS_INVALIDATED = 2;

/** `name` failed the transaction at instruction `index` (1: after the builder's compute-unit limit). */
function expectCode(result: Result, name: string, index = 1) {
  const code = ORDER_ERRORS[name];
  expect(code, `no error code ${name}`).to.be.a("number");
  expect(result, `expected ${name}`).to.be.instanceOf(FailedTransactionMetadata);
  expect(customError(result.toString(), index), result.toString()).to.equal(code);
}

describe("svm: order depositor invalidate_orders", function () {
  this.timeout(300_000);
  let f: OrderFixture;
  let stranger: KeyPairSigner;

  beforeEach(async () => {
    f = await OrderFixture.start();
    expectOk(await f.send([await f.whitelistOrderRecipient("ethereum", EVM_RECIPIENT)], f.owner));
    stranger = await generateKeyPairSigner();
    f.svm.airdrop(stranger.address, lamports(10_000_000_000n));
  });

  const idOf = (order: EncodedOrder) => bytesToHex(f.orderId(order));

  async function invalidate(
    orderIds: Hex[],
    authority: KeyPairSigner,
    solverSignature?: Hex,
    extra: Instruction[] = [],
  ) {
    const ixs = await buildOrderDepositorInvalidateOrdersInstructions({
      programId: f.programId,
      authority,
      orderIds,
      solverSignature,
    });
    return { ixs, result: await f.send([...extra, ...ixs], authority) };
  }

  async function status(orderId: Hex): Promise<number | undefined> {
    const [pda] = await f.replayPda(hexToBytes(orderId));
    const account = f.svm.getAccount(pda);
    if (!account.exists) return undefined;
    return f.orders.coder.accounts.decode("paidRequest", Buffer.from(account.data)).status;
  }

  const returned = (result: Result) =>
    decodeSvmReceiverInvalidateOutcomes(expectOk(result).returnData().data());

  it("owner: a fresh id is invalidated, a paid one reported too late, a second call reports already invalidated", async () => {
    const paid = f.order();
    expectOk(await f.send([await f.depositNativeOrder(paid)]));
    expect(await status(idOf(paid))).to.equal(1); // the deposit really recorded it
    const fresh = f.order();
    const { result } = await invalidate([idOf(fresh), idOf(paid)], f.owner);
    expect(returned(result)).to.deep.equal(["invalidated", "alreadyPaid"]);
    const events = f.events((result as { logs(): string[] }).logs(), f.orders);
    expect(events.map((e) => e.name)).to.deep.equal(["orderInvalidated", "orderInvalidationTooLate"]);
    expect(bytesToHex(Uint8Array.from(events[0]!.data.orderId))).to.equal(idOf(fresh));
    expect(events[0]!.data.by.toBase58()).to.equal(f.owner.address);
    expect(await status(idOf(fresh))).to.equal(STATUS_INVALIDATED);
    expect(await status(idOf(paid))).to.equal(1); // the paid order stays paid
    const again = await invalidate([idOf(fresh)], f.owner);
    expect(returned(again.result)).to.deep.equal(["alreadyInvalidated"]);
  });

  it("replay after invalidation: the solver-signed order is refused with OrderInvalidated", async () => {
    const order = f.order();
    expectOk((await invalidate([idOf(order)], f.owner)).result);
    expect(await status(idOf(order))).to.equal(STATUS_INVALIDATED);
    // The order and its signature are the solver's own: only the invalidation stops the payment.
    const signature = await f.signOrder(order);
    expectCode(await f.send([await f.depositNativeOrder(order, { signature })]), "OrderInvalidated", 0);
  });

  it("solver: its signature, sent by anyone, invalidates exactly the ids it signed", async () => {
    const orders = [f.order(), f.order()];
    const ids = orders.map(idOf);
    const signature = await signOrderInvalidation(privateKeyToAccount(SOLVER_KEY), f.programId, ids);
    const { result } = await invalidate(ids, stranger, signature);
    expect(returned(result)).to.deep.equal(["invalidated", "invalidated"]);
    for (const id of ids) expect(await status(id)).to.equal(STATUS_INVALIDATED);
    const events = f.events((result as { logs(): string[] }).logs(), f.orders);
    expect(events[0]!.data.by.toBase58()).to.equal(stranger.address);
  });

  describe("authorization (NotOwnerOrSolver)", () => {
    it("a stranger without a solver signature is refused and no record is written", async () => {
      const order = f.order();
      expectCode((await invalidate([idOf(order)], stranger)).result, "NotOwnerOrSolver");
      expect(await status(idOf(order))).to.equal(undefined);
      expectOk(await f.send([await f.depositNativeOrder(order)])); // the order stays payable
    });

    it("a stranger signing with its own EVM key is refused", async () => {
      const order = f.order();
      const forged = await signOrderInvalidation(privateKeyToAccount(OTHER_KEY), f.programId, [idOf(order)]);
      expectCode((await invalidate([idOf(order)], stranger, forged)).result, "NotOwnerOrSolver");
      expect(await status(idOf(order))).to.equal(undefined);
    });

    it("a solver signature reused for other ids, or signed for another program, is refused", async () => {
      const [signed, other] = [f.order(), f.order()];
      const signature = await signOrderInvalidation(privateKeyToAccount(SOLVER_KEY), f.programId, [
        idOf(signed),
      ]);
      expectOk((await invalidate([idOf(signed)], stranger, signature)).result); // the signature is real
      expectCode((await invalidate([idOf(other)], stranger, signature)).result, "NotOwnerOrSolver");
      const elsewhere = await signOrderInvalidation(
        privateKeyToAccount(SOLVER_KEY),
        (await generateKeyPairSigner()).address,
        [idOf(other)],
      );
      expectCode((await invalidate([idOf(other)], stranger, elsewhere)).result, "NotOwnerOrSolver");
      expect(await status(idOf(other))).to.equal(undefined);
    });

    it("a rotated-out solver has no right left, even inside its grace period", async () => {
      const next = privateKeyToAccount(OTHER_KEY);
      expectOk(
        await f.send(
          [await f.orderOwnerIx("rotateSolver", [Array.from(hexToBytes(next.address)), new BN(3600)])],
          f.owner,
        ),
      );
      // Inside the grace period the outgoing solver still signs deposits...
      expectOk(await f.send([await f.depositNativeOrder(f.order())]));
      // ...but can no longer invalidate; the new solver can.
      const order = f.order();
      const old = await signOrderInvalidation(privateKeyToAccount(SOLVER_KEY), f.programId, [idOf(order)]);
      expectCode((await invalidate([idOf(order)], stranger, old)).result, "NotOwnerOrSolver");
      const current = await signOrderInvalidation(next, f.programId, [idOf(order)]);
      expect(returned((await invalidate([idOf(order)], stranger, current)).result)).to.deep.equal([
        "invalidated",
      ]);
    });
  });

  it(`worst case: ${ORDER_DEPOSITOR_MAX_INVALIDATE_BATCH} ids pre-funded below rent, solver-signed, land under the builder's limit`, async () => {
    const worstCaseIds = async () => {
      const ids: Hex[] = [];
      for (let i = 0; i < ORDER_DEPOSITOR_MAX_INVALIDATE_BATCH; i++) {
        const id = await f.requestIdWithReplayBump(255);
        const pda = await f.prefundReplay(id, f.svm.minimumBalanceForRentExemption(PAID_REQUEST_SPACE) - 1n);
        expect(f.svm.getAccount(pda).exists).to.equal(true); // the griefing pre-funding happened
        ids.push(bytesToHex(id));
      }
      return ids;
    };
    const limitOf = (ix: Instruction) => new DataView((ix.data as Uint8Array).buffer).getUint32(1, true);
    const ids = await worstCaseIds();
    const signature = await signOrderInvalidation(privateKeyToAccount(SOLVER_KEY), f.programId, ids);
    const bySolver = await invalidate(ids, stranger, signature);
    const used = Number(expectOk(bySolver.result).computeUnitsConsumed());
    expect(used).to.be.lessThan(limitOf(bySolver.ixs[0]!));
    expect(returned(bySolver.result)).to.deep.equal(ids.map(() => "invalidated"));
    // The owner's batch (no recovery) of the same shape: the signature's own cost fits its budget.
    const byOwner = await invalidate(await worstCaseIds(), f.owner);
    const ownerUsed = Number(expectOk(byOwner.result).computeUnitsConsumed());
    expect(ownerUsed).to.be.lessThan(limitOf(byOwner.ixs[0]!));
    expect(used - ownerUsed).to.be.lessThan(ORDER_INVALIDATION_SIGNATURE_COMPUTE_UNITS);
  });

  it("the program and the builder refuse an empty or oversized batch", async () => {
    const ids = Array.from({ length: ORDER_DEPOSITOR_MAX_INVALIDATE_BATCH + 1 }, () => idOf(f.order()));
    await expectRejected(() => invalidate(ids, f.owner), InvalidSvmArgumentError);
    await expectRejected(() => invalidate([], f.owner), InvalidSvmArgumentError);
    await expectRejected(() => invalidate([ids[0]!, ids[0]!], f.owner), InvalidSvmArgumentError);
    // The program itself, with the builder bypassed: 25 ids, only 24 replay accounts fit the check.
    const [, ix] = await buildOrderDepositorInvalidateOrdersInstructions({
      programId: f.programId,
      authority: f.owner,
      orderIds: ids.slice(0, ORDER_DEPOSITOR_MAX_INVALIDATE_BATCH),
    });
    const data = new Uint8Array(ix.data!);
    const extra = hexToBytes(ids[ORDER_DEPOSITOR_MAX_INVALIDATE_BATCH]!);
    const count = ORDER_DEPOSITOR_MAX_INVALIDATE_BATCH;
    const oversized = new Uint8Array([
      ...data.slice(0, 8),
      ...u32(count + 1),
      ...data.slice(12, 12 + 32 * count),
      ...extra,
      ...data.slice(12 + 32 * count),
    ]);
    const [replay] = await f.replayPda(extra);
    const result = await f.send(
      [{ ...ix, data: oversized, accounts: [...ix.accounts!, { address: replay, role: 1 }] }],
      f.owner,
    );
    expectCode(result, "InvalidRequestBatch", 0);
  });
});

function u32(n: number): Uint8Array {
  const b = new Uint8Array(4);
  new DataView(b.buffer).setUint32(0, n, true);
  return b;
}

async function expectRejected(run: () => Promise<unknown>, type: new (...a: never[]) => Error) {
  let error: unknown;
  try {
    await run();
  } catch (e) {
    error = e;
  }
  expect(error).to.be.instanceOf(type);
}
