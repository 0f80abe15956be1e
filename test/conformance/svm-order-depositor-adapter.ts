// The SVM order catalogue's adapter for the order-gated depositor (programs/order-depositor), on
// the order suites' fixture (depository and order depositor deployed and initialized in LiteSVM):
// `order_deposit_native` built from the IDL, the order's replay PDA read back.
import { getProgramDerivedAddress } from "@solana/kit";
import { hexToBytes } from "viem";
import type { SvmOrderAdapter } from "../../src/testing/svm/index.ts";
import { CHAIN_ID, EVM_RECIPIENT, ORDER_ERRORS, type OrderFixture } from "../svm/order-fixture.ts";
import { expectOk, SOLVER_KEY } from "../svm/receiver-fixture.ts";

const error = (name: string) => ORDER_ERRORS[name] as number;

/** Whitelists the fixture's EVM recipient and describes the program to the catalogue. */
export async function orderDepositorAdapter(f: OrderFixture): Promise<SvmOrderAdapter> {
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
