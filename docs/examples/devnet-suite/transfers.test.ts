/**
 * A wallet backend's mocha suite on the devnet, as the devnet testing guide writes it: one
 * `startDevnet()` with its defaults for the whole file, `snapshotEachTest` so every test starts
 * from the same chains and service, scenarios for the outcomes a real service rarely gives on
 * demand, the devnet's one clock for deadlines and long holds, and a webhook receiver that verifies
 * every delivery on the wall clock as it does in production.
 */
import assert from "node:assert/strict";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import {
  createSolanaRpc,
  getBase64Encoder,
  getCompiledTransactionMessageDecoder,
  getCompiledTransactionMessageEncoder,
  getTransactionDecoder,
  signTransaction,
} from "@solana/kit";
import { createServiceClient, type QuoteResponse, type QuoteV2Body, verifyQuoteOrder } from "attestkit";
import {
  type Devnet,
  devnetConfig,
  type ScenarioInput,
  snapshotEachTest,
  startDevnet,
} from "attestkit/devnet";
import { verifyWebhook, type WebhookEvent } from "attestkit/webhooks";
import { createPublicClient, createWalletClient, type Hex, http, parseEther, zeroAddress } from "viem";
import { privateKeyToAccount } from "viem/accounts";

/** Seconds past a quote's order deadline (the devnet's orders are valid for 600 s). */
const PAST_DEADLINE = 601;

