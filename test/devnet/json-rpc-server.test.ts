/** The devnet's JSON-RPC bridge over HTTP and WebSocket: framing, errors and subscriptions, against a scripted provider. */
import diagnostics from "node:diagnostics_channel";
import { expect } from "chai";
import WebSocket from "ws";
import {
  type JsonRpcServer,
  MAX_SUBSCRIPTIONS_PER_SOCKET,
  serveJsonRpc,
} from "../../src/devnet/json-rpc-server.ts";

describe("devnet JSON-RPC server", () => {
  let server: JsonRpcServer;
  const calls: string[] = [];
  before(async () => {
    server = await serveJsonRpc({
      async request({ method, params }) {
        calls.push(method);
        if (method === "eth_chainId") return "0x2105";
        if (method === "echo") return params;
        if (method === "void") return undefined;
        if (method === "quantities") return { balance: 255n, list: [1n, "0x2"] };
        throw Object.assign(new Error(`Method ${method} is not supported`), {
          code: -32004,
          data: { method },
        });
      },
    });
  });
  after(() => server.close());

  const post = async (body: string) => {
    const response = await fetch(server.url, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body,
    });
    const text = await response.text();
    return { status: response.status, body: text.length > 0 ? JSON.parse(text) : null };
  };

  it("keeps a fetch client's connection open between requests (no new TCP connection per call)", async () => {
    // undici (fetch, viem's HTTP transport) reports each connection it opens on this channel; it
    // reuses one only while more than 2 s of the server's advertised keep-alive is left.
    let connections = 0;
    const opened = () => connections++;
    diagnostics.subscribe("undici:client:connected", opened);
    try {
      for (let i = 0; i < 6; i++) {
        const response = await fetch(server.url, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: '{"jsonrpc":"2.0","id":1,"method":"eth_chainId"}',
        });
        expect(((await response.json()) as { result: unknown }).result).to.equal("0x2105");
      }
    } finally {
      diagnostics.unsubscribe("undici:client:connected", opened);
    }
    // Not one per call: undici may open a second while the first is finishing its previous reply.
    expect(connections).to.be.at.most(2);
  });

  it("listens on 127.0.0.1 only", () => {
    expect(server.url).to.match(/^http:\/\/127\.0\.0\.1:\d+$/);
  });

  it("answers a call with its id and result; undefined results are null", async () => {
    expect((await post('{"jsonrpc":"2.0","id":7,"method":"eth_chainId"}')).body).to.deep.equal({
      jsonrpc: "2.0",
      id: 7,
      result: "0x2105",
    });
    expect((await post('{"jsonrpc":"2.0","id":"a","method":"void","params":[]}')).body.result).to.equal(null);
  });

  it("answers with the body's byte length (not chunked), bigints as hex quantities; a 204 has no length", async () => {
    const exchange = async (body: string) => {
      const response = await fetch(server.url, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body,
      });
      const text = Buffer.from(await response.arrayBuffer());
      return { response, text };
    };
    const echoed = await exchange('{"jsonrpc":"2.0","id":1,"method":"echo","params":["é€"]}');
    expect(echoed.response.headers.get("transfer-encoding")).to.equal(null);
    expect(echoed.response.headers.get("content-length")).to.equal(String(echoed.text.length));
    expect(JSON.parse(echoed.text.toString("utf8")).result).to.deep.equal(["é€"]);
    const quantities = await exchange('{"jsonrpc":"2.0","id":2,"method":"quantities"}');
    expect(JSON.parse(quantities.text.toString("utf8")).result).to.deep.equal({
      balance: "0xff",
      list: ["0x1", "0x2"],
    });
    expect(quantities.response.headers.get("content-length")).to.equal(String(quantities.text.length));
    const notified = await exchange('{"jsonrpc":"2.0","method":"void"}');
    expect(notified.response.status).to.equal(204);
    expect(notified.response.headers.get("content-length")).to.equal(null);
  });

  it("keeps the provider's error code, message and data", async () => {
    const { body } = await post('{"jsonrpc":"2.0","id":1,"method":"eth_nope","params":[]}');
    expect(body.error).to.deep.equal({
      code: -32004,
      message: "Method eth_nope is not supported",
      data: { method: "eth_nope" },
    });
  });

  it("runs a batch in order and answers every call that has an id, notifications excepted", async () => {
    calls.length = 0;
    const { body } = await post(
      JSON.stringify([
        { jsonrpc: "2.0", id: 1, method: "echo", params: [1] },
        { jsonrpc: "2.0", method: "void" },
        { jsonrpc: "2.0", id: 2, method: "echo", params: { a: 2 } },
      ]),
    );
    expect(calls).to.deep.equal(["echo", "void", "echo"]);
    expect(body).to.deep.equal([
      { jsonrpc: "2.0", id: 1, result: [1] },
      { jsonrpc: "2.0", id: 2, result: { a: 2 } },
    ]);
    expect((await post('{"jsonrpc":"2.0","method":"void"}')).status).to.equal(204);
  });

  it("malformed bodies get the specification's errors, and the provider is never called", async () => {
    calls.length = 0;
    expect((await post("{not json")).body.error.code).to.equal(-32700);
    expect((await post("[]")).body.error.code).to.equal(-32600);
    for (const bad of [
      '{"id":1,"method":"x"}',
      '{"jsonrpc":"2.0","id":1}',
      '{"jsonrpc":"2.0","id":{},"method":"x"}',
      '{"jsonrpc":"2.0","id":1,"method":"x","params":5}',
      "42",
      '"text"',
    ]) {
      expect((await post(bad)).body.error.code, bad).to.equal(-32600);
    }
    expect(calls).to.deep.equal([]);
    expect((await fetch(server.url)).status).to.equal(405);
  });
});

