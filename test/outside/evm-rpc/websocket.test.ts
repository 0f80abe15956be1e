/**
 * The devnet's EVM chain over WebSocket, as outside clients use it: viem's `watchContractEvent` over
 * `webSocket()`, and raw `eth_subscribe` `newHeads`/`logs` frames from a `ws` client.
 */
import { expect } from "chai";
import {
  createPublicClient,
  createWalletClient,
  type Hex,
  http,
  parseEventLogs,
  toEventSelector,
  webSocket,
} from "viem";
import { privateKeyToAccount } from "viem/accounts";
import WebSocket from "ws";
import type { EvmDevChain } from "../../../src/devnet/evm-chain.ts";
import { attestedReceiverAbi } from "../../../src/receiver/index.ts";
import { alice, nativeDeposit, startChain } from "./fixture.ts";

const DEPOSIT_ACCEPTED = toEventSelector(
  attestedReceiverAbi.find((item) => item.type === "event" && item.name === "DepositAccepted") as never,
);

/** A raw JSON-RPC WebSocket client that keeps every notification it receives. */
class RawClient {
  readonly notifications: { subscription: string; result: Record<string, unknown> }[] = [];
  private readonly pending = new Map<number, (reply: Record<string, unknown>) => void>();
  private nextId = 1;
  readonly socket: WebSocket;
  private constructor(socket: WebSocket) {
    this.socket = socket;
    socket.on("message", (data) => {
      const frame = JSON.parse(data.toString());
      if (frame.method === "eth_subscription") this.notifications.push(frame.params);
      else this.pending.get(frame.id)?.(frame);
    });
  }
  static async open(url: string): Promise<RawClient> {
    const socket = new WebSocket(url);
    await new Promise((resolve, reject) => socket.once("open", resolve).once("error", reject));
    return new RawClient(socket);
  }
  call(method: string, params: unknown[] = []): Promise<Record<string, unknown>> {
    const id = this.nextId++;
    return new Promise((resolve) => {
      this.pending.set(id, resolve);
      this.socket.send(JSON.stringify({ jsonrpc: "2.0", id, method, params }));
    });
  }
  async result(method: string, params: unknown[] = []): Promise<unknown> {
    const reply = await this.call(method, params);
    if ("error" in reply) throw new Error(`${method}: ${JSON.stringify(reply.error)}`);
    return reply.result;
  }
  of(subscription: unknown) {
    return this.notifications.filter((n) => n.subscription === subscription).map((n) => n.result);
  }
  close() {
    this.socket.close();
  }
}

