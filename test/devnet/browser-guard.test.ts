/**
 * A web page cannot drive the devnet's JSON-RPC servers: a foreign Origin is refused (403, no CORS
 * header) before the call runs, a foreign Host (DNS rebinding) is refused, a foreign-origin WebSocket
 * upgrade is refused, and a local origin gets its CORS header; the policy `"*"` opens both. Also: a
 * batch over the limit is refused whole, and the per-socket subscription cap holds under pipelining.
 */
import { request as httpRequest } from "node:http";
import { expect } from "chai";
import WebSocket from "ws";
import {
  type JsonRpcServer,
  MAX_BATCH_CALLS,
  MAX_SUBSCRIPTIONS_PER_SOCKET,
  serveJsonRpc,
} from "../../src/devnet/json-rpc-server.ts";

interface Reply {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

function post(url: string, headers: Record<string, string>, body: string): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      url,
      { method: "POST", headers: { "content-type": "text/plain", ...headers } },
      (response) => {
        let text = "";
        response.on("data", (chunk) => {
          text += chunk;
        });
        response.on("end", () =>
          resolve({ status: response.statusCode ?? 0, headers: response.headers, body: text }),
        );
      },
    );
    request.on("error", reject);
    request.end(body);
  });
}

function wsOutcome(url: string, headers: Record<string, string>): Promise<"open" | "refused"> {
  return new Promise((resolve) => {
    const socket = new WebSocket(url, { headers });
    socket.once("open", () => {
      socket.close();
      resolve("open");
    });
    socket.once("error", () => resolve("refused"));
  });
}

describe("devnet JSON-RPC server: browser safety and load bounds", () => {
  const calls: string[] = [];
  let guarded: JsonRpcServer;
  let open: JsonRpcServer;
  let subscribeDelayMs = 0;
  let nextSubscription = 0;
  const provider = {
    async request({ method }: { method: string }) {
      calls.push(method);
      if (method === "eth_subscribe") {
        await new Promise((resolve) => setTimeout(resolve, subscribeDelayMs));
        return `0x${(nextSubscription++).toString(16)}`;
      }
      return "0x2105";
    },
    on() {},
    removeListener() {},
  };
  const SEND = JSON.stringify({ jsonrpc: "2.0", id: 1, method: "eth_sendTransaction", params: [] });

  before(async () => {
    guarded = await serveJsonRpc(provider);
    open = await serveJsonRpc(provider, 0, { origins: "*", hosts: "*" });
  });
  after(async () => {
    await guarded?.close();
    await open?.close();
  });

  it("attack: a text/plain eth_sendTransaction from a foreign page is refused before it runs", async () => {
    calls.length = 0;
    const reply = await post(guarded.url, { origin: "http://evil.example" }, SEND);
    expect(reply.status).to.equal(403);
    expect(reply.headers["access-control-allow-origin"]).to.equal(undefined);
    expect(calls).to.deep.equal([]);
    const local = await post(guarded.url, { origin: "http://localhost:5173" }, SEND);
    expect(local.status).to.equal(200);
    expect(local.headers["access-control-allow-origin"]).to.equal("http://localhost:5173");
    expect(calls).to.deep.equal(["eth_sendTransaction"]);
  });

  it("attack: DNS rebinding (Host: evil.example) is refused; loopback hosts are served", async () => {
    calls.length = 0;
    expect((await post(guarded.url, { host: "evil.example" }, SEND)).status).to.equal(403);
    expect((await post(guarded.url, { host: "evil.example:8545" }, SEND)).status).to.equal(403);
    expect(calls).to.deep.equal([]);
    for (const host of ["localhost:8545", "127.0.0.1", "[::1]:8545"]) {
      expect((await post(guarded.url, { host }, SEND)).status, host).to.equal(200);
    }
  });

  it("attack: a foreign-origin WebSocket is refused; a local one and any origin on an opened server connect", async () => {
    expect(await wsOutcome(guarded.wsUrl, { origin: "http://evil.example" })).to.equal("refused");
    expect(await wsOutcome(guarded.wsUrl, { origin: "http://127.0.0.1:3000" })).to.equal("open");
    expect(await wsOutcome(open.wsUrl, { origin: "http://evil.example" })).to.equal("open");
    const reply = await post(open.url, { origin: "http://evil.example", host: "evil.example" }, SEND);
    expect(reply.status).to.equal(200);
    expect(reply.headers["access-control-allow-origin"]).to.equal("*");
  });

  it("a batch over the limit is refused whole without running any call", async () => {
    calls.length = 0;
    const batch = Array.from({ length: MAX_BATCH_CALLS + 1 }, (_, id) => ({
      jsonrpc: "2.0",
      id,
      method: "eth_chainId",
    }));
    const reply = await post(guarded.url, {}, JSON.stringify(batch));
    expect(JSON.parse(reply.body).error.code).to.equal(-32600);
    expect(calls).to.deep.equal([]);
  });

  it("attack: 1,000 pipelined eth_subscribe frames get at most the per-socket cap", async () => {
    subscribeDelayMs = 20;
    const socket = new WebSocket(guarded.wsUrl);
    await new Promise((resolve, reject) => {
      socket.once("open", resolve);
      socket.once("error", reject);
    });
    try {
      const replies: { result?: string; error?: { code: number } }[] = [];
      const done = new Promise<void>((resolve) =>
        socket.on("message", (data) => {
          replies.push(JSON.parse(data.toString()));
          if (replies.length === 1000) resolve();
        }),
      );
      for (let id = 0; id < 1000; id++) {
        socket.send(JSON.stringify({ jsonrpc: "2.0", id, method: "eth_subscribe", params: ["newHeads"] }));
      }
      await done;
      expect(replies.filter((r) => r.result !== undefined)).to.have.length(MAX_SUBSCRIPTIONS_PER_SOCKET);
      expect(replies.filter((r) => r.error?.code === -32005)).to.have.length(
        1000 - MAX_SUBSCRIPTIONS_PER_SOCKET,
      );
    } finally {
      socket.close();
      subscribeDelayMs = 0;
    }
  });
});
