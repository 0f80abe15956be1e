/**
 * Scenarios on the devnet, driven only through the control endpoint over HTTP: each outcome class
 * is asked for, a real deposit sent through the receiver on chain 8453 (ETH to Bob on chain 10),
 * and the outcome checked three ways: the status endpoint, the chains, and the signed webhook
 * deliveries, each verified by a loopback receiver with `verifyWebhook`.
 */
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { createSolanaRpc, type Signature } from "@solana/kit";
import { expect } from "chai";
import { type Hex, parseEther, TransactionReceiptNotFoundError, zeroAddress } from "viem";
import { addScenario as addGuideScenario, recipes } from "../../docs/examples/scenarios/failure-recipes.ts";
import { evmDevAccount } from "../../src/devnet/accounts.ts";
import type { EvmDevChain } from "../../src/devnet/evm-chain.ts";
import { connectStatusFeed } from "../../src/index.ts";
import type { ScenarioInput, ScenarioView } from "../../src/service/index.ts";
import { SVM_CHAIN_ID } from "../../src/svm/index.ts";
import { verifyWebhook, type WebhookEvent } from "../../src/webhooks/index.ts";
import {
  balanceOf,
  depositThroughReceiver,
  type E2e,
  type EvmUser,
  eventually,
  evmToSvmTransfer,
  evmUser,
  startE2e,
  waitForStatus,
} from "./fixture.ts";