async function until(condition: () => boolean, what: string, timeoutMs = 10_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe("devnet EVM chain over WebSocket (outside clients)", function () {
  this.timeout(180_000);
  let chain: EvmDevChain;
  before(async () => {
    chain = await startChain();
  });
  after(() => chain.close());

  const wallet = () =>
    createWalletClient({ account: privateKeyToAccount(alice.privateKey), transport: http(chain.rpcUrl) });

  async function sendDeposit(label: string): Promise<{ requestId: Hex; hash: Hex }> {
    const { requestId, to, data, value } = await nativeDeposit(chain, label);
    const hash = await wallet().sendTransaction({ chain: null, to, data, value });
    return { requestId, hash };
  }

  it("serves WebSocket on the HTTP port", () => {
    expect(chain.wsUrl).to.equal(chain.rpcUrl.replace("http://", "ws://"));
  });

  it("viem watchContractEvent over webSocket() sees DepositAccepted of a deposit sent over HTTP", async () => {
    const client = createPublicClient({ transport: webSocket(chain.wsUrl) });
    const seen: Hex[] = [];
    const unwatch = client.watchContractEvent({
      address: chain.receiver,
      abi: attestedReceiverAbi,
      eventName: "DepositAccepted",
      onLogs: (logs) => {
        for (const log of logs) seen.push(log.args.requestId as Hex);
      },
    });
    try {
      // watchContractEvent over a socket subscribes (eth_subscribe logs) rather than polling.
      await until(() => client.transport.type === "webSocket", "the socket");
      await new Promise((resolve) => setTimeout(resolve, 200));
      const { requestId, hash } = await sendDeposit("viem");
      const receipt = await createPublicClient({ transport: http(chain.rpcUrl) }).waitForTransactionReceipt({
        hash,
      });
      expect(receipt.status).to.equal("success");
      await until(() => seen.includes(requestId), "DepositAccepted over the socket");
      expect(seen).to.deep.equal([requestId]);
    } finally {
      unwatch();
      await (await client.transport.getRpcClient()).close();
    }
  });

  it("eth_subscribe newHeads notifies each mined block; eth_unsubscribe stops it", async () => {
    const client = await RawClient.open(chain.wsUrl);
    try {
      const subscription = await client.result("eth_subscribe", ["newHeads"]);
      expect(subscription).to.be.a("string");
      const start = BigInt((await client.result("eth_blockNumber")) as string);
      await client.result("evm_mine");
      await client.result("evm_mine");
      await until(() => client.of(subscription).length === 2, "two heads");
      expect(client.of(subscription).map((head) => BigInt(head.number as string))).to.deep.equal([
        start + 1n,
        start + 2n,
      ]);
      expect(await client.result("eth_unsubscribe", [subscription])).to.equal(true);
      await client.result("evm_mine");
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(client.of(subscription)).to.have.length(2);
    } finally {
      client.close();
    }
  });

  it("eth_subscribe logs honours address and topics filters", async () => {
    const client = await RawClient.open(chain.wsUrl);
    try {
      const matching = await client.result("eth_subscribe", [
        "logs",
        { address: chain.receiver, topics: [DEPOSIT_ACCEPTED] },
      ]);
      const otherAddress = await client.result("eth_subscribe", [
        "logs",
        { address: "0x00000000000000000000000000000000000000aa" },
      ]);
      const otherTopic = await client.result("eth_subscribe", [
        "logs",
        { address: chain.receiver, topics: [`0x${"11".repeat(32)}`] },
      ]);
      const { requestId, hash } = await sendDeposit("raw logs");
      await until(() => client.of(matching).length === 1, "the matching log");
      const [log] = client.of(matching);
      expect(log?.transactionHash).to.equal(hash);
      const [decoded] = parseEventLogs({ abi: attestedReceiverAbi, logs: [log as never] });
      expect(decoded?.eventName).to.equal("DepositAccepted");
      expect((decoded?.args as { requestId?: Hex } | undefined)?.requestId).to.equal(requestId);
      // The block is mined and notified by now: the filtered-out subscriptions got nothing from it.
      expect(client.of(otherAddress)).to.deep.equal([]);
      expect(client.of(otherTopic)).to.deep.equal([]);
    } finally {
      client.close();
    }
  });

  it("a connection cannot cancel another connection's subscription, and closing one removes its own", async () => {
    const owner = await RawClient.open(chain.wsUrl);
    const stranger = await RawClient.open(chain.wsUrl);
    try {
      const subscription = await owner.result("eth_subscribe", ["newHeads"]);
      // The attack: the stranger guesses the id (they are small counters) and unsubscribes it.
      expect(await stranger.result("eth_unsubscribe", [subscription])).to.equal(false);
      await stranger.result("evm_mine");
      await until(() => owner.of(subscription).length === 1, "the owner's head");
      expect(stranger.notifications).to.deep.equal([]);

      owner.close();
      await new Promise((resolve) => owner.socket.once("close", resolve));
      await new Promise((resolve) => setTimeout(resolve, 100));
      // The closed connection's subscription is gone from the node: unsubscribing it over a fresh
      // connection that never owned it is refused, and the node has no filter left under that id.
      expect(await chain.provider.request({ method: "eth_unsubscribe", params: [subscription] })).to.equal(
        false,
      );
    } finally {
      owner.close();
      stranger.close();
    }
  });
});