describe("devnet JSON-RPC server over WebSocket", () => {
  type Listener = (message: unknown) => void;
  const listeners = new Set<Listener>();
  const requests: { method: string; params?: unknown }[] = [];
  let nextSubscription = 0;
  let server: JsonRpcServer;
  const emit = (subscription: string, result: unknown) => {
    for (const listener of listeners) listener({ type: "eth_subscription", data: { subscription, result } });
  };
  before(async () => {
    server = await serveJsonRpc({
      async request(args) {
        requests.push(args);
        if (args.method === "eth_subscribe") return `0x${(++nextSubscription).toString(16)}`;
        if (args.method === "eth_unsubscribe") return true;
        return "0x1";
      },
      on: (_event, listener) => listeners.add(listener),
      removeListener: (_event, listener) => listeners.delete(listener),
    });
  });
  after(() => server.close());

  const open = async () => {
    const socket = new WebSocket(server.wsUrl);
    const frames: Record<string, unknown>[] = [];
    socket.on("message", (data) => frames.push(JSON.parse(data.toString())));
    await new Promise((resolve, reject) => socket.once("open", resolve).once("error", reject));
    const call = async (id: number, method: string, params: unknown[] = []) => {
      socket.send(JSON.stringify({ jsonrpc: "2.0", id, method, params }));
      while (!frames.some((f) => f.id === id)) await new Promise((resolve) => setTimeout(resolve, 5));
      return frames.find((f) => f.id === id) as { result?: unknown; error?: { code: number } };
    };
    return { socket, frames, call };
  };

  it("routes a notification only to the connection that subscribed", async () => {
    const a = await open();
    const b = await open();
    const { result: subscription } = await a.call(1, "eth_subscribe", ["newHeads"]);
    emit(subscription as string, { number: "0x9" });
    emit("0xffff", { number: "0xa" });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(a.frames.filter((f) => f.method === "eth_subscription")).to.deep.equal([
      { jsonrpc: "2.0", method: "eth_subscription", params: { subscription, result: { number: "0x9" } } },
    ]);
    expect(b.frames).to.deep.equal([]);
    a.socket.close();
    b.socket.close();
  });

  it("unsubscribes a closed connection's subscriptions at the node and drops its listener", async () => {
    const a = await open();
    const { result: subscription } = await a.call(1, "eth_subscribe", ["logs", {}]);
    const before = listeners.size;
    requests.length = 0;
    a.socket.close();
    while (listeners.size === before) await new Promise((resolve) => setTimeout(resolve, 5));
    expect(requests).to.deep.equal([{ method: "eth_unsubscribe", params: [subscription] }]);
  });

  it(`refuses more than ${MAX_SUBSCRIPTIONS_PER_SOCKET} live subscriptions on one connection`, async () => {
    const a = await open();
    for (let i = 1; i <= MAX_SUBSCRIPTIONS_PER_SOCKET; i++) {
      expect((await a.call(i, "eth_subscribe", ["newHeads"])).result).to.be.a("string");
    }
    const refused = await a.call(1000, "eth_subscribe", ["newHeads"]);
    expect(refused.error?.code).to.equal(-32005);
    const first = a.frames.find((f) => f.id === 1)?.result;
    expect((await a.call(1002, "eth_unsubscribe", [first])).result).to.equal(true);
    // Unsubscribing frees a place.
    expect((await a.call(1003, "eth_subscribe", ["newHeads"])).result).to.be.a("string");
    a.socket.close();
  });
});
