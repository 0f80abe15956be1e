/** The devnet's JSON-RPC bridge: the specification's framing and errors, against a scripted provider. */
import { expect } from "chai";
import { type JsonRpcServer, serveJsonRpc } from "../../src/devnet/json-rpc-server.ts";

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
