// The devnet issuing "v2" orders (startDevnet({ orderVersion: "v2" }), `attestkit devnet --order-version v2`):
// each quote carries a v2 order signed by the solver whose id recomputes from its data and which
// verifyQuoteOrder passes, the deposit steps pay the EVM and SVM depositories under that v2 id, and the
// indexer credits and fills the request, exactly as with v1 orders.
import { expect } from "chai";
import { parseEther, parseEventLogs, zeroAddress } from "viem";
import { evmDevAccount } from "../../src/devnet/accounts.ts";
import type { EvmDevChain } from "../../src/devnet/evm-chain.ts";
import { sendQuotedEvmSteps, submitQuotedSvmDeposit } from "../../src/devnet/quoted-steps.ts";
import {
  chainVmTypesFromChains,
  getOrderId,
  type OrderV2,
  type QuoteResponse,
  type QuoteV2Body,
  RELAY_DEPOSITORY_ABI,
  recoverOrderSigner,
  SVM_CHAIN_ID,
  SVM_NATIVE_TOKEN,
  verifyQuoteOrder,
} from "../../src/index.ts";
import type { ProtocolOrderBlock } from "../../src/service/index.ts";
import { balanceOf, type E2e, evmUser, startE2e, waitForStatus } from "../e2e/fixture.ts";

type V2Quote = QuoteResponse & { protocol: { v2: ProtocolOrderBlock & { orderData: OrderV2 } } };

describe("service: v2 protocol orders on the devnet (orderVersion: v2)", function () {
  this.timeout(300_000);
  let e2e: E2e;
  let base: EvmDevChain;

  before(async () => {
    e2e = await startE2e({ orderVersion: "v2" });
    base = e2e.devnet.evmChain(8453);
  });
  after(() => e2e?.close());

  /**
   * A v2 quote, fetched over HTTP, whose id recomputes from its order, whose signature is the devnet
   * solver's, and which verifyQuoteOrder passes for its payer.
   */
  async function quote(body: QuoteV2Body): Promise<V2Quote> {
    const q = (await e2e.client.quoteV2({ ...body, includeProtocolData: true })) as V2Quote;
    const { orderId, orderData, orderSignature } = q.protocol.v2;
    expect(orderData.version).to.equal("v2");
    const chainsResponse = await (await fetch(`${e2e.devnet.serviceUrl}/chains`)).json();
    expect(getOrderId(orderData, chainVmTypesFromChains(chainsResponse))).to.equal(orderId);
    expect(await recoverOrderSigner({ orderId, signature: orderSignature })).to.equal(e2e.devnet.solver.evm);
    const verdict = await verifyQuoteOrder(q, {
      chains: chainsResponse,
      expectedPayer: body.user,
      solver: e2e.devnet.solver.evm,
      policy: { outputChainId: body.destinationChainId, acceptedRecipients: [body.recipient as string] },
    });
    expect(verdict.failures).to.deep.equal([]);
    return q;
  }
  const requestIdOf = (q: QuoteResponse) => q.steps[0]?.requestId as string;

  it("EVM native: depositNative under the v2 order id is credited and filled", async () => {
    const alice = evmUser(base, "alice");
    const amount = parseEther("0.3");
    const q = await quote({
      user: alice.address,
      recipient: evmDevAccount("bob").address,
      originChainId: 8453,
      destinationChainId: 10,
      originCurrency: zeroAddress,
      destinationCurrency: zeroAddress,
      amount: amount.toString(),
      tradeType: "EXACT_INPUT",
    });
    expect(q.protocol.v2.orderData.input).to.deep.equal({
      chainId: "base",
      currency: zeroAddress,
      amount: amount.toString(),
    });
    const before = await balanceOf(alice, null, base.depository);
    const [receipt] = await sendQuotedEvmSteps(alice, q);
    const [event] = parseEventLogs({
      abi: RELAY_DEPOSITORY_ABI,
      logs: receipt?.logs ?? [],
      eventName: "RelayNativeDeposit",
    });
    expect(event?.args).to.deep.equal({ from: alice.address, amount, id: q.protocol.v2.orderId });
    expect((await balanceOf(alice, null, base.depository)) - before).to.equal(amount);
    await base.mine();
    const done = await waitForStatus(e2e, requestIdOf(q), "success");
    expect(done.inTxHashes).to.deep.equal([receipt?.transactionHash]);
    const { requests } = await e2e.client.listRequests({ orderId: q.protocol.v2.orderId });
    expect(requests.map((r) => r.id)).to.deep.equal([requestIdOf(q)]);
  });

  it("SVM native: deposit_native under the v2 order id is credited from the vault's lamports and filled", async () => {
    const { svm } = e2e.devnet;
    const amount = 2n * 10n ** 9n;
    const q = await quote({
      user: svm.accounts.alice.address,
      recipient: evmDevAccount("bob").address,
      originChainId: SVM_CHAIN_ID,
      destinationChainId: 8453,
      originCurrency: SVM_NATIVE_TOKEN,
      destinationCurrency: zeroAddress,
      amount: amount.toString(),
      tradeType: "EXACT_INPUT",
    });
    expect(q.protocol.v2.orderData.refunds[0]?.recipient).to.equal(svm.accounts.alice.address);
    const before = svm.svm.getBalance(svm.depository.vault) ?? 0n;
    await submitQuotedSvmDeposit(svm, svm.accounts.alice, q);
    expect((svm.svm.getBalance(svm.depository.vault) ?? 0n) - before).to.equal(amount);
    const done = await waitForStatus(e2e, requestIdOf(q), "success");
    expect(done.inTxHashes).to.have.length(1);
  });
});
