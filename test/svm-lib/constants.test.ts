import { getAddressEncoder, getTransactionSizeLimit, isTransactionWithinSizeLimit } from "@solana/kit";
import { expect } from "chai";
import {
  COMPUTE_BUDGET_INSTRUCTIONS_BYTES,
  isSvmNativeToken,
  SVM_CHAIN_ID,
  SVM_NATIVE_TOKEN,
  SVM_NATIVE_TOKEN_DECIMALS,
  SVM_STABLE_TOKEN_DECIMALS,
  SVM_TX_SIZE_LIMIT,
  SVM_WRAPPED_NATIVE_TOKEN_DECIMALS,
} from "../../src/svm/index.ts";
import { buildTransaction, buildTransactionOfSize } from "./tx-builder.ts";

describe("svm constants", () => {
  it("chain id is 792703809 (spec 4.8)", () => {
    expect(SVM_CHAIN_ID).to.equal(792703809);
  });

  it("the size limit is 1232 = 1280 - 40 - 8 and matches kit's limit for legacy and v0 transactions", () => {
    expect(SVM_TX_SIZE_LIMIT)
      .to.equal(1232)
      .and.equal(1280 - 40 - 8);
    for (const version of ["legacy", 0] as const) {
      const { transaction } = buildTransaction({
        version,
        seed: 1,
        extraSigners: 0,
        readonlySignerMask: 0,
        programs: 1,
        pool: 2,
        instructions: [{ program: 0, accounts: [{ index: 0, writable: true }], dataLength: 4 }],
        lookupTables: [],
        signatures: "none",
      });
      expect(getTransactionSizeLimit(transaction), `kit limit for ${version}`).to.equal(SVM_TX_SIZE_LIMIT);
    }
  });

  it("kit agrees on where the limit falls (1232 within, 1233 over)", () => {
    expect(isTransactionWithinSizeLimit(buildTransactionOfSize(1232).transaction)).to.equal(true);
    expect(isTransactionWithinSizeLimit(buildTransactionOfSize(1233).transaction)).to.equal(false);
  });

  it("native token is the 32-character all-ones form: 32 zero bytes", () => {
    expect(SVM_NATIVE_TOKEN).to.equal("1".repeat(32)).and.have.length(32);
    expect([...getAddressEncoder().encode(SVM_NATIVE_TOKEN)]).to.deep.equal(new Array(32).fill(0));
    expect(isSvmNativeToken(SVM_NATIVE_TOKEN)).to.equal(true);
    expect(isSvmNativeToken("1".repeat(33))).to.equal(false);
    expect(isSvmNativeToken(`0x${"0".repeat(40)}`)).to.equal(false);
    expect(isSvmNativeToken(undefined)).to.equal(false);
  });

  it("decimals: native 9, wrapped native 9, stable tokens 6", () => {
    expect(SVM_NATIVE_TOKEN_DECIMALS).to.equal(9);
    expect(SVM_WRAPPED_NATIVE_TOKEN_DECIMALS).to.equal(9);
    expect(SVM_STABLE_TOKEN_DECIMALS).to.equal(6);
  });

  it("compute-budget allowance is the spec's ~60 bytes", () => {
    expect(COMPUTE_BUDGET_INSTRUCTIONS_BYTES).to.equal(60);
  });
});
