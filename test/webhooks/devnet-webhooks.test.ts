/**
 * Webhooks on the devnet: `startDevnet({ webhookUrl })` (what `attestkit devnet --webhook-url` does)
 * posts the devnet key's status changes of a real flow (an ETH deposit through the receiver on
 * chain 8453, filled with SOL on the SVM chain) to the guide's Fastify receiver, which verifies each.
 */
import "../conformance/svm-attestkit-resolve.ts";
import { expect } from "chai";
import { SVM_CHAIN_ID } from "../../src/index.ts";
import type { WebhookEvent } from "../../src/webhooks/index.ts";
import { type E2e, evmToSvmTransfer, startE2e, waitForStatus } from "../e2e/fixture.ts";
import { until } from "./receiver.ts";

const { startFastifyReceiver } = await import("../../docs/examples/webhooks/fastify-receiver.ts");

describe("devnet: webhooks of a real flow to the Fastify sample", function () {
  this.timeout(120_000);
  let e2e: E2e;
  let receiver: Awaited<ReturnType<typeof startFastifyReceiver>>;
  const events: WebhookEvent[] = [];

  before(async () => {
    receiver = await startFastifyReceiver("devnet-api-key", (event) => void events.push(event));
    e2e = await startE2e({ webhookUrl: receiver.url });
  });
  after(async () => {
    await e2e?.close();
    await receiver?.close();
  });

  it("every status of an EVM-to-SVM transfer arrives verified, in order, the deposit and fill hashes those of the chains", async () => {
    const { requestId, deposit } = await evmToSvmTransfer(e2e);
    const status = await waitForStatus(e2e, requestId, "success");
    await until(() => events.some((event) => event.data.status === "success"), 20_000, "the success webhook");
    const own = events.filter((event) => event.data.requestId === requestId);
    // Every status the request went through, in lifecycle order (depositing only when the indexer
    // saw the deposit before it was final).
    const lifecycle = ["waiting", "depositing", "pending", "submitted", "success"];
    const seen = own.map((event) => lifecycle.indexOf(event.data.status));
    expect(own.map((event) => event.data.status)).to.include.members(["waiting", "pending", "success"]);
    expect(seen).to.deep.equal([...seen].sort((a, b) => a - b));
    expect(new Set(seen).size).to.equal(seen.length);
    expect(own.at(-1)?.data.inTxHashes).to.deep.equal([deposit?.transactionHash]);
    expect(own.at(-1)?.data.txHashes).to.deep.equal(status.txHashes);
    expect(own.at(-1)?.data.destinationChainId).to.equal(SVM_CHAIN_ID);
  });
});
