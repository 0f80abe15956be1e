// Every SVM property runs from the state the adapter's setup left: what one property wrote (an account a
// transaction created, lamports it moved, an account it planted, the clock it moved) is gone for the next.
import { generateKeyPairSigner, lamports } from "@solana/kit";
import { getTransferSolInstruction } from "@solana-program/system";
import { expect } from "chai";
import { LiteSVM } from "litesvm";
import { SvmConformanceEnv } from "../../src/testing/svm/env.ts";
import { runProperties } from "../../src/testing/svm/run.ts";

describe("conformance (TypeScript, SVM): each property starts from a fresh snapshot", () => {
  it("a later property sees none of an earlier property's transactions, planted accounts or clock", async () => {
    const env = await SvmConformanceEnv.create(new LiteSVM());
    const created = await generateKeyPairSigner();
    const planted = await generateKeyPairSigner();
    const feePayerBefore = await env.lamports(env.feePayer.address);
    const clockBefore = await env.ledger.now();
    const writer = async () => {
      await env.sendOrThrow([
        getTransferSolInstruction({
          source: env.feePayer,
          destination: created.address,
          amount: lamports(5_000_000n),
        }),
      ]);
      env.svm.setAccount({
        address: planted.address,
        lamports: lamports(1_000_000n),
        data: new Uint8Array([1, 2, 3]),
        programAddress: created.address,
        executable: false,
        space: 3n,
      });
      const clock = env.svm.getClock();
      clock.unixTimestamp += 86_400n;
      env.svm.setClock(clock);
      // The writes really happened inside the property.
      expect((await env.ledger.account(created.address)).exists).to.equal(true);
      expect((await env.ledger.account(planted.address)).exists).to.equal(true);
    };
    const reader = async () => {
      expect((await env.ledger.account(created.address)).exists, "created account").to.equal(false);
      expect((await env.ledger.account(planted.address)).exists, "planted account").to.equal(false);
      expect(await env.lamports(env.feePayer.address), "fee payer lamports").to.equal(feePayerBefore);
      expect(await env.ledger.now(), "clock").to.equal(clockBefore);
    };
    const report = await runProperties({
      name: "snapshot probe",
      ledger: env.ledger,
      properties: [
        { id: "writes", attack: "writes accounts and moves the clock", run: writer },
        { id: "reads", attack: "must see the state before the writes", run: reader },
      ],
      context: () => undefined,
      started: performance.now(),
      options: { print: false },
    });
    expect(report.results.map((r) => [r.id, r.status, r.reason])).to.deep.equal([
      ["writes", "pass", undefined],
      ["reads", "pass", undefined],
    ]);
  });
});
