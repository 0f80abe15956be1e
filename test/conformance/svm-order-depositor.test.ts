// The SVM order catalogue against the order-gated depositor (programs/order-depositor), deployed
// with the depository by the order suites' fixture; the adapter builds `order_deposit_native` from
// its IDL. Each refusal must be the program's specific error.
import { getProgramDerivedAddress } from "@solana/kit";
import { expect } from "chai";
import { hexToBytes } from "viem";
import {
  runSvmOrderConformance,
  SVM_ORDER_PROPERTIES,
  type SvmOrderAdapter,
} from "../../src/testing/svm/index.ts";
import { CHAIN_ID, EVM_RECIPIENT, ORDER_ERRORS, OrderFixture } from "../svm/order-fixture.ts";
import { expectOk, SOLVER_KEY } from "../svm/receiver-fixture.ts";

const error = (name: string) => ORDER_ERRORS[name] as number;

async function orderDepositorAdapter(f: OrderFixture): Promise<SvmOrderAdapter> {
  expectOk(await f.send([await f.whitelistOrderRecipient("ethereum", EVM_RECIPIENT)], f.owner));
  return {
    name: "order-depositor (SVM)",
    setup: {
      solverKey: SOLVER_KEY,
      chainId: CHAIN_ID,
      outputChainId: "ethereum",
      outputRecipient: EVM_RECIPIENT,
    },
    payInstructions: async (p) => [
      await f.depositNativeOrder(p.order, { signature: hexToBytes(p.signature), payer: p.payer }),
    ],
    isPaid: async (env, orderId) => {
      const [replay] = await getProgramDerivedAddress({
        programAddress: f.programId,
        seeds: ["replay", hexToBytes(orderId)],
      });
      return (await env.account(replay)).exists;
    },
    recipient: f.vault,
    expectedErrors: {
      "order.replay": error("OrderAlreadyUsed"),
      "order.replayCompact": error("OrderAlreadyUsed"),
      "order.tampered": error("SignerMismatch"),
      "order.tamperedOutput": error("SignerMismatch"),
      "order.wrongSigner": error("SignerMismatch"),
      "order.deadline": error("OrderExpired"),
      "order.currency": error("InputCurrencyMismatch"),
      "order.chain": error("InputChainNotFound"),
      "order.amountZero": error("ZeroInputAmount"),
      "order.whitelist": error("RecipientNotWhitelisted"),
    },
  };
}

describe("conformance (TypeScript, SVM orders): the order-gated depositor program", function () {
  this.timeout(300_000);

  it("passes every order property with the program's specific errors", async () => {
    const f = await OrderFixture.start();
    const report = await runSvmOrderConformance({ svm: f.svm, adapter: await orderDepositorAdapter(f) });
    const failed = report.results.filter((r) => r.status !== "pass");
    expect(failed, JSON.stringify(failed, null, 2)).to.deep.equal([]);
    expect(report.results.map((r) => r.id)).to.deep.equal(SVM_ORDER_PROPERTIES.map((p) => p.id));
  });
});