describe("transfers on the devnet", function () {
  this.timeout(30_000);
  let devnet: Devnet;
  let receiver: Server;
  const deliveries: WebhookEvent[] = [];
  let refusedDeliveries = 0;

  before(async () => {
    // Your production receiver: verifies each delivery against the wall clock (the default `now`).
    receiver = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on("data", (chunk: Buffer) => chunks.push(chunk));
      request.on("end", async () => {
        try {
          const rawBody = Buffer.concat(chunks);
          deliveries.push(await verifyWebhook({ headers: request.headers, rawBody, secret: devnet.apiKey }));
          response.end();
        } catch {
          refusedDeliveries += 1;
          response.statusCode = 400;
          response.end();
        }
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
    const { port } = receiver.address() as AddressInfo;
    devnet = await startDevnet({ webhookUrl: `http://127.0.0.1:${port}/webhooks` });
  });
  after(async () => {
    await devnet?.close();
    receiver?.close();
  });
  snapshotEachTest(() => devnet);

  const client = () => createServiceClient({ baseUrl: devnet.serviceUrl, apiKey: devnet.apiKey });
  const alice = () => {
    const key = devnetConfig(devnet).accounts.evm.find((account) => account.role === "alice");
    return privateKeyToAccount(key?.privateKey as Hex);
  };
  const bob = () =>
    devnetConfig(devnet).accounts.evm.find((account) => account.role === "bob")?.address as Hex;

  /** Quotes 0.01 ETH from chain 8453 to Bob on chain 10, with its protocol order. */
  const quoteEvm = () =>
    client().quoteV2({
      user: alice().address,
      recipient: bob(),
      originChainId: 8453,
      destinationChainId: 10,
      originCurrency: zeroAddress,
      destinationCurrency: zeroAddress,
      amount: parseEther("0.01").toString(),
      tradeType: "EXACT_INPUT",
      includeProtocolData: true,
    } satisfies QuoteV2Body);

  /** Sends the quote's steps from Alice's wallet on chain 8453, as the frontend does. */
  async function payOnEvm(quote: QuoteResponse): Promise<string> {
    const rpc = http(devnet.evmChain(8453).rpcUrl);
    const wallet = createWalletClient({ account: alice(), transport: rpc });
    const reader = createPublicClient({ transport: rpc, pollingInterval: 50 });
    for (const step of quote.steps) {
      for (const item of step.items) {
        if ("sign" in item.data) throw new Error(`step ${step.id} asks for a signature, not a transaction`);
        const hash = await wallet.sendTransaction({
          chain: null,
          to: item.data.to as Hex,
          data: item.data.data as Hex,
          value: BigInt(item.data.value ?? "0"),
        });
        await reader.waitForTransactionReceipt({ hash });
      }
    }
    return quote.steps[0]?.requestId as string;
  }

  /**
   * Quotes 1 SOL from the SVM chain to Bob on chain 8453 and signs the quoted transaction as Alice,
   * with a recent blockhash as a wallet does (the quoted one expires after about a minute of slots).
   */
  async function paySvm(beforeSending: () => Promise<unknown> = async () => {}): Promise<string> {
    const signer = devnet.svm.accounts.alice;
    const quote = await client().quoteV2({
      user: signer.address,
      recipient: bob(),
      originChainId: 792703809,
      destinationChainId: 8453,
      originCurrency: "11111111111111111111111111111111",
      destinationCurrency: zeroAddress,
      amount: "1000000000",
      tradeType: "EXACT_INPUT",
      includeProtocolData: true,
    });
    await beforeSending();
    const deposit = quote.steps.at(-1)?.items[0]?.data as unknown as { transaction: string } | undefined;
    if (deposit === undefined) throw new Error("the quote has no SVM deposit transaction");
    const wire = deposit.transaction;
    const tx = getTransactionDecoder().decode(getBase64Encoder().encode(wire));
    const { value: latest } = await createSolanaRpc(devnet.svm.rpcUrl).getLatestBlockhash().send();
    const message = getCompiledTransactionMessageDecoder().decode(tx.messageBytes);
    const messageBytes = getCompiledTransactionMessageEncoder().encode({
      ...message,
      lifetimeToken: latest.blockhash,
    });
    devnet.svm.submit(
      await signTransaction([signer.keyPair], {
        ...tx,
        messageBytes: messageBytes as typeof tx.messageBytes,
      }),
    );
    return quote.steps[0]?.requestId as string;
  }

  const addScenario = (scenario: ScenarioInput) => devnet.scenarios.add(scenario);
  const finalStatus = (requestId: string) =>
    client().waitForStatus(requestId, { intervalMs: 50, timeoutMs: 15_000 });

  it("refund: the deposit goes back to Alice with the reason", async () => {
    addScenario({ outcome: "refund", failReason: "SOLVER_CAPACITY_EXCEEDED" });
    const status = await finalStatus(await payOnEvm(await quoteEvm()));
    assert.equal(status.status, "refund");
    assert.equal(status.failReason, "SOLVER_CAPACITY_EXCEEDED");
  });

  it("failure: nothing is paid and the refund needs a person", async () => {
    addScenario({ outcome: "failure", failReason: "NO_QUOTES", refundFailReason: "MANUAL_REFUND_REQUIRED" });
    const status = await finalStatus(await payOnEvm(await quoteEvm()));
    assert.equal(status.status, "failure");
    assert.equal(status.refundFailReason, "MANUAL_REFUND_REQUIRED");
  });

  it("slow: a fill held 240 s in pending arrives as soon as the devnet's clock passes the hold", async () => {
    addScenario({ delays: { pending: 240_000 } });
    const requestId = await payOnEvm(await quoteEvm());
    await client().waitForStatus(requestId, { until: ["pending"], intervalMs: 50, timeoutMs: 15_000 });
    await devnet.time.increase(241);
    assert.equal((await finalStatus(requestId)).status, "success");
  });

  it("expired on EVM: a deposit after the order's deadline is refunded PROTOCOL_DEADLINE_EXPIRED", async () => {
    const quote = await quoteEvm();
    await devnet.time.increase(PAST_DEADLINE);
    const status = await finalStatus(await payOnEvm(quote));
    assert.equal(status.status, "refund");
    assert.equal(status.failReason, "PROTOCOL_DEADLINE_EXPIRED");
  });

  it("expired on SVM: a deposit after the order's deadline is refunded PROTOCOL_DEADLINE_EXPIRED", async () => {
    const requestId = await paySvm(() => devnet.time.increase(PAST_DEADLINE));
    const status = await finalStatus(requestId);
    assert.equal(status.status, "refund");
    assert.equal(status.failReason, "PROTOCOL_DEADLINE_EXPIRED");
  });

  it("success on SVM, and every status of every request reached the receiver verified", async () => {
    const requestId = await paySvm();
    assert.equal((await finalStatus(requestId)).status, "success");
    await devnet.service.webhooks.drained();
    const statuses = deliveries
      .filter((event) => event.data.requestId === requestId)
      .map((e) => e.data.status);
    assert.deepEqual(statuses.at(-1), "success");
    assert.equal(refusedDeliveries, 0);
  });
});

describe("v2 protocol orders on the devnet", function () {
  this.timeout(30_000);
  let devnet: Devnet;
  before(async () => {
    devnet = await startDevnet({ orderVersion: "v2" });
  });
  after(() => devnet?.close());

  it("success on EVM: the quote's v2 order verifies for Alice, and her deposit is filled", async () => {
    const client = createServiceClient({ baseUrl: devnet.serviceUrl, apiKey: devnet.apiKey });
    const { accounts } = devnetConfig(devnet);
    const alice = privateKeyToAccount(accounts.evm.find((a) => a.role === "alice")?.privateKey as Hex);
    const bob = accounts.evm.find((a) => a.role === "bob")?.address as Hex;
    const quote = await client.quoteV2({
      user: alice.address,
      recipient: bob,
      originChainId: 8453,
      destinationChainId: 10,
      originCurrency: zeroAddress,
      destinationCurrency: zeroAddress,
      amount: parseEther("0.01").toString(),
      tradeType: "EXACT_INPUT",
      includeProtocolData: true,
    });
    // What an integrator checks before letting Alice sign: the order is the solver's and pays Bob.
    const verdict = await verifyQuoteOrder(quote, {
      chains: await (await fetch(`${devnet.serviceUrl}/chains`)).json(),
      expectedPayer: alice.address,
      solver: devnet.solver.evm,
      policy: { outputChainId: 10, acceptedRecipients: [bob] },
    });
    assert.deepEqual(verdict.failures, []);
    assert.equal((quote.protocol as { v2: { orderData: { version: string } } }).v2.orderData.version, "v2");

    const rpc = http(devnet.evmChain(8453).rpcUrl);
    const wallet = createWalletClient({ account: alice, transport: rpc });
    const reader = createPublicClient({ transport: rpc, pollingInterval: 50 });
    for (const item of quote.steps.flatMap((step) => step.items)) {
      if ("sign" in item.data) throw new Error("this quote asks for a signature, not a transaction");
      const hash = await wallet.sendTransaction({
        chain: null,
        to: item.data.to as Hex,
        data: item.data.data as Hex,
        value: BigInt(item.data.value ?? "0"),
      });
      await reader.waitForTransactionReceipt({ hash });
    }
    const requestId = quote.steps[0]?.requestId as string;
    const status = await client.waitForStatus(requestId, { intervalMs: 50, timeoutMs: 15_000 });
    assert.equal(status.status, "success");
  });
});
