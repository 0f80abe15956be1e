// The SVM order catalogue's account substitution: roles are found by address in the adapter's instructions,
// whatever the program's layout; an adapter that names no accounts leaves those properties not applicable
// (failed in strict mode); and a substitution refused for another reason than its class fails.
import { AccountRole, type Address, generateKeyPairSigner, type Instruction } from "@solana/kit";
import { expect } from "chai";
import { LiteSVM } from "litesvm";
import {
  orderDepositorSvmAdapter,
  runSvmOrderConformance,
  SVM_ORDER_DEPOSITOR_ERRORS,
  SvmConformanceEnv,
  type SvmOrderAdapter,
  SvmOrderPropertyContext,
} from "../../src/testing/svm/index.ts";

// In catalogue order.
const SUBSTITUTIONS = [
  "order.pay.token",
  "order.account.configSubstitution",
  "order.account.depositorySubstitution",
  "order.account.vaultSubstitution",
  "order.account.replaySubstitution",
  "order.whitelist.entrySubstitution",
];

describe("conformance (TypeScript, SVM orders): accounts by role", function () {
  this.timeout(300_000);

  it("substitutes a role at every position the program's own layout puts it, keeping each meta's role", async () => {
    const [payer, config, vault, entry, attacker] = await Promise.all(
      Array.from({ length: 5 }, () => generateKeyPairSigner()),
    ).then((signers) => signers.map((s) => s.address) as [Address, Address, Address, Address, Address]);
    // A program that takes the vault twice, before the payer, and the config last.
    const instruction: Instruction = {
      programAddress: attacker,
      accounts: [
        { address: vault, role: AccountRole.WRITABLE },
        { address: payer, role: AccountRole.WRITABLE_SIGNER },
        { address: entry, role: AccountRole.READONLY },
        { address: vault, role: AccountRole.READONLY },
        { address: config, role: AccountRole.READONLY },
      ],
    };
    const adapter = {
      accounts: async () => ({ payer, config, vault, whitelist: [entry] }),
      payInstructions: async () => [instruction],
    } as unknown as SvmOrderAdapter;
    const env = await SvmConformanceEnv.create(new LiteSVM());
    const t = new SvmOrderPropertyContext(env, adapter, "order.account.vaultSubstitution");
    const payment = {} as Parameters<SvmOrderAdapter["payInstructions"]>[0];
    const [swapped] = await t.instructions(payment, {
      accounts: { vault: attacker },
      whitelist: [config],
      payerUnsigned: true,
    });
    expect(swapped?.accounts).to.deep.equal([
      { address: attacker, role: AccountRole.WRITABLE },
      { address: payer, role: AccountRole.WRITABLE },
      { address: config, role: AccountRole.READONLY },
      { address: attacker, role: AccountRole.READONLY },
      { address: config, role: AccountRole.READONLY },
    ]);
    const error = await t
      .instructions(payment, { accounts: { depositoryProgram: attacker } })
      .catch((e) => e);
    expect(error?.name).to.equal("HookMissing");
    expect(error?.message).to.equal("adapter names no depositoryProgram account");
  });

  it("an adapter naming no accounts: its substitution and token properties are not applicable, and fail in strict mode", async () => {
    const run = async (strict: boolean) => {
      const svm = new LiteSVM();
      const { accounts: _left, ...adapter } = await orderDepositorSvmAdapter(svm);
      return runSvmOrderConformance({ svm, adapter, only: SUBSTITUTIONS, print: false, strict });
    };
    const lenient = await run(false);
    expect(lenient.results.map((r) => [r.id, r.status, r.reason])).to.deep.equal(
      SUBSTITUTIONS.map((id) => [id, "not-applicable", "adapter has no accounts"]),
    );
    const strict = await run(true);
    expect(strict.results.map((r) => r.status)).to.deep.equal(SUBSTITUTIONS.map(() => "fail"));
  });

  it("a substitution refused with a code of another class fails, naming both classes", async () => {
    const svm = new LiteSVM();
    const adapter = await orderDepositorSvmAdapter(svm);
    const code = String(SVM_ORDER_DEPOSITOR_ERRORS["order.account.depositorySubstitution"]);
    const report = await runSvmOrderConformance({
      svm,
      adapter: { ...adapter, refusalClasses: { ...adapter.refusalClasses, [code]: "whitelist" } },
      only: ["order.account.depositorySubstitution"],
      print: false,
    });
    expect(report.results.map((r) => [r.status, r.reason])).to.deep.equal([
      ["fail", `refused as whitelist (${code}), expected account`],
    ]);
  });
});
