// One catalogue of ids: an order property that both the EVM and the SVM catalogues run is the same attack
// under the same title, except where the chain's own mechanics name it differently.
import { expect } from "chai";
import { EVM_ORDER_PROPERTIES } from "../../src/testing/index.ts";
import { SVM_ORDER_PROPERTIES } from "../../src/testing/svm/index.ts";

/** Shared ids whose titles name what differs between the chains. */
const WORDED_PER_CHAIN = new Set([
  "order.currency.tokenPaidNatively", // wei vs lamports
  "order.deadline.maxWindow", // a contract's window vs a program's
  "order.invalidation.refused", // the reference contract's solver invalidates, the program's owner
  "order.token.feeOnTransfer", // a hostile ERC-20 vs a Token-2022 transfer fee
  "order.admin.pauseByStranger", // pauses the contract vs the program
]);

describe("conformance: the order catalogues share their ids", () => {
  it("every order property both catalogues run carries one title, bar the ones worded per chain", () => {
    const evm = new Map(EVM_ORDER_PROPERTIES.map((p) => [p.id, p.attack]));
    const shared = SVM_ORDER_PROPERTIES.filter((p) => evm.has(p.id));
    expect(shared.length).to.be.at.least(30);
    for (const p of shared) if (!WORDED_PER_CHAIN.has(p.id)) expect(p.attack, p.id).to.equal(evm.get(p.id));
  });

  it("ids are unique in each catalogue", () => {
    for (const catalogue of [EVM_ORDER_PROPERTIES, SVM_ORDER_PROPERTIES]) {
      const ids = catalogue.map((p) => p.id);
      expect(new Set(ids).size).to.equal(ids.length);
    }
  });
});
