/**
 * The status WebSocket on the devnet, used as an app uses it: `connectStatusFeed` over the network
 * subscribes to a quoted request before paying it, and sees every later status the webhooks carry,
 * in the same order, ending in the fill the destination chain holds.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { expect } from "chai";
import { type Hex, zeroAddress } from "viem";
import { evmDevAccount } from "../../src/devnet/accounts.ts";
import { sendQuotedEvmSteps } from "../../src/devnet/quoted-steps.ts";
import { connectStatusFeed, type StatusFeedEvent } from "../../src/index.ts";
import { type E2e, evmUser, startE2e, waitForStatus } from "./fixture.ts";

describe("e2e: the status WebSocket", function () {
  this.timeout(120_000);
  let e2e: E2e;
  let hooks: Server;

  before(async () => {
    hooks = createServer((_request, response) => response.end("ok"));
    await new Promise<void>((resolve) => hooks.listen(0, "127.0.0.1", resolve));
    e2e = await startE2e({ webhookUrl: `http://127.0.0.1:${(hooks.address() as AddressInfo).port}/hook` });
  });
  after(async () => {
    await e2e?.close();
    await new Promise((resolve) => hooks.close(resolve));
  });

  it("pushes each status of a protocol-order flow, as the webhooks carry them, ending in the fill on chain", async () => {
    const base = e2e.devnet.evmChain(8453);
    const optimism = e2e.devnet.evmChain(10);
    const alice = evmUser(base, "alice");
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
    const requestId = quote.steps[0]?.requestId as string;
    const feed = await connectStatusFeed({ url: e2e.devnet.serviceUrl, apiKey: e2e.devnet.apiKey });
    const events: StatusFeedEvent[] = [];
    await feed.subscribe(requestId, (event) => events.push(event));
    const success = feed.waitForStatus(requestId, ["success"], { timeoutMs: 30_000 });
    await sendQuotedEvmSteps(alice, quote);
    await base.mine();
    const final = await success;
    await waitForStatus(e2e, requestId, "success");
    feed.close();

    const webhookStatuses = (
      e2e.devnet.service.store
        .prepare("SELECT status FROM webhook_deliveries WHERE request_id = ? ORDER BY seq")
        .all(requestId.toLowerCase()) as { status: string }[]
    ).map((row) => row.status);
    // Subscribed after the quote: every change from then on, as the webhooks carry them.
    expect(["waiting", ...events.map((event) => event.data.status)]).to.deep.equal(webhookStatuses);
    expect(events.map((event) => event.data.status)).to.include.members(["pending", "success"]);
    const fill = await evmUser(optimism, "bob").public.getTransactionReceipt({
      hash: final.data.txHashes[0] as Hex,
    });
    expect(fill.status).to.equal("success");
    expect(final.data.inTxHashes).to.have.length(1);
    expect(final.data).to.include({ originChainId: 8453, destinationChainId: 10, requestId });
  });
});
