/**
 * The demo's unhappy path: a scenario makes the mock refund Alice's next request with
 * `SOLVER_CAPACITY_EXCEEDED`; the refund is paid on chain 8453, and the signed webhook telling of it
 * reaches a receiver inside the demo, which checks it with `verifyWebhook` (and refuses a tampered copy).
 */
import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import { type Hex, parseEther, zeroAddress } from "viem";
import type { ServiceClient } from "../client/index.ts";
import { verifyWebhook, type WebhookEvent, WebhookSignatureError } from "../webhooks/index.ts";
import { evmDevAccount } from "./accounts.ts";
import { check, short, step, waitFor } from "./demo-steps.ts";
import type { Devnet } from "./devnet.ts";
import { depositThroughReceiver, evmUser } from "./evm-user.ts";
import { eventually } from "./poll.ts";

interface Delivery {
  headers: IncomingHttpHeaders;
  rawBody: string;
  event: WebhookEvent | null;
}

/** A loopback webhook endpoint that keeps every delivery with what `verifyWebhook` made of it. */
async function startReceiver(secret: string) {
  const deliveries: Delivery[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", async () => {
      const rawBody = Buffer.concat(chunks).toString("utf8");
      const event = await verifyWebhook({ headers: request.headers, rawBody, secret }).catch(() => null);
      deliveries.push({ headers: request.headers, rawBody, event });
      response.statusCode = event === null ? 400 : 200;
      response.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/webhooks`,
    deliveries,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export async function refundWebhookFlow(devnet: Devnet, client: ServiceClient): Promise<string> {
  const base = devnet.evmChain(8453);
  const alice = evmUser(base, "alice");
  const receiver = await startReceiver(devnet.apiKey);
  const mock = (method: string, path: string, body: unknown) =>
    fetch(`${devnet.serviceUrl}${path}`, {
      method,
      headers: { "content-type": "application/json", "x-api-key": devnet.apiKey },
      body: JSON.stringify(body),
    }).then(async (response) => {
      check(response.ok, `${method} ${path} answered ${response.status}`);
      return (await response.json()) as Record<string, unknown>;
    });
  try {
    await step("PUT /_mock/webhook: the API key's endpoint is a receiver inside the demo", () =>
      mock("PUT", "/_mock/webhook", { url: receiver.url }),
    );
    await step(
      "POST /_mock/scenarios: refund Alice's next request, SOLVER_CAPACITY_EXCEEDED",
      () =>
        mock("POST", "/_mock/scenarios", {
          match: { wallet: alice.address },
          outcome: "refund",
          failReason: "SOLVER_CAPACITY_EXCEEDED",
        }),
      (scenario) => `scenario ${String(scenario.id).slice(0, 8)}…`,
    );
    const amount = parseEther("0.05");
    const quote = await client.quoteV2({
      user: alice.address,
      recipient: evmDevAccount("bob").address,
      originChainId: 8453,
      destinationChainId: 10,
      originCurrency: zeroAddress,
      destinationCurrency: zeroAddress,
      amount: amount.toString(),
      tradeType: "EXACT_INPUT",
    });
    const requestId = quote.steps[0]?.requestId as string;
    const receipt = await step(
      "quoted and deposited 0.05 ETH through the receiver on 8453",
      async () => {
        const attestation = { requestId, ...(await client.getSignature(requestId)) };
        const hash = await depositThroughReceiver(base, alice, attestation);
        const mined = await alice.public.waitForTransactionReceipt({ hash });
        await base.mine();
        return mined;
      },
      (r) => `${short(r.transactionHash)}, ${r.gasUsed} gas`,
    );
    const refund = await step(
      "status refund, SOLVER_CAPACITY_EXCEEDED: the deposit paid back to Alice on 8453",
      async () => {
        const status = await waitFor(client, requestId, "refund");
        check(status.failReason === "SOLVER_CAPACITY_EXCEEDED", "failReason");
        const tx = await alice.public.getTransaction({ hash: status.txHashes[0] as Hex });
        check(tx.to?.toLowerCase() === alice.address.toLowerCase() && tx.value === amount, "refund paid");
        return tx.hash;
      },
      (hash) => `refund ${short(hash)}`,
    );
    const delivery = await step(
      "signed webhook received, verified with verifyWebhook: refund, its reason and refund tx",
      () =>
        eventually(
          async () => receiver.deliveries.find((d) => d.event?.data.status === "refund"),
          "the refund webhook",
        ),
      (d) => `delivery ${String(d.headers["x-delivery-id"]).slice(0, 8)}…`,
    );
    check(delivery.event?.data.failReason === "SOLVER_CAPACITY_EXCEEDED", "webhook failReason");
    check(delivery.event?.data.txHashes.includes(refund) === true, "webhook names the refund tx");
    check(
      receiver.deliveries.every((d) => d.event !== null),
      "every delivery verified",
    );
    await step("the same delivery with a tampered body is refused (WebhookSignatureError)", async () => {
      const tampered = delivery.rawBody.replace("SOLVER_CAPACITY_EXCEEDED", "UNKNOWN");
      const refused = await verifyWebhook({
        headers: delivery.headers,
        rawBody: tampered,
        secret: devnet.apiKey,
      }).then(
        () => null,
        (error: unknown) => error,
      );
      check(refused instanceof WebhookSignatureError, "tampered delivery refused");
    });
    return `${receipt.gasUsed} gas`;
  } finally {
    await fetch(`${devnet.serviceUrl}/_mock/webhook`, {
      method: "DELETE",
      headers: { "content-type": "application/json", "x-api-key": devnet.apiKey },
    }).catch(() => {});
    await receiver.close();
  }
}
