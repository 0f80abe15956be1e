/**
 * Who paid an SVM transfer to the solver, from balance changes: the fee payer that only paid the
 * fee (and rent for an account it created) is never the payer of a deposit larger than what it
 * spent; a token deposit's payer is the owner of the token account that fell.
 */
import { expect } from "chai";
import { svmTransferPayer } from "../../src/service/chains/svm-payers.ts";
import { SVM_NATIVE_TOKEN } from "../../src/svm/index.ts";

const [RELAYER, OWNER, SOLVER, SOURCE, SOLVER_ATA] = ["relayer", "owner", "solver", "source", "solverAta"];
const MINT = "mint";

describe("svmTransferPayer", () => {
  it("native: the account whose lamports fell beyond the fee, not the fee payer", () => {
    const meta = {
      accountKeys: [RELAYER, OWNER, SOLVER],
      preBalances: [1_000_000n, 5_000_000n, 0n],
      postBalances: [995_000n, 2_000_000n, 3_000_000n],
      fee: 5_000n,
    };
    expect(svmTransferPayer(meta, SOLVER, SVM_NATIVE_TOKEN, SVM_NATIVE_TOKEN)).to.equal(OWNER);
  });

  it("native: a fee payer that pays the deposit itself is its payer", () => {
    const meta = {
      accountKeys: [RELAYER, OWNER, SOLVER],
      preBalances: [5_000_000n, 5_000_000n, 0n],
      postBalances: [1_995_000n, 5_000_000n, 3_000_000n],
      fee: 5_000n,
    };
    expect(svmTransferPayer(meta, SOLVER, SVM_NATIVE_TOKEN, SVM_NATIVE_TOKEN)).to.equal(RELAYER);
  });

  it("token: the owner of the token account that fell, whoever paid the fee", () => {
    const balance = (accountIndex: number, owner: string, amount: bigint) => ({
      accountIndex,
      mint: MINT,
      owner,
      uiTokenAmount: { amount: amount.toString() },
    });
    const meta = {
      accountKeys: [RELAYER, OWNER, SOURCE, SOLVER_ATA],
      preBalances: [1_000_000n, 0n, 0n, 0n],
      postBalances: [995_000n, 0n, 0n, 0n],
      fee: 5_000n,
      preTokenBalances: [balance(2, OWNER, 100n), balance(3, SOLVER, 0n)],
      postTokenBalances: [balance(2, OWNER, 40n), balance(3, SOLVER, 60n)],
    };
    expect(svmTransferPayer(meta, SOLVER, MINT, SVM_NATIVE_TOKEN)).to.equal(OWNER);
    expect(svmTransferPayer(meta, SOLVER, "another mint", SVM_NATIVE_TOKEN)).to.equal(null);
  });
});
