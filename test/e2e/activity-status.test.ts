/**
 * The activity feed names what the status endpoint names: for flows from an EVM origin (a plain
 * deposit and a protocol order paid into the depository) and from the SVM origin, driven on the
 * devnet as a user does (the quoted steps signed and sent), each
 * activity line carries the request id, chain ids and transaction hashes exactly as
 * `GET /intents/status/v3` returns them, so a developer can paste any of them from the feed into a
 * status query or an explorer.
 */
import { expect } from "chai";
import { zeroAddress } from "viem";
import { evmDevAccount } from "../../src/devnet/accounts.ts";
import { sendQuotedEvmSteps, submitQuotedSvmDeposit } from "../../src/devnet/quoted-steps.ts";
import { type StatusResponse, SVM_CHAIN_ID, SVM_NATIVE_TOKEN } from "../../src/index.ts";
import { type ActivityEvent, formatActivity } from "../../src/service/activity.ts";
import { type E2e, evmUser, startE2e, waitForStatus } from "./fixture.ts";

describe("e2e: the activity feed shows the status endpoint's ids, chain ids and hashes", () => {
  let e2e: E2e;
  const events: ActivityEvent[] = [];

  before(async () => {
    e2e = await startE2e();
    e2e.devnet.service.onActivity((event) => events.push(event));
  });
  after(() => e2e?.close());

  /** Every activity line of `requestId` checked against its final status. */
  function expectFeedMatchesStatus(requestId: string, status: StatusResponse): string[] {
    const own = events.filter((event) => "requestId" in event && event.requestId === requestId);
    expect(own.map((event) => event.kind)).to.include.members(["quote", "deposit", "fill"]);
    const lines: string[] = [];
    for (const event of own) {
      const line = formatActivity(event);
      lines.push(line);
      expect(line, line).to.include(requestId);
      switch (event.kind) {
        case "quote":
          expect([event.originChainId, event.destinationChainId]).to.deep.equal([
            status.originChainId,
            status.destinationChainId,
          ]);
          expect(line).to.include(`(${status.originChainId})`).and.include(`(${status.destinationChainId})`);
          break;
        case "deposit":
          expect(event.chainId).to.equal(status.originChainId);
          expect(status.inTxHashes).to.include(event.txHash);
          expect(line).to.include(` on ${status.originChainId} `).and.include(event.txHash);
          break;
        case "fill":
          expect(event.chainId).to.equal(status.destinationChainId);
          expect(status.txHashes).to.include(event.txHash);
          expect(line).to.include(` on ${status.destinationChainId} `).and.include(event.txHash);
          break;
        default:
          throw new Error(`unexpected ${event.kind} event in a plain flow: ${line}`);
      }
    }
    return lines;
  }

  it("EVM origin (base ETH to SVM SOL): quote, deposit and fill lines", async () => {
    const alice = evmUser(e2e.devnet.evmChain(8453), "alice");
    const quote = await e2e.client.quoteV2({
      user: alice.address,
      recipient: e2e.devnet.svm.accounts.bob.address,
      originChainId: 8453,
      destinationChainId: SVM_CHAIN_ID,
      originCurrency: zeroAddress,
      destinationCurrency: SVM_NATIVE_TOKEN,
      amount: "100000000000000000",
      tradeType: "EXACT_INPUT",
    });
    const requestId = quote.steps[0]?.requestId as string;
    const [deposit] = (await sendQuotedEvmSteps(alice, quote)).slice(-1);
    await e2e.devnet.evmChain(8453).mine();
    const status = await waitForStatus(e2e, requestId, "success");
    expect(status.inTxHashes).to.deep.equal([deposit?.transactionHash]);
    const lines = expectFeedMatchesStatus(requestId, status);
    expect(lines.some((line) => line.startsWith("deposit") && line.includes(" final on 8453 "))).to.equal(
      true,
    );
  });

  it("EVM origin protocol order (base ETH into the depository, to optimism): quote, deposit and fill lines", async () => {
    const alice = evmUser(e2e.devnet.evmChain(8453), "alice");
    const quote = await e2e.client.quoteV2({
      user: alice.address,
      recipient: evmDevAccount("bob").address,
      originChainId: 8453,
      destinationChainId: 10,
      originCurrency: zeroAddress,
      destinationCurrency: zeroAddress,
      amount: "100000000000000000",
      tradeType: "EXACT_INPUT",
      includeProtocolData: true,
    });
    expect(quote.protocol?.v2.orderId).to.match(/^0x[0-9a-f]{64}$/);
    const requestId = quote.steps[0]?.requestId as string;
    await sendQuotedEvmSteps(alice, quote);
    await e2e.devnet.evmChain(8453).mine();
    const status = await waitForStatus(e2e, requestId, "success");
    expectFeedMatchesStatus(requestId, status);
  });

  it("SVM origin (SOL to base ETH): quote, deposit and fill lines", async () => {
    const { svm } = e2e.devnet;
    const quote = await e2e.client.quoteV2({
      user: svm.accounts.alice.address,
      recipient: evmDevAccount("bob").address,
      originChainId: SVM_CHAIN_ID,
      destinationChainId: 8453,
      originCurrency: SVM_NATIVE_TOKEN,
      destinationCurrency: zeroAddress,
      amount: "1000000000",
      tradeType: "EXACT_INPUT",
    });
    const requestId = quote.steps[0]?.requestId as string;
    await submitQuotedSvmDeposit(svm, svm.accounts.alice, quote);
    const status = await waitForStatus(e2e, requestId, "success");
    expect(status.inTxHashes).to.have.length(1);
    const lines = expectFeedMatchesStatus(requestId, status);
    expect(lines.some((line) => line.startsWith("fill") && line.includes(" on 8453 "))).to.equal(true);
  });
});
