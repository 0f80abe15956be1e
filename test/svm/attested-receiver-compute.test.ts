// Compute units of a deposit whose replay PDA was pre-funded between simulation and landing (the
// address is public): the surcharge stays within SVM_RECEIVER_PREFUNDED_REPLAY_EXTRA_CU, and a
// limit from getSvmReceiverDepositComputeUnitLimit lands where a tight limit from the same
// simulation runs out of compute. Figures are printed by `npm run bench:svm-cu`, not asserted here.
import {
  type Address,
  appendTransactionMessageInstructions,
  createTransactionMessage,
  type Instruction,
  type KeyPairSigner,
  lamports,
  pipe,
  setTransactionMessageComputeUnitLimit,
  setTransactionMessageFeePayerSigner,
  signTransactionMessageWithSigners,
} from "@solana/kit";
import { expect } from "chai";
import { FailedTransactionMetadata } from "litesvm";
import {
  getSvmReceiverDepositComputeUnitLimit,
  SVM_RECEIVER_PREFUNDED_REPLAY_EXTRA_CU,
} from "../../src/receiver/index.ts";
import { expectOk, Fixture, TOKEN_2022_PROGRAM, TOKEN_PROGRAM } from "./receiver-fixture.ts";

describe("svm: compute-unit limit of a deposit against replay PDA pre-funding", function () {
  this.timeout(120_000);
  let f: Fixture;

  before(async () => {
    f = await Fixture.create();
  });

  async function tx(instructions: Instruction[], limit: number, feePayer: KeyPairSigner = f.payer) {
    return pipe(
      createTransactionMessage({ version: 0 }),
      (m) => setTransactionMessageFeePayerSigner(feePayer, m),
      (m) => f.svm.setTransactionMessageLifetimeUsingLatestBlockhash(m),
      (m) => appendTransactionMessageInstructions(instructions, m),
      (m) => setTransactionMessageComputeUnitLimit(limit, m),
      (m) => signTransactionMessageWithSigners(m),
    );
  }

  /** Sends `rent-exempt minimum of an empty account + extra` lamports to `to` from a fresh funder. */
  function prefund(to: Address, extra: bigint) {
    const amount = f.svm.minimumBalanceForRentExemption(0n) + extra;
    const funded = f.svm.getAccount(to);
    f.svm.setAccount({
      address: to,
      lamports: lamports((funded.exists ? funded.lamports : 0n) + amount),
      programAddress: "11111111111111111111111111111111" as Address,
      executable: false,
      data: new Uint8Array(),
      space: 0n,
    });
  }

  /** A fresh attestation whose replay PDA has canonical bump 255 (same PDA-check cost for every case). */
  async function attestAt255(currency?: Address) {
    for (;;) {
      const a = await f.attest(currency ? { originCurrency: currency, originAmount: "1000" } : {});
      const [replay, bump] = await f.replayPda(a.requestId);
      if (bump === 255) return { a, replay };
    }
  }

  for (const kind of ["native", "spl", "t22"] as const) {
    it(`${kind}: pre-funded (rent minimum, or 10 SOL) costs at most SVM_RECEIVER_PREFUNDED_REPLAY_EXTRA_CU more`, async () => {
      const t =
        kind === "native"
          ? undefined
          : await f.tokenSetup(kind === "spl" ? TOKEN_PROGRAM : TOKEN_2022_PROGRAM);
      const deposit = async () => {
        const { a, replay } = await attestAt255(t?.mint);
        return { ix: t ? await f.depositToken(a, t) : await f.depositNative(a), replay };
      };
      const units = async (extra: bigint | null) => {
        const { ix, replay } = await deposit();
        if (extra !== null) prefund(replay, extra);
        return Number(expectOk(await f.send([ix])).computeUnitsConsumed());
      };
      const normal = await units(null);
      for (const extra of [0n, 10_000_000_000n]) {
        const prefunded = await units(extra);
        expect(prefunded - normal, `${kind} +${extra}: ${normal} -> ${prefunded}`).to.be.at.most(
          SVM_RECEIVER_PREFUNDED_REPLAY_EXTRA_CU,
        );
      }
    });
  }

  it("griefing between simulation and landing: a tight limit runs out of compute, the helper's limit lands", async () => {
    const simulateThenGrief = async (margin: (simulated: number) => number) => {
      const { a, replay } = await attestAt255();
      const ix = await f.depositNative(a);
      const sim = f.svm.simulateTransaction(await tx([ix], 1_400_000));
      if (sim instanceof FailedTransactionMetadata) expect.fail(sim.toString());
      const simulated = Number(sim.meta().computeUnitsConsumed());
      prefund(replay, 0n); // the attacker front-runs the landing
      const result = f.svm.sendTransaction(await tx([ix], margin(simulated)));
      f.svm.expireBlockhash();
      return result;
    };
    const tight = await simulateThenGrief((u) => u + 200);
    expect(tight).to.be.instanceOf(FailedTransactionMetadata);
    expect(String((tight as FailedTransactionMetadata).err())).to.match(/ComputationalBudgetExceeded/);
    expectOk(await simulateThenGrief(getSvmReceiverDepositComputeUnitLimit));
  });

  it("the helper refuses counts that are not non-negative integers or would exceed 1,400,000", () => {
    expect(getSvmReceiverDepositComputeUnitLimit(30_000)).to.equal(
      30_000 + SVM_RECEIVER_PREFUNDED_REPLAY_EXTRA_CU,
    );
    expect(getSvmReceiverDepositComputeUnitLimit(30_000n)).to.equal(
      30_000 + SVM_RECEIVER_PREFUNDED_REPLAY_EXTRA_CU,
    );
    for (const bad of [-1, 1.5, Number.NaN, 1_400_000]) {
      expect(() => getSvmReceiverDepositComputeUnitLimit(bad))
        .to.throw()
        .with.property("code", "INVALID_SVM_ARGUMENT");
    }
  });
});
