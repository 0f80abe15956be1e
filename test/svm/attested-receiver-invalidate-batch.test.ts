// invalidate_requests always lands at its maximum batch (SVM_RECEIVER_MAX_INVALIDATE_BATCH ids)
// with the compute-unit limit the kit builder sets, whoever pre-funds the replay PDAs: the worst
// case is a PDA holding fewer lamports than rent (two system CPIs per id), and ids whose canonical
// bump is low (one 1,500-CU PDA attempt per step below 255). Oversized batches are refused by the
// program (InvalidRequestBatch) and by the builder.
import { AccountRole, address, type Instruction } from "@solana/kit";
import { expect } from "chai";
import fc from "fast-check";
import { bytesToHex, type Hex } from "viem";
import {
  buildSvmReceiverInvalidateRequestsInstructions,
  decodeSvmReceiverInvalidateOutcomes,
  getSvmReceiverInvalidateComputeUnitLimit,
  SVM_RECEIVER_MAX_INVALIDATE_BATCH,
} from "../../src/receiver/index.ts";
import { expectError, expectOk, Fixture } from "./receiver-fixture.ts";

const PAID_REQUEST_SPACE = 50n;

/** ComputeBudget SetComputeUnitPrice (tag 3, u64 LE micro-lamports): a priority fee, one more top-level instruction. */
function priorityFee(microLamports: bigint): Instruction {
  const data = new Uint8Array(9);
  data[0] = 3;
  new DataView(data.buffer).setBigUint64(1, microLamports, true);
  return { programAddress: address("ComputeBudget111111111111111111111111111111"), data };
}

