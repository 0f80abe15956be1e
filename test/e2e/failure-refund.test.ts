/**
 * Flow 8 on the devnet: deposits the solver cannot fill end as refunds on the origin chain with a
 * failReason, and the listing's failReason filter finds them.
 */
import { expect } from "chai";
import { type Hex, parseEther } from "viem";
import { evmDevAccount } from "../../src/devnet/accounts.ts";
import type { EvmDevChain } from "../../src/devnet/evm-chain.ts";
import type { FailReason } from "../../src/index.ts";
import {
  balanceOf,
  depositThroughReceiver,
  type E2e,
  type EvmUser,
  evmUser,
  startE2e,
  tokenOf,
  waitForStatus,
} from "./fixture.ts";

describe("e2e: failure and refund", () => {
  let e2e: E2e;
  let base: EvmDevChain;
  let alice: EvmUser;
  const bob = evmDevAccount("bob").address;

  before(async () => {
    e2e = await startE2e();
    base = e2e.devnet.evmChain(8453);
    alice = evmUser(base, "alice");
  });
  after(() => e2e?.close());

  const quoteEth = async (amount: bigint, destinationCurrency: Hex) => {
    const quote = await e2e.client.quoteV2({
      user: alice.address,
      recipient: bob,
      originChainId: 8453,
      destinationChainId: 10,
      originCurrency: "0x0000000000000000000000000000000000000000",
      destinationCurrency,
      amount: amount.toString(),
      tradeType: "EXACT_INPUT",
    });
    return quote.steps[0]?.requestId as string;
  };

  const listedBy = async (failReason: FailReason) =>
    (await e2e.client.listRequests({ failReason })).requests.map((r) => r.id);

  it("the solver lacks the output (2,000 WETH asked, 1,000 held): refund on the origin chain, SOLVER_BALANCE_TOO_LOW", async () => {
    const amount = parseEther("2000");
    const requestId = await quoteEth(amount, tokenOf(e2e.devnet.evmChain(10), "WETH"));
    const attestation = { requestId, ...(await e2e.client.getSignature(requestId)) };
    const before = await balanceOf(alice, null, alice.address);
    const hash = await depositThroughReceiver(base, alice, attestation);
    const receipt = await alice.public.waitForTransactionReceipt({ hash });
    const gas = receipt.gasUsed * receipt.effectiveGasPrice;
    await base.mine();
    const status = await waitForStatus(e2e, requestId, "refund");
    const refundHash = status.txHashes[0] as Hex;
    const refund = await alice.public.getTransaction({ hash: refundHash });
    expect(refund.to?.toLowerCase()).to.equal(alice.address.toLowerCase());
    expect(refund.value).to.equal(amount);
    expect(refund.input).to.equal(requestId);
    expect(await balanceOf(alice, null, alice.address)).to.equal(before - gas);
    const [record] = (await e2e.client.listRequests({ id: requestId })).requests;
    expect(record?.data.failReason).to.equal("SOLVER_BALANCE_TOO_LOW");
    expect(record?.data.outTxs.map((tx) => [tx.txHash, tx.type, tx.chainId])).to.deep.equal([
      [refundHash, "refund", 8453],
    ]);
    expect(await listedBy("SOLVER_BALANCE_TOO_LOW")).to.include(requestId);
    expect(await listedBy("DEPOSITED_AMOUNT_TOO_LOW_TO_FILL")).to.not.include(requestId);
  });

  it("an unvalidated transfer short of the quote is refunded as it arrived, DEPOSITED_AMOUNT_TOO_LOW_TO_FILL", async () => {
    const requestId = await quoteEth(parseEther("0.5"), tokenOf(e2e.devnet.evmChain(10), "WETH"));
    // The default, unvalidated path: a plain transfer to the solver tagged with the id, 0.1 instead of 0.5.
    const sent = parseEther("0.1");
    await alice.wallet.sendTransaction({
      account: alice.wallet.account,
      chain: null,
      to: e2e.devnet.solver.evm,
      value: sent,
      data: requestId as Hex,
    });
    await base.mine();
    const status = await waitForStatus(e2e, requestId, "refund");
    const refund = await alice.public.getTransaction({ hash: status.txHashes[0] as Hex });
    expect(refund.value).to.equal(sent);
    expect(await listedBy("DEPOSITED_AMOUNT_TOO_LOW_TO_FILL")).to.include(requestId);
    const refunds = (await e2e.client.listRequests({ status: "refund" })).requests.map((r) => r.id);
    expect(refunds).to.include(requestId);
  });
});
