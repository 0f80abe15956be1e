/**
 * F0 on the devnet: an honest ERC-20 order paid through the reference `OrderGatedDepositor`. Its
 * `forceApprove` makes the token emit an `Approval` in the same transaction as the `Transfer` logs
 * the indexer credits; the order must reach `success`, and the chain's books must go on: a later,
 * unrelated deposit on the same chain is credited too, and nothing is quarantined.
 */
import { expect } from "chai";
import {
  type Address,
  encodeDeployData,
  encodeFunctionData,
  erc20Abi,
  getAddress,
  type Hex,
  parseEther,
  parseEventLogs,
  parseUnits,
  zeroAddress,
} from "viem";
import { evmDevAccount } from "../../src/devnet/accounts.ts";
import type { EvmDevChain } from "../../src/devnet/evm-chain.ts";
import { sendQuotedEvmSteps } from "../../src/devnet/quoted-steps.ts";
import { encodeOrder, type QuoteResponse, type QuoteV2Body, RELAY_DEPOSITORY_ABI } from "../../src/index.ts";
import type { ProtocolOrderBlock } from "../../src/service/index.ts";
import { orderGatedDepositorArtifact } from "../../src/testing/evm/order-gated-depositor-adapter.ts";
import { type E2e, type EvmUser, evmUser, startE2e, tokenOf, waitForStatus } from "../e2e/fixture.ts";

type OrderQuote = QuoteResponse & { protocol: { v2: ProtocolOrderBlock } };

const requestIdOf = (q: QuoteResponse) => q.steps[0]?.requestId as string;

/** Sends `data` (to `to`, or a deployment) from `user`; the receipt of a successful transaction. */
async function sent(user: EvmUser, data: Hex, to?: Address) {
  const hash = await user.wallet.sendTransaction({
    account: user.wallet.account,
    chain: null,
    data,
    ...(to === undefined ? {} : { to }),
  });
  const receipt = await user.public.waitForTransactionReceipt({ hash });
  expect(receipt.status, `transaction ${hash}`).to.equal("success");
  return receipt;
}

describe("service: an ERC-20 order through OrderGatedDepositor on the devnet (F0)", function () {
  this.timeout(300_000);
  let e2e: E2e;
  let base: EvmDevChain;

  before(async () => {
    e2e = await startE2e();
    base = e2e.devnet.evmChain(8453);
  });
  after(() => e2e?.close());

  const quote = async (currency: Hex, amount: bigint): Promise<OrderQuote> => {
    const body: QuoteV2Body = {
      user: evmDevAccount("alice").address,
      recipient: evmDevAccount("bob").address,
      originChainId: 8453,
      destinationChainId: 10,
      originCurrency: currency,
      destinationCurrency: zeroAddress,
      amount: amount.toString(),
      tradeType: "EXACT_INPUT",
    };
    return (await e2e.client.quoteV2({ ...body, includeProtocolData: true })) as OrderQuote;
  };

  it("the order reaches success though its token emits Approval in the deposit, and a later deposit on the chain is still credited", async () => {
    const alice = evmUser(base, "alice");
    const usdc = tokenOf(base, "USDC");
    const amount = parseUnits("30", 6);
    const q = await quote(usdc, amount);
    const { orderData, orderSignature } = q.protocol.v2;
    const inputChain = orderData.inputs[0]?.payment.chainId as string;
    const outputChain = orderData.output.chainId;
    const order = encodeOrder(orderData, { [inputChain]: "ethereum-vm", [outputChain]: "ethereum-vm" });

    // The integrator's depositor: trusts the service's solver, pays into the chain's depository.
    const { abi, bytecode } = orderGatedDepositorArtifact();
    const deployment = await sent(
      alice,
      encodeDeployData({
        abi,
        bytecode,
        args: [
          alice.address,
          e2e.devnet.service.solverAddress,
          base.depository,
          inputChain,
          [{ chainId: outputChain, recipient: evmDevAccount("bob").address }],
        ],
      }),
    );
    const gate = getAddress(deployment.contractAddress as Address);
    await sent(
      alice,
      encodeFunctionData({ abi: erc20Abi, functionName: "approve", args: [gate, amount] }),
      usdc,
    );
    const paid = await sent(
      alice,
      encodeFunctionData({ abi, functionName: "depositErc20", args: [order, orderSignature] }),
      gate,
    );

    // The shape that stopped the books: the token's Approval (the gate's forceApprove of the
    // depository) between its Transfer logs, in the deposit transaction itself.
    const tokenEvents = parseEventLogs({ abi: erc20Abi, logs: paid.logs }).filter(
      (log) => log.address.toLowerCase() === usdc.toLowerCase(),
    );
    expect(tokenEvents.map((log) => log.eventName)).to.deep.equal(["Transfer", "Approval", "Transfer"]);
    expect(tokenEvents[1]?.args).to.deep.include({ owner: gate, spender: getAddress(base.depository) });
    const [deposit] = parseEventLogs({
      abi: RELAY_DEPOSITORY_ABI,
      logs: paid.logs,
      eventName: "RelayErc20Deposit",
    });
    expect(deposit?.args).to.deep.include({ from: alice.address, amount, id: q.protocol.v2.orderId });

    await base.mine();
    const done = await waitForStatus(e2e, requestIdOf(q), "success");
    expect(done.inTxHashes).to.deep.equal([paid.transactionHash]);

    // The chain's books went on: an unrelated native order paid afterwards is credited and filled.
    const later = await quote(zeroAddress, parseEther("0.1"));
    const [laterReceipt] = (await sendQuotedEvmSteps(alice, later)).slice(-1);
    await base.mine();
    const laterDone = await waitForStatus(e2e, requestIdOf(later), "success");
    expect(laterDone.inTxHashes).to.deep.equal([laterReceipt?.transactionHash]);

    const health = await fetch(`${e2e.devnet.serviceUrl}/_mock/health?chainId=8453`);
    expect(health.status).to.equal(200);
    const report = (await health.json()) as { status: string; quarantined: unknown[] };
    expect(report).to.deep.include({ status: "ok", quarantined: [] });
  });
});
