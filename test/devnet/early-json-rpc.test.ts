/**
 * A chain's JSON-RPC port opened before its chain (`listenEarly`, what `attestkit devnet` listens with
 * while it loads): `eth_chainId` answered at once, every other call held until the node is handed over,
 * then answered by it, over HTTP and WebSocket alike.
 */
import { EventEmitter } from "node:events";
import { expect } from "chai";
import WebSocket from "ws";
import { type EarlyJsonRpcServer, listenEarly } from "../../src/devnet/early-json-rpc.ts";
import { startEvmDevChain } from "../../src/devnet/evm-chain.ts";
import type { Eip1193Provider } from "../../src/devnet/json-rpc-server.ts";

/** A node that records what reaches it and answers a fixed block number, and can emit subscription messages. */
function scriptedNode() {
  const calls: string[] = [];
  const events = new EventEmitter();
  const node: Eip1193Provider = {
    async request({ method }) {
      calls.push(method);
      if (method === "eth_chainId") return "0x2105";
      if (method === "eth_blockNumber") return "0x2a";
      if (method === "eth_subscribe") return "0xsub";
      throw Object.assign(new Error(`Method ${method} is not supported`), { code: -32004 });
    },
    on: (event, listener) => events.on(event, listener),
    removeListener: (event, listener) => events.removeListener(event, listener),
  };
  return { node, calls, events };
}

const post = async (url: string, body: unknown) => {
  const response = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  return response.json();
};

/** Whether `promise` is still unsettled after the event loop has had `ms` to settle it. */
async function stillPending(promise: Promise<unknown>, ms = 100): Promise<boolean> {
  const pending = Symbol("pending");
  const outcome = await Promise.race([
    promise.then(
      () => "settled",
      () => "settled",
    ),
    new Promise((resolve) => setTimeout(() => resolve(pending), ms)),
  ]);
  return outcome === pending;
}

describe("a chain's JSON-RPC port opened before the chain", () => {
  let server: EarlyJsonRpcServer;
  beforeEach(async () => {
    server = await listenEarly(8453, 0);
  });
  afterEach(() => server.close());

  it("answers eth_chainId before the chain is served, with the id its node answers", async () => {
    const call = { jsonrpc: "2.0", id: 1, method: "eth_chainId" };
    const early = await post(server.url, call);
    expect(early).to.deep.equal({ jsonrpc: "2.0", id: 1, result: "0x2105" });
    const { node, calls } = scriptedNode();
    server.serve(node);
    expect(await post(server.url, { ...call, params: [] })).to.deep.equal(early);
    expect(calls).to.deep.equal(["eth_chainId"]);
  });

  it("holds every other call, and eth_chainId with parameters, until the node is handed over; then the node answers them in order", async () => {
    const blockNumber = post(server.url, { jsonrpc: "2.0", id: 1, method: "eth_blockNumber" });
    const batch = post(server.url, [
      { jsonrpc: "2.0", id: 2, method: "eth_chainId", params: ["extra"] },
      { jsonrpc: "2.0", id: 3, method: "eth_blockNumber" },
    ]);
    expect(await stillPending(blockNumber)).to.equal(true);
    expect(await stillPending(batch)).to.equal(true);
    const { node, calls } = scriptedNode();
    server.serve(node);
    expect(await blockNumber).to.deep.equal({ jsonrpc: "2.0", id: 1, result: "0x2a" });
    expect(await batch).to.deep.equal([
      { jsonrpc: "2.0", id: 2, result: "0x2105" },
      { jsonrpc: "2.0", id: 3, result: "0x2a" },
    ]);
    expect(calls).to.deep.equal(["eth_blockNumber", "eth_chainId", "eth_blockNumber"]);
    expect(() => server.serve(node)).to.throw("already serves its node");
  });

  it("a WebSocket subscription made before the chain is served gets the node's notifications", async () => {
    const socket = new WebSocket(server.wsUrl);
    const frames: unknown[] = [];
    socket.on("message", (data) => frames.push(JSON.parse(data.toString())));
    await new Promise((resolve, reject) => socket.once("open", resolve).once("error", reject));
    try {
      socket.send(JSON.stringify({ jsonrpc: "2.0", id: 1, method: "eth_subscribe", params: ["newHeads"] }));
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(frames).to.deep.equal([]);
      const { node, events } = scriptedNode();
      server.serve(node);
      while (frames.length === 0) await new Promise((resolve) => setTimeout(resolve, 5));
      expect(frames).to.deep.equal([{ jsonrpc: "2.0", id: 1, result: "0xsub" }]);
      events.emit("message", { type: "eth_subscription", data: { subscription: "0xsub", result: "head" } });
      while (frames.length === 1) await new Promise((resolve) => setTimeout(resolve, 5));
      expect(frames[1]).to.deep.equal({
        jsonrpc: "2.0",
        method: "eth_subscription",
        params: { subscription: "0xsub", result: "head" },
      });
    } finally {
      socket.terminate();
    }
  });

  it("a chain refuses a port opened for another chain id, and closes it", async () => {
    const start = startEvmDevChain({
      chainId: 10,
      name: "optimism",
      rpcServer: server,
      whitelist: [],
      maxDeadlineWindow: 3600,
      funded: [],
    });
    const refusal = await start.then(
      () => null,
      (error: Error) => error.message,
    );
    expect(refusal).to.equal("the JSON-RPC port given to chain 10 answers for chain 8453");
    const closed = await fetch(server.url).then(
      () => false,
      () => true,
    );
    expect(closed).to.equal(true);
  });
});