describe("svm: invalidate_requests at its maximum batch always lands", function () {
  this.timeout(300_000);
  let f: Fixture;

  beforeEach(async () => {
    f = await Fixture.create();
  });

  const randomId = () => crypto.getRandomValues(new Uint8Array(32));

  const idWithBump = (bump: number) => f.requestIdWithReplayBump(bump);

  /** What a griefer does: sends `amount` lamports to the replay PDA so CreateAccount cannot be used. */
  async function prefund(id: Uint8Array, amount: bigint) {
    const pda = await f.prefundReplay(id, amount);
    const account = f.svm.getAccount(pda);
    expect(account.exists && account.lamports).to.equal(amount); // the pre-funding happened
  }

  const belowRent = () => f.svm.minimumBalanceForRentExemption(PAID_REQUEST_SPACE) - 1n;
  const limitOf = (ix: Instruction) => new DataView((ix.data as Uint8Array).buffer).getUint32(1, true);

  async function invalidate(ids: Uint8Array[], extra: Instruction[] = []) {
    const ixs = await buildSvmReceiverInvalidateRequestsInstructions({
      programId: f.programId,
      authority: f.owner,
      requestIds: ids.map((b) => bytesToHex(b)),
    });
    return { ixs, result: await f.send([...extra, ...ixs], f.owner) };
  }

  async function expectInvalidated(ids: Uint8Array[]) {
    for (const id of ids) {
      const [pda] = await f.replayPda(id);
      expect(f.decode<{ status: number }>("PaidRequest", pda).status).to.equal(2);
    }
  }

  it(`worst case: ${SVM_RECEIVER_MAX_INVALIDATE_BATCH} ids, every PDA pre-funded below rent (48 CPIs), plus a priority fee, land under the builder's limit`, async () => {
    const ids = await Promise.all(
      Array.from({ length: SVM_RECEIVER_MAX_INVALIDATE_BATCH }, () => idWithBump(255)),
    );
    for (const id of ids) await prefund(id, belowRent());
    const { ixs, result } = await invalidate(ids, [priorityFee(1_000n)]);
    const ok = expectOk(result);
    const limit = limitOf(ixs[0]);
    expect(limit).to.equal(getSvmReceiverInvalidateComputeUnitLimit(ids.map(() => 255)));
    expect(Number(ok.computeUnitsConsumed())).to.be.within(1, limit);
    // two system CPIs per id (Transfer of the rent shortfall, Assign): the trace limit was at stake
    const systemCpis = ok.innerInstructions().flat().length;
    expect(systemCpis).to.equal(2 * ids.length);
    await expectInvalidated(ids);
    expect(decodeSvmReceiverInvalidateOutcomes(ok.returnData().data())).to.deep.equal(
      ids.map(() => "invalidated"),
    );
  });

  it("low canonical bumps (each step below 255 one more PDA attempt): the limit follows the bumps and the batch lands", async () => {
    const bumps = Array.from({ length: SVM_RECEIVER_MAX_INVALIDATE_BATCH }, (_, i) => 255 - (i % 6));
    const ids: Uint8Array[] = [];
    for (const bump of bumps) ids.push(await idWithBump(bump));
    for (const id of ids) await prefund(id, belowRent());
    const { ixs, result } = await invalidate(ids);
    const ok = expectOk(result);
    expect(limitOf(ixs[0])).to.equal(getSvmReceiverInvalidateComputeUnitLimit(bumps));
    expect(Number(ok.computeUnitsConsumed())).to.be.at.most(limitOf(ixs[0]));
    await expectInvalidated(ids);
  });

  it("the default 200,000-CU budget is not what the batch relies on: the same worst case under a limit 20% short runs out of compute", async () => {
    const ids = await Promise.all(
      Array.from({ length: SVM_RECEIVER_MAX_INVALIDATE_BATCH }, () => idWithBump(250)),
    );
    for (const id of ids) await prefund(id, belowRent());
    const [limitIx, ix] = await buildSvmReceiverInvalidateRequestsInstructions({
      programId: f.programId,
      authority: f.owner,
      requestIds: ids.map((b) => bytesToHex(b)),
    });
    const limit = limitOf(limitIx);
    expect(limit).to.be.above(200_000); // 24 ids at bump 250 need more than the default
    const short = new Uint8Array(limitIx.data as Uint8Array);
    new DataView(short.buffer).setUint32(1, Math.floor(limit * 0.8), true);
    const failed = await f.send([{ ...limitIx, data: short }, ix], f.owner);
    expect(failed.toString()).to.match(/ComputationalBudgetExceeded|exceeded CUs meter/);
    const ok = expectOk(await f.send([limitIx, ix], f.owner));
    expect(Number(ok.computeUnitsConsumed())).to.be.at.most(limit);
  });

  it("attack: one id above the maximum, sent without the builder, is refused with InvalidRequestBatch; nothing is recorded", async () => {
    const ids = Array.from({ length: SVM_RECEIVER_MAX_INVALIDATE_BATCH + 1 }, randomId);
    const [, template] = await buildSvmReceiverInvalidateRequestsInstructions({
      programId: f.programId,
      authority: f.owner,
      requestIds: ids.slice(0, 1).map((b) => bytesToHex(b)),
    });
    const data = new Uint8Array(8 + 4 + 32 * ids.length);
    data.set((template.data as Uint8Array).subarray(0, 8));
    new DataView(data.buffer).setUint32(8, ids.length, true);
    for (const [i, id] of ids.entries()) data.set(id, 12 + 32 * i);
    const replays = await Promise.all(ids.map(async (id) => (await f.replayPda(id))[0]));
    const oversized: Instruction = {
      ...template,
      data,
      accounts: [
        ...(template.accounts ?? []).slice(0, 3),
        ...replays.map((address) => ({ address, role: AccountRole.WRITABLE })),
      ],
    };
    expect(oversized.accounts).to.have.length(3 + ids.length); // the batch really is oversized
    expectError(await f.send([oversized], f.owner), "InvalidRequestBatch");
    for (const replay of replays) expect(f.svm.getAccount(replay).exists).to.equal(false);
    const code = await buildSvmReceiverInvalidateRequestsInstructions({
      programId: f.programId,
      authority: f.owner,
      requestIds: ids.map((b) => bytesToHex(b) as Hex),
    }).then(
      () => "built",
      (e: { code?: string }) => e.code,
    );
    expect(code).to.equal("INVALID_SVM_ARGUMENT");
  });

  it("property: any batch of 1 to the maximum, each PDA unfunded, pre-funded below or above rent, or already invalidated, lands under the builder's limit", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.constantFrom("none", "below", "above", "invalidated"), {
          minLength: 1,
          maxLength: SVM_RECEIVER_MAX_INVALIDATE_BATCH,
        }),
        async (states) => {
          const ids = states.map(randomId);
          const earlier = ids.filter((_, i) => states[i] === "invalidated");
          if (earlier.length > 0) expectOk((await invalidate(earlier)).result);
          for (const [i, state] of states.entries()) {
            if (state === "below") await prefund(ids[i]!, belowRent());
            if (state === "above") await prefund(ids[i]!, belowRent() + 1_000_000n);
          }
          const { ixs, result } = await invalidate(ids);
          const ok = expectOk(result);
          expect(Number(ok.computeUnitsConsumed())).to.be.at.most(limitOf(ixs[0]));
          expect(decodeSvmReceiverInvalidateOutcomes(ok.returnData().data())).to.deep.equal(
            states.map((s) => (s === "invalidated" ? "alreadyInvalidated" : "invalidated")),
          );
          await expectInvalidated(ids);
        },
      ),
      { numRuns: 15 },
    );
  });
});