/** A receiver of the devnet key's webhooks that keeps only the deliveries `verifyWebhook` accepts. */
async function startVerifyingReceiver(secret: string) {
  const verified: WebhookEvent[] = [];
  let refused = 0;
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", async () => {
      try {
        verified.push(
          await verifyWebhook({ headers: request.headers, rawBody: Buffer.concat(chunks), secret }),
        );
        response.end("ok");
      } catch {
        refused += 1;
        response.statusCode = 400;
        response.end();
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`,
    verified,
    refused: () => refused,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe("e2e: scenarios through /_mock/scenarios", function () {
  this.timeout(120_000);
  let e2e: E2e;
  let receiver: Awaited<ReturnType<typeof startVerifyingReceiver>>;
  let base: EvmDevChain;
  let optimism: EvmDevChain;
  let alice: EvmUser;
  let bobOnOptimism: EvmUser;
  const bob = evmDevAccount("bob").address;

  before(async () => {
    receiver = await startVerifyingReceiver("devnet-api-key");
    e2e = await startE2e({ webhookUrl: receiver.url });
    base = e2e.devnet.evmChain(8453);
    optimism = e2e.devnet.evmChain(10);
    alice = evmUser(base, "alice");
    bobOnOptimism = evmUser(optimism, "bob");
  });
  after(async () => {
    await e2e?.close();
    await receiver?.close();
  });

  const control = async (method: string, path = "", body?: unknown) => {
    const response = await fetch(`${e2e.devnet.serviceUrl}/_mock/scenarios${path}`, {
      method,
      headers: {
        "x-api-key": e2e.devnet.apiKey,
        ...(body === undefined ? {} : { "content-type": "application/json" }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };
  /** The guide's `addScenario`, aimed at Alice's requests. */
  const addScenario = (input: ScenarioInput) =>
    addGuideScenario(e2e.devnet.serviceUrl, e2e.devnet.apiKey, {
      match: { wallet: alice.address },
      ...input,
    });

  const amount = parseEther("0.01");
  /** Quotes 0.01 ETH on 8453 to Bob's ETH on 10 and deposits it through the receiver; returns the ids. */
  async function quoteAndDeposit(options: { final?: boolean } = {}) {
    const quote = await e2e.client.quoteV2({
      user: alice.address,
      recipient: bob,
      originChainId: 8453,
      destinationChainId: 10,
      originCurrency: zeroAddress,
      destinationCurrency: zeroAddress,
      amount: amount.toString(),
      tradeType: "EXACT_INPUT",
      // With its order: each fill and refund is checked against it (close() fails on a leg that does not honour it).
      includeProtocolData: true,
    });
    const requestId = quote.steps[0]?.requestId as string;
    const attestation = { requestId, ...(await e2e.client.getSignature(requestId)) };
    const deposit = await depositThroughReceiver(base, alice, attestation);
    await alice.public.waitForTransactionReceipt({ hash: deposit });
    if (options.final ?? true) await base.mine();
    return { requestId, deposit };
  }
  /** The verified webhook deliveries of one request, in order. */
  const webhooksOf = (requestId: string) =>
    receiver.verified.filter((event) => event.data.requestId.toLowerCase() === requestId.toLowerCase());
  const statusesDelivered = async (requestId: string, last: string) => {
    await eventually(
      async () => (webhooksOf(requestId).some((event) => event.data.status === last) ? true : undefined),
      `the ${last} webhook of ${requestId}`,
    );
    return webhooksOf(requestId).map((event) => event.data.status);
  };
  const requestRecord = async (requestId: string) =>
    (await e2e.client.listRequests({ id: requestId })).requests[0]!;

  it("success, next 2 requests: both filled on chain, the scenario lists what it took and has none left", async () => {
    const scenario = await addScenario({ count: 2, outcome: "success", name: "two fills" });
    const first = await quoteAndDeposit();
    const second = await quoteAndDeposit();
    for (const { requestId } of [first, second]) {
      const status = await waitForStatus(e2e, requestId, "success");
      const fill = await bobOnOptimism.public.getTransaction({ hash: status.txHashes[0] as Hex });
      expect(fill.to?.toLowerCase()).to.equal(bob.toLowerCase());
      expect(await statusesDelivered(requestId, "success")).to.include.members([
        "waiting",
        "pending",
        "success",
      ]);
    }
    const listed = (await control("GET", `/${scenario.id}`)).body as unknown as ScenarioView;
    expect(listed.remaining).to.equal(0);
    expect(listed.matched.map((match) => match.requestId)).to.deep.equal([first.requestId, second.requestId]);
  });

  it("refund with SOLVER_CAPACITY_EXCEEDED: paid back to Alice on 8453, checked against the order, delivered signed", async () => {
    await addScenario(recipes.refund);
    const bobBefore = await balanceOf(bobOnOptimism, null, bob);
    const { requestId } = await quoteAndDeposit();
    const status = await waitForStatus(e2e, requestId, "refund");
    expect(status.failReason).to.equal("SOLVER_CAPACITY_EXCEEDED");
    const refund = await alice.public.getTransaction({ hash: status.txHashes[0] as Hex });
    expect(refund.to?.toLowerCase()).to.equal(alice.address.toLowerCase());
    expect(refund.value).to.equal(amount);
    expect(status.orderVerification).to.include({ leg: "refund", ok: true, txHash: refund.hash });
    expect(await balanceOf(bobOnOptimism, null, bob)).to.equal(bobBefore);
    await statusesDelivered(requestId, "refund");
    const last = webhooksOf(requestId).at(-1)!;
    expect(last.data).to.include({ status: "refund", failReason: "SOLVER_CAPACITY_EXCEEDED" });
    expect(last.data.txHashes).to.deep.equal(status.txHashes);
  });

  it("failure with a reason and MANUAL_REFUND_REQUIRED: nothing paid on either chain", async () => {
    await addScenario(recipes.failure);
    const bobBefore = await balanceOf(bobOnOptimism, null, bob);
    const { requestId } = await quoteAndDeposit();
    const status = await waitForStatus(e2e, requestId, "failure");
    expect(status).to.include({ failReason: "NO_QUOTES", refundFailReason: "MANUAL_REFUND_REQUIRED" });
    expect(status.txHashes).to.deep.equal([]);
    expect(await balanceOf(bobOnOptimism, null, bob)).to.equal(bobBefore);
    await statusesDelivered(requestId, "failure");
    expect(webhooksOf(requestId).at(-1)?.data).to.include({
      failReason: "NO_QUOTES",
      refundFailReason: "MANUAL_REFUND_REQUIRED",
    });
  });

  it("fallback: the funds reach Bob on chain 10 and the request ends fallback with its reason", async () => {
    await addScenario(recipes.fallback);
    const { requestId } = await quoteAndDeposit();
    const status = await waitForStatus(e2e, requestId, "fallback");
    expect(status.failReason).to.equal("SLIPPAGE");
    const fill = await bobOnOptimism.public.getTransactionReceipt({ hash: status.txHashes[0] as Hex });
    expect(fill.status).to.equal("success");
    expect(fill.to?.toLowerCase()).to.equal(bob.toLowerCase());
    await statusesDelivered(requestId, "fallback");
    expect(webhooksOf(requestId).at(-1)?.data).to.include({ status: "fallback", failReason: "SLIPPAGE" });
  });

  it("slow deposit confirmation, slow fill and slow fill confirmation: each status held at least as long as asked", async () => {
    const { delays } = recipes.slow;
    await addScenario(recipes.slow);
    const { requestId } = await quoteAndDeposit();
    await waitForStatus(e2e, requestId, "success");
    const statuses = await statusesDelivered(requestId, "success");
    expect(statuses).to.deep.equal(["waiting", "depositing", "pending", "submitted", "success"]);
    const at = (status: string) =>
      webhooksOf(requestId).find((event) => event.data.status === status)!.timestamp;
    expect(at("pending") - at("depositing")).to.be.at.least(delays.depositing);
    expect(at("submitted") - at("pending")).to.be.at.least(delays.pending);
    expect(at("success") - at("submitted")).to.be.at.least(delays.submitted);
  });

  it("confirmation timeout: held depositing as long as asked, then refunded DEPOSIT_CONFIRMATION_TIMEOUT on chain", async () => {
    await addScenario(recipes.confirmationTimeout);
    const { requestId } = await quoteAndDeposit();
    const status = await waitForStatus(e2e, requestId, "refund");
    expect(status.failReason).to.equal("DEPOSIT_CONFIRMATION_TIMEOUT");
    expect((await alice.public.getTransactionReceipt({ hash: status.txHashes[0] as Hex })).status).to.equal(
      "success",
    );
    await statusesDelivered(requestId, "refund");
    const at = (status: string) =>
      webhooksOf(requestId).find((event) => event.data.status === status)!.timestamp;
    expect(at("pending") - at("depositing")).to.be.at.least(recipes.confirmationTimeout.delays.depositing);
  });

  it("stuck in pending for 2 s: the status endpoint shows pending throughout, then the fill lands", async () => {
    await addScenario(recipes.stuck);
    const { requestId } = await quoteAndDeposit();
    await waitForStatus(e2e, requestId, "pending");
    const pendingSince = Date.now();
    await new Promise((resolve) => setTimeout(resolve, 1200));
    expect((await e2e.client.getStatus(requestId)).status).to.equal("pending");
    const status = await waitForStatus(e2e, requestId, "success");
    expect(Date.now() - pendingSince).to.be.at.least(800);
    expect(
      (await bobOnOptimism.public.getTransactionReceipt({ hash: status.txHashes[0] as Hex })).status,
    ).to.equal("success");
  });

  it("deposit reorged away: the request is waiting again, its deposit transaction gone from chain 8453", async () => {
    const scenario = await addScenario(recipes.depositReorg);
    const balanceBefore = await balanceOf(alice, null, alice.address);
    const { requestId, deposit } = await quoteAndDeposit({ final: false });
    await statusesDelivered(requestId, "depositing");
    await eventually(
      async () => ((await e2e.client.getStatus(requestId)).status === "waiting" ? true : undefined),
      "the request waiting again",
    );
    let gone: unknown = null;
    await alice.public.getTransactionReceipt({ hash: deposit }).catch((error) => {
      gone = error;
    });
    expect(gone).to.be.instanceOf(TransactionReceiptNotFoundError);
    expect(await balanceOf(alice, null, alice.address)).to.equal(balanceBefore);
    // The first `waiting` is the quote's; the second is the reorg's.
    await eventually(
      async () =>
        webhooksOf(requestId).filter((e) => e.data.status === "waiting").length === 2 ? true : undefined,
      "the second waiting webhook",
    );
    expect(webhooksOf(requestId).map((event) => event.data.status)).to.deep.equal([
      "waiting",
      "depositing",
      "waiting",
    ]);
    expect((await requestRecord(requestId)).data.inTxs).to.deep.equal([]);
    const listed = (await control("GET", `/${scenario.id}`)).body as unknown as ScenarioView;
    expect(listed.matched[0]?.events).to.deep.equal([`deposit ${deposit} reorged away on chain 8453`]);
  });

  it("fill reverts: a reverted transaction on chain 10, the request failed TRANSACTION_REVERTED, Bob paid nothing", async () => {
    await addScenario(recipes.fillReverts);
    const bobBefore = await balanceOf(bobOnOptimism, null, bob);
    const { requestId } = await quoteAndDeposit();
    const status = await waitForStatus(e2e, requestId, "failure");
    expect(status.failReason).to.equal("TRANSACTION_REVERTED");
    const record = await requestRecord(requestId);
    const failed = record.data.failedTxHash as Hex;
    expect(status.txHashes).to.deep.equal([failed]);
    const receipt = await bobOnOptimism.public.getTransactionReceipt({ hash: failed });
    expect(receipt.status).to.equal("reverted");
    expect(receipt.from.toLowerCase()).to.equal(e2e.devnet.solver.evm.toLowerCase());
    expect(await balanceOf(bobOnOptimism, null, bob)).to.equal(bobBefore);
    await statusesDelivered(requestId, "failure");
    expect(webhooksOf(requestId).at(-1)?.data).to.include({ failReason: "TRANSACTION_REVERTED" });
  });

  it("fill reverts on the SVM destination: a failed transaction from the solver carrying the request's memo, the request failed TRANSACTION_REVERTED, Bob paid no SOL", async () => {
    await addScenario({ ...recipes.fillReverts, match: { wallet: alice.address, chainId: SVM_CHAIN_ID } });
    const rpc = createSolanaRpc(e2e.devnet.svm.rpcUrl);
    const bobSvm = e2e.devnet.svm.accounts.bob.address;
    const bobBefore = (await rpc.getBalance(bobSvm, { commitment: "confirmed" }).send()).value;
    const { requestId } = await evmToSvmTransfer(e2e);
    const status = await waitForStatus(e2e, requestId, "failure");
    expect(status.failReason).to.equal("TRANSACTION_REVERTED");
    const [failed] = status.txHashes;
    const tx = await rpc
      .getTransaction(failed as Signature, {
        commitment: "confirmed",
        encoding: "json",
        maxSupportedTransactionVersion: 0,
      })
      .send();
    expect(tx?.meta?.err, "the fill failed on chain").to.not.equal(null);
    expect(tx?.transaction.message.accountKeys[0]).to.equal(e2e.devnet.solver.svm);
    const logs = tx?.meta?.logMessages ?? [];
    expect(logs, "the fill's memo names the request").to.include(`Program log: ${requestId.toLowerCase()}`);
    expect(logs.at(-1)).to.match(/^Program MemoSq4gq\w+ failed: invalid utf-8/);
    expect((await rpc.getBalance(bobSvm, { commitment: "confirmed" }).send()).value).to.equal(bobBefore);
    await statusesDelivered(requestId, "failure");
    expect(webhooksOf(requestId).at(-1)?.data).to.include({ failReason: "TRANSACTION_REVERTED" });
  });

  /** Quotes and deposits; the deposit comes back to Alice on chain 8453 with `reason` and Bob is paid nothing. */
  async function expectRefundedUnfilled(reason: string): Promise<string> {
    const bobBefore = await balanceOf(bobOnOptimism, null, bob);
    const { requestId } = await quoteAndDeposit();
    const status = await waitForStatus(e2e, requestId, "refund");
    expect(status.failReason).to.equal(reason);
    const refund = await alice.public.getTransactionReceipt({ hash: status.txHashes[0] as Hex });
    expect(refund).to.include({ status: "success" });
    expect(refund.to?.toLowerCase()).to.equal(alice.address.toLowerCase());
    expect(await balanceOf(bobOnOptimism, null, bob)).to.equal(bobBefore);
    return requestId;
  }

  it("solver balance too low: no fill on chain 10, the deposit refunded on 8453 with SOLVER_BALANCE_TOO_LOW", async () => {
    await addScenario(recipes.solverBalanceTooLow);
    const requestId = await expectRefundedUnfilled("SOLVER_BALANCE_TOO_LOW");
    expect((await requestRecord(requestId)).data.outTxs.map((tx) => tx.type)).to.deep.equal(["refund"]);
    await statusesDelivered(requestId, "refund");
    expect(webhooksOf(requestId).at(-1)?.data).to.include({ failReason: "SOLVER_BALANCE_TOO_LOW" });
  });

  it("solver balance really too low, no scenario: its ETH on chain 10 drained with anvil_setBalance, the fill fails and the deposit is refunded SOLVER_BALANCE_TOO_LOW", async () => {
    const solver = evmDevAccount("solver").address;
    const setSolverBalance = async (wei: bigint) => {
      const response = await fetch(optimism.rpcUrl, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({
          jsonrpc: "2.0",
          id: 1,
          method: "anvil_setBalance",
          params: [solver, `0x${wei.toString(16)}`],
        }),
      });
      expect(await response.json()).to.include({ result: null });
    };
    const solverBefore = await balanceOf(bobOnOptimism, null, solver);
    await setSolverBalance(amount / 2n);
    try {
      expect(await balanceOf(bobOnOptimism, null, solver)).to.equal(amount / 2n);
      await expectRefundedUnfilled("SOLVER_BALANCE_TOO_LOW");
    } finally {
      await setSolverBalance(solverBefore);
    }
  });

  describe("delayed: the destination fill late, still processing", () => {
    const DELAYED_MS = 1500;

    /**
     * Quotes and deposits under a scenario holding the request `delayed`, and follows it through the
     * typed client's `waitForStatus` (default: final statuses) and the status WebSocket. The hold runs
     * on the devnet's clock: paused, the request stays `delayed`; resumed, it ends as the scenario says.
     */
    async function throughDelayed(scenario: ScenarioInput) {
      await addScenario({ delays: { delayed: DELAYED_MS }, ...scenario });
      const { requestId } = await quoteAndDeposit({ final: false });
      const feed = await connectStatusFeed({ url: e2e.devnet.serviceUrl, apiKey: e2e.devnet.apiKey });
      const pushed: string[] = [];
      await feed.subscribe(requestId, (event) => pushed.push(event.data.status));
      const polled: string[] = [];
      const final = e2e.client.waitForStatus(requestId, {
        intervalMs: 50,
        timeoutMs: 60_000,
        onStatus: (status) => polled.push(status.status),
      });
      const feedFinal = feed.waitForStatus(requestId, undefined, { timeoutMs: 60_000 });
      await e2e.devnet.time.pause();
      try {
        await base.mine();
        await eventually(
          async () => ((await e2e.client.getStatus(requestId)).status === "delayed" ? true : undefined),
          "the request delayed",
        );
        await new Promise((resolve) => setTimeout(resolve, DELAYED_MS + 500));
        expect((await e2e.client.getStatus(requestId)).status, "held while the clock stands").to.equal(
          "delayed",
        );
      } finally {
        await e2e.devnet.time.resume();
      }
      const [status, event] = await Promise.all([final, feedFinal]);
      feed.close();
      expect(event.data.status).to.equal(status.status);
      expect(polled, "waitForStatus went on past delayed").to.include("delayed");
      expect(polled.at(-1)).to.equal(status.status);
      const delivered = await statusesDelivered(requestId, status.status);
      for (const seen of [pushed, delivered]) {
        const order = seen.filter((s) => ["pending", "delayed", status.status].includes(s));
        expect(order).to.deep.equal(["pending", "delayed", status.status]);
      }
      return { requestId, status };
    }

    it("delayed, then success: the fill lands on chain 10; the client, the feed and the signed webhooks all pass through delayed", async () => {
      const bobBefore = await balanceOf(bobOnOptimism, null, bob);
      const { status } = await throughDelayed({ outcome: "success" });
      expect(status.status).to.equal("success");
      const fill = await bobOnOptimism.public.getTransaction({ hash: status.txHashes[0] as Hex });
      expect(fill.to?.toLowerCase()).to.equal(bob.toLowerCase());
      expect((await balanceOf(bobOnOptimism, null, bob)) > bobBefore, "Bob paid on chain 10").to.equal(true);
    });

    it("delayed, then refund: the deposit paid back to Alice on 8453, Bob paid nothing", async () => {
      const bobBefore = await balanceOf(bobOnOptimism, null, bob);
      const { status } = await throughDelayed({ outcome: "refund", failReason: "SOLVER_CAPACITY_EXCEEDED" });
      expect(status).to.include({ status: "refund", failReason: "SOLVER_CAPACITY_EXCEEDED" });
      const refund = await alice.public.getTransaction({ hash: status.txHashes[0] as Hex });
      expect(refund.to?.toLowerCase()).to.equal(alice.address.toLowerCase());
      expect(refund.value).to.equal(amount);
      expect(await balanceOf(bobOnOptimism, null, bob)).to.equal(bobBefore);
    });

    it("delayed, then failure: failReason and refundFailReason, nothing paid on either chain", async () => {
      const bobBefore = await balanceOf(bobOnOptimism, null, bob);
      const { status } = await throughDelayed(recipes.failure);
      expect(status).to.include({
        status: "failure",
        failReason: "NO_QUOTES",
        refundFailReason: "MANUAL_REFUND_REQUIRED",
      });
      expect(status.txHashes).to.deep.equal([]);
      expect(await balanceOf(bobOnOptimism, null, bob)).to.equal(bobBefore);
    });

    // Last: it moves the devnet's clock an hour on, past every open order's deadline.
    it("delayed past the order's deadline: no late fill, the deposit refunded PROTOCOL_DEADLINE_EXPIRED", async () => {
      const bobBefore = await balanceOf(bobOnOptimism, null, bob);
      await addScenario({ delays: { delayed: 3_600_000 } });
      const { requestId } = await quoteAndDeposit();
      await eventually(
        async () => ((await e2e.client.getStatus(requestId)).status === "delayed" ? true : undefined),
        "the request delayed",
      );
      await e2e.devnet.time.increase(3600);
      const status = await e2e.client.waitForStatus(requestId, { intervalMs: 50 });
      expect(status).to.include({ status: "refund", failReason: "PROTOCOL_DEADLINE_EXPIRED" });
      const refund = await alice.public.getTransaction({ hash: status.txHashes[0] as Hex });
      expect(refund.to?.toLowerCase()).to.equal(alice.address.toLowerCase());
      expect(await balanceOf(bobOnOptimism, null, bob)).to.equal(bobBefore);
    });
  });

  it("every delivery passed verifyWebhook", () => {
    expect(receiver.verified.length).to.be.greaterThan(0);
    expect(receiver.refused()).to.equal(0);
  });
});
